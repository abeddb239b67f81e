; 2D source regions: at a row start, as many whole rows as fit in two GRFs (a power of two of them), for
; vstride 0 or 2^k and width 2^k <= 16; in the middle of a row, the rest of the row and as many elements of the
; next when that implied vstride is a power of two; else up to the end of the row. Rows that straddle a GRF
; boundary are taken one per instruction. A destination is never 2D: it is written one row at a time.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; m.select<4,1,8,1>(0,0) of matrix<float,4,16>: rows of 8 with vstride 16. Two rows span 24 elements, more than
; two GRFs (16): one row (8 floats) per instruction, a 1D piece each.
; REMARK: remark: {{.*}}: split 32-wide fadd into 4×8: whole rows that fit in two GRFs (source <16;8,1> at byte 0 of %rows)
; CHECK-LABEL: define <32 x float> @rows_of_8(
; CHECK: %rows.split0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK: %rows.split8 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 0, i32 8, i32 1, i16 64, i32 undef)
; CHECK: %rows.split16 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 0, i32 8, i32 1, i16 128, i32 undef)
; CHECK: %rows.split24 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 0, i32 8, i32 1, i16 192, i32 undef)
define <32 x float> @rows_of_8(<64 x float> %m, <32 x float> %b) #0 {
entry:
  %rows = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %m, i32 16, i32 8, i32 1, i16 0, i32 undef)
  %s = fadd <32 x float> %rows, %b
  ret <32 x float> %s
}

; Rows of 4 with vstride 8 (the left half of each row of matrix<float,8,8>): two rows (12 elements from the
; first) fit in two GRFs, three do not, so each SIMD8 piece reads two rows, a 2D <8;4,1> region.
; REMARK-NEXT: remark: {{.*}}: split 32-wide fadd into 4×8: whole rows that fit in two GRFs (source <8;4,1> at byte 0 of %rows)
; CHECK-LABEL: define <32 x float> @two_rows_per_piece(
; CHECK: %rows.split0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
; CHECK: %rows.split8 = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 8, i32 4, i32 1, i16 64, i32 undef)
define <32 x float> @two_rows_per_piece(<64 x float> %m, <32 x float> %b) #0 {
entry:
  %rows = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %s = fadd <32 x float> %rows, %b
  ret <32 x float> %s
}

; Rows of 12 shorts with vstride 16, 3 rows: 12 is not a power of two, so the rows are cut 8 + (4 of this row
; and 4 of the next: vstride 16 + (4 - 12) = 8, a power of two) + 8 + ... (IGC's "rest of row and the next").
; REMARK-NEXT: remark: {{.*}}: split 36-wide add into 8+8+8+8+4: rest of the row, as a power of two (source <16;12,1> at byte 0 of %rows)
; CHECK-LABEL: define <36 x i16> @odd_rows(
; CHECK: %rows.split0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v64i16.i16(<64 x i16> %m, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK: %rows.split8 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 16, i32 undef)
; CHECK: %rows.split16 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v64i16.i16(<64 x i16> %m, i32 0, i32 8, i32 1, i16 40, i32 undef)
define <36 x i16> @odd_rows(<64 x i16> %m, <36 x i16> %b) #0 {
entry:
  %rows = call <36 x i16> @llvm.genx.rdregioni.v36i16.v64i16.i16(<64 x i16> %m, i32 16, i32 12, i32 1, i16 0, i32 undef)
  %s = add <36 x i16> %rows, %b
  ret <36 x i16> %s
}

; A 2D destination (rows of 4 ints, vstride 8): written one row at a time.
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 4×4: rest of the row, as a power of two (destination <8;4,1> at byte 0 of %w)
; CHECK-LABEL: define <32 x i32> @destination_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n.split0 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %n, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %w.join0 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> %old, <4 x i32> %n.split0, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %n.split4 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %n, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %w.join4 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> %w.join0, <4 x i32> %n.split4, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
; CHECK: %w.join12 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> %w.join8, <4 x i32> %n.split12, i32 0, i32 4, i32 1, i16 96, i32 undef, i1 true)
; CHECK-NEXT: ret <32 x i32> %w.join12
define <32 x i32> @destination_rows(<32 x i32> %old, <16 x i32> %n) #0 {
entry:
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %old, <16 x i32> %n, i32 8, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <32 x i32> %w
}

; Negative: a 2D source of two rows of 4 floats inside two GRFs (<8;4,1> of 8 elements) is legal.
; CHECK-LABEL: define <8 x float> @legal_2d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %rows = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
define <8 x float> @legal_2d(<64 x float> %m, <8 x float> %b) #0 {
entry:
  %rows = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %s = fadd <8 x float> %rows, %b
  ret <8 x float> %s
}

declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <36 x i16> @llvm.genx.rdregioni.v36i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }

; An indirect region whose index has a proven range (genx-mul-narrow's value ranges, asked through
; legalize/align.rs) is split by where that range lets each piece go, not one element at a time: CM's
; `x - (x & -4)` (the offset of x in its dword, cmtl::WriteBlock's unaligned write) is in [0, 3], so each row of
; 28 bytes written from it (<32;28,1>) stays in its GRF and is cut as 16+8+4, as IGC does; an index `and 7`
; lets a 16-byte read stay one read. Negative cases: a mask of 31 reaches the next GRF (the read becomes
; multi-indirect), and `x - (y & -4)` subtracts the masked bits of another value, so nothing bounds it (one
; element at a time).
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: split 56-wide move into 16+8+4+16+8+4: rest of the row, as a power of two (destination <32;28,1> indirect of %w)
; CHECK-LABEL: define <256 x i8> @dword_offset_write(
; CHECK: %i = trunc i32 %in_dword to i16
; CHECK-NEXT: %rows.split0 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v56i8.i16(<56 x i8> %rows, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %w.join0 = call <256 x i8> @llvm.genx.wrregioni.v256i8.v16i8.i16.i1(<256 x i8> %old, <16 x i8> %rows.split0, i32 0, i32 16, i32 1, i16 %i, i32 undef, i1 true)
; CHECK: %region.index2 = add i16 %i, 32
; CHECK-NEXT: %w.join28 = call <256 x i8> @llvm.genx.wrregioni.v256i8.v16i8.i16.i1(<256 x i8> %w.join24, <16 x i8> %rows.split28, i32 0, i32 16, i32 1, i16 %region.index2, i32 undef, i1 true)
; CHECK: %w.join52 = call <256 x i8> @llvm.genx.wrregioni.v256i8.v4i8.i16.i1(
; CHECK-NEXT: ret <256 x i8> %w.join52
define <256 x i8> @dword_offset_write(<256 x i8> %old, <56 x i8> %rows, i32 %x) #0 {
entry:
  %down = and i32 %x, -4
  %in_dword = sub nsw i32 %x, %down
  %i = trunc i32 %in_dword to i16
  %w = call <256 x i8> @llvm.genx.wrregioni.v256i8.v56i8.i16.i1(<256 x i8> %old, <56 x i8> %rows, i32 32, i32 28, i32 1, i16 %i, i32 undef, i1 true)
  ret <256 x i8> %w
}

; CHECK-LABEL: define <16 x i8> @masked_index_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %i = and i16 %x, 7
; CHECK-NEXT: %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: ret <16 x i8> %r
define <16 x i8> @masked_index_read(<256 x i8> %v, i16 %x) #0 {
entry:
  %i = and i16 %x, 7
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef)
  ret <16 x i8> %r
}

; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 2×8: indirect source %r read as multi-indirect
; CHECK-LABEL: define <16 x i8> @wide_mask_read(
; CHECK: %r.split0 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.v8i16(
; CHECK: %r.split8 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.v8i16(
define <16 x i8> @wide_mask_read(<256 x i8> %v, i16 %x) #0 {
entry:
  %i = and i16 %x, 31
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef)
  ret <16 x i8> %r
}

; REMARK-NEXT: remark: {{.*}}: split 28-wide move into 28×1: indirect region may cross a GRF (destination <28;28,1> indirect of %w)
; REMARK-NOT: remark
; CHECK-LABEL: define <256 x i8> @other_value_masked(
; CHECK: %w.join0 = call <256 x i8> @llvm.genx.wrregioni.v256i8.v1i8.i16.i1(
define <256 x i8> @other_value_masked(<256 x i8> %old, <28 x i8> %row, i32 %x, i32 %y) #0 {
entry:
  %down = and i32 %y, -4
  %d = sub i32 %x, %down
  %i = trunc i32 %d to i16
  %w = call <256 x i8> @llvm.genx.wrregioni.v256i8.v28i8.i16.i1(<256 x i8> %old, <28 x i8> %row, i32 0, i32 28, i32 1, i16 %i, i32 undef, i1 true)
  ret <256 x i8> %w
}

declare <256 x i8> @llvm.genx.wrregioni.v256i8.v56i8.i16.i1(<256 x i8>, <56 x i8>, i32, i32, i32, i16, i32, i1)
declare <256 x i8> @llvm.genx.wrregioni.v256i8.v28i8.i16.i1(<256 x i8>, <28 x i8>, i32, i32, i32, i16, i32, i1)
declare <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)

attributes #0 = { "target-cpu"="icllp" }

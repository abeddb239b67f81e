; Indirect regions (a runtime byte index): no limit when the whole input fits in one GRF; otherwise the piece
; must stay within the GRFs its lowest and highest reachable address allow, refined by a parent width or a known
; index alignment. A single-indirect read that can only do one element at a time becomes a multi-indirect read
; of 4 or 8 elements (one address per element), except for bytes on platforms without multi-indirect byte
; regioning (pvc), which are read one at a time.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; Negative: the input is 32 bytes, one GRF: any index stays inside it.
; CHECK-LABEL: define <8 x i16> @input_in_one_grf(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: %s = add <8 x i16> %r, %b
define <8 x i16> @input_in_one_grf(<16 x i16> %v, i16 %i, <8 x i16> %b) #0 {
entry:
  %r = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %s = add <8 x i16> %r, %b
  ret <8 x i16> %s
}

; 16 ints from an unknown index into 8 GRFs: a single-indirect piece could cross anywhere, so each SIMD8 piece
; reads through 8 addresses: splat(index) + <0, 4, ..., 28> (+ 32 for the second piece).
; REMARK: remark: {{.*}}: split 16-wide add into 2×8: indirect source %r read as multi-indirect
; CHECK-LABEL: define <16 x i32> @multi_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r.split0.addr = bitcast i16 %i to <1 x i16>
; CHECK-NEXT: %r.split0.addrs = call <8 x i16> @llvm.genx.rdregioni.v8i16.v1i16.i16(<1 x i16> %r.split0.addr, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT: %r.split0.offsets = add <8 x i16> %r.split0.addrs, <i16 0, i16 4, i16 8, i16 12, i16 16, i16 20, i16 24, i16 28>
; CHECK-NEXT: %r.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 1, i32 1, i32 1, <8 x i16> %r.split0.offsets, i32 undef)
; CHECK: %r.split8.offsets = add <8 x i16> %r.split8.addrs, <i16 32, i16 36, i16 40, i16 44, i16 48, i16 52, i16 56, i16 60>
; CHECK-NEXT: %r.split8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 1, i32 1, i32 1, <8 x i16> %r.split8.offsets, i32 undef)
define <16 x i32> @multi_indirect(<64 x i32> %v, i16 %i, <16 x i32> %b) #0 {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef)
  %s = add <16 x i32> %r, %b
  ret <16 x i32> %s
}

; Negative: an index that is a multiple of 64 bytes (i << 6) starts on a GRF boundary: two GRFs are safe.
; CHECK-LABEL: define <16 x i32> @grf_aligned_index(
; CHECK-NEXT: entry:
; CHECK-NEXT: %idx = shl i16 %i, 6
; CHECK-NEXT: %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %idx, i32 undef)
; CHECK-NEXT: %s = add <16 x i32> %r, %b
define <16 x i32> @grf_aligned_index(<64 x i32> %v, i16 %i, <16 x i32> %b) #0 {
entry:
  %idx = shl i16 %i, 6
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %idx, i32 undef)
  %s = add <16 x i32> %r, %b
  ret <16 x i32> %s
}

; A parent width of 8: no row crosses a multiple of 8 elements, so each row of 8 ints (one GRF) is one piece;
; the pieces keep the promise. (%r has two uses, so it is a move of its own.)
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 2×8: whole rows that fit in two GRFs (source <16;8,1> indirect of %r)
; CHECK-LABEL: define <16 x i32> @parent_width(
; CHECK: %r.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 %i, i32 8)
; CHECK: %region.index = add i16 %i, 64
; CHECK-NEXT: %r.split8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 %region.index, i32 8)
define <16 x i32> @parent_width(<64 x i32> %v, i16 %i) #0 {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 16, i32 8, i32 1, i16 %i, i32 8)
  %s = add <16 x i32> %r, %r
  ret <16 x i32> %s
}

; Bytes on pvc: no multi-indirect byte regions, so an indirect byte read over several GRFs goes one element at a
; time.
; REMARK-NEXT: remark: {{.*}}: split 4-wide move into 4×1: indirect region may cross a GRF (source <4;4,1> indirect of %r)
; CHECK-LABEL: define <4 x i8> @bytes_pvc(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r.split0 = call <1 x i8> @llvm.genx.rdregioni.v1i8.v256i8.i16(<256 x i8> %v, i32 0, i32 1, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: %r.join0 = call <4 x i8> @llvm.genx.wrregioni.v4i8.v1i8.i16.i1(<4 x i8> undef, <1 x i8> %r.split0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %region.index = add i16 %i, 1
; CHECK-NEXT: %r.split1 = call <1 x i8> @llvm.genx.rdregioni.v1i8.v256i8.i16(<256 x i8> %v, i32 0, i32 1, i32 1, i16 %region.index, i32 undef)
; CHECK: %r.split3 = call <1 x i8>
; CHECK-NEXT: %r.join3 = call <4 x i8>
; CHECK-NEXT: ret <4 x i8> %r.join3
define <4 x i8> @bytes_pvc(<256 x i8> %v, i16 %i) #1 {
entry:
  %r = call <4 x i8> @llvm.genx.rdregioni.v4i8.v256i8.i16(<256 x i8> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  ret <4 x i8> %r
}

; The same bytes on tgllp become one multi-indirect read of 4.
; REMARK-NEXT: remark: {{.*}}: 4-wide move: indirect source %r read as multi-indirect
; REMARK-NOT: remark
; CHECK-LABEL: define <4 x i8> @bytes_tgllp(
; CHECK: %r.split0.offsets = add <4 x i16> %r.split0.addrs, <i16 0, i16 1, i16 2, i16 3>
; CHECK-NEXT: %r.split0 = call <4 x i8> @llvm.genx.rdregioni.v4i8.v256i8.v4i16(<256 x i8> %v, i32 1, i32 1, i32 1, <4 x i16> %r.split0.offsets, i32 undef)
; CHECK-NEXT: ret <4 x i8> %r.split0
define <4 x i8> @bytes_tgllp(<256 x i8> %v, i16 %i) #2 {
entry:
  %r = call <4 x i8> @llvm.genx.rdregioni.v4i8.v256i8.i16(<256 x i8> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  ret <4 x i8> %r
}

declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <4 x i8> @llvm.genx.rdregioni.v4i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="pvc" }
attributes #2 = { "target-cpu"="tgllp" }

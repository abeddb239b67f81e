; A multi-indirect read (one runtime byte offset per row) split into pieces reads, in each piece, the rows'
; own offsets: the piece of rows 8..15 takes entries 8..15 of the offset vector (a direct rdregion of it at byte
; 16), not the whole vector again (genx-legalize passed the whole vector, which reads rows 0..7 twice: the
; cmtl `map` gather of cmtl-transforms.cpp went wrong on the vISA route; the IR executor calls it undefined, 16
; offsets for 8 rows). The split validates against the original on the executor.
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; CHECK-LABEL: define <16 x i32> @gather_rows(
; CHECK: [[LO:%.*]] = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %at, i32 8, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %r.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 0, i32 1, i32 0, <8 x i16> [[LO]], i32 undef)
; CHECK: [[HI:%.*]] = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %at, i32 8, i32 8, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %r.split8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 0, i32 1, i32 0, <8 x i16> [[HI]], i32 undef)
define <16 x i32> @gather_rows(<64 x i32> %v, <16 x i16> %raw, <16 x i32> %b) #0 {
entry:
  %at = and <16 x i16> %raw, <i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252, i16 252>
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.v16i16(<64 x i32> %v, i32 0, i32 1, i32 0, <16 x i16> %at, i32 undef)
  %s = add <16 x i32> %r, %b
  ret <16 x i32> %s
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.v16i16(<64 x i32>, i32, i32, i32, <16 x i16>, i32)

attributes #0 = { "target-cpu"="icllp" }

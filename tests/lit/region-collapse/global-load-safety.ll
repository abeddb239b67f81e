; A value loaded from a global (a `_GENX_VOLATILE_` vector, or any global: the pass cannot tell them apart) is
; not read later than it was, across a memory write: the collapse would move its use past the store.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

@g = internal global <16 x i32> zeroinitializer
@h = internal global <4 x i32> zeroinitializer

; No store between the reads (only after them): combined.
; CHECK-LABEL: define <4 x i32> @no_store_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %l = load <16 x i32>, <16 x i32>* @g
; CHECK-NEXT: %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %l, i32 0, i32 4, i32 2, i16 36, i32 undef)
; CHECK-NEXT: store <16 x i32> %x, <16 x i32>* @g
define <4 x i32> @no_store_between(<16 x i32> %x) {
entry:
  %l = load <16 x i32>, <16 x i32>* @g
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %l, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  store <16 x i32> %x, <16 x i32>* @g
  ret <4 x i32> %b
}

; Not combined: the global is stored to between the two reads.
; REMARK: remark: <unknown>:0:0: cannot combine %b with the read %a: its input is a load of a global and a memory write may lie between the reads
; CHECK-LABEL: define <4 x i32> @store_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %l = load <16 x i32>, <16 x i32>* @g
; CHECK-NEXT: %a = call <8 x i32>
; CHECK-NEXT: store <16 x i32> %x, <16 x i32>* @g
; CHECK-NEXT: %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a,
define <4 x i32> @store_between(<16 x i32> %x) {
entry:
  %l = load <16 x i32>, <16 x i32>* @g
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %l, i32 0, i32 8, i32 1, i16 32, i32 undef)
  store <16 x i32> %x, <16 x i32>* @g
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  ret <4 x i32> %b
}

; Not dropped: the overwritten write's Old value is a global load, and the global is stored to in between.
; REMARK: remark: <unknown>:0:0: cannot drop the overwritten write %w1: its input is a load of a global and a memory write may lie between the writes
; CHECK-LABEL: define <16 x i32> @overwritten_write_store_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %l = load <16 x i32>, <16 x i32>* @g
; CHECK-NEXT: %w1 = call <16 x i32>
; CHECK-NEXT: store <16 x i32> %x, <16 x i32>* @g
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1,
define <16 x i32> @overwritten_write_store_between(<16 x i32> %x, <4 x i32> %x1, <4 x i32> %x2) {
entry:
  %l = load <16 x i32>, <16 x i32>* @g
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %l, <4 x i32> %x1, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %x, <16 x i32>* @g
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not combined: the value written into the selection is a global load, and the global is stored to before the
; write-back.
; REMARK: remark: <unknown>:0:0: cannot combine the write %w1 into the selection %r with the write-back %w2: the value written is a load of a global and a memory write may lie between the writes
; CHECK-LABEL: define <16 x i32> @read_modify_write_store_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %l = load <4 x i32>, <4 x i32>* @h
; CHECK-NEXT: %r = call <8 x i32>
; CHECK-NEXT: %w1 = call <8 x i32>
; CHECK-NEXT: store <4 x i32> %x, <4 x i32>* @h
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1,
define <16 x i32> @read_modify_write_store_between(<16 x i32> %a, <4 x i32> %x) {
entry:
  %l = load <4 x i32>, <4 x i32>* @h
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %l, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  store <4 x i32> %x, <4 x i32>* @h
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)

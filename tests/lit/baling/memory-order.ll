; Baling moves an operation to its bale's head: an operation that reads memory does not bale across an instruction
; that writes memory. Stores of a wrregion to a global variable bale the write (GSTORE); plain stores bale nothing.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

@g = internal global <16 x i32> zeroinitializer

; A block load is the write's New value (its raw result goes straight into the GRF-aligned region).
; CHECK-LABEL: bales of 'load_into_write'
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%v = MAININST)
; CHECK-EMPTY:
define <16 x i32> @load_into_write(<16 x i32> %c, <8 x i32>* %p) {
entry:
  %addr = ptrtoint <8 x i32>* %p to i64
  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %addr)
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w
}

; A store between the load and the write: the load stays where it is, a bale of its own.
; CHECK-LABEL: bales of 'load_across_store'
; CHECK-NEXT: bale %v: %v = MAININST
; CHECK-NEXT: bale call@entry#2: call@entry#2 = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION
; CHECK-EMPTY:
define <16 x i32> @load_across_store(<16 x i32> %c, <8 x i32>* %p, <8 x i32> %d) {
entry:
  %addr = ptrtoint <8 x i32>* %p to i64
  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %addr)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %d)
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w
}

; A store between in a predecessor block is found too.
; CHECK-LABEL: bales of 'load_across_store_in_block'
; CHECK-NEXT: bale %v: %v = MAININST
; CHECK-NEXT: bale call@st#0: call@st#0 = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION
; CHECK-EMPTY:
define <16 x i32> @load_across_store_in_block(<16 x i32> %c, <8 x i32>* %p, <8 x i32> %d, i1 %b) {
entry:
  %addr = ptrtoint <8 x i32>* %p to i64
  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %addr)
  br i1 %b, label %st, label %wr
st:
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %d)
  br label %wr
wr:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w
}

; A read-modify-write of a global: the store bales the write, which bales the add.
; CHECK-LABEL: bales of 'global_store'
; CHECK-NEXT: bale store@entry#3: store@entry#3 = GSTORE{0} (%w = WRREGION{1} (%x = MAININST))
; CHECK-EMPTY:
define void @global_store(<8 x i32> %a, <8 x i32> %b) {
entry:
  %l = load <16 x i32>, <16 x i32>* @g
  %x = add <8 x i32> %a, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %l, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* @g
  ret void
}

; A plain store (not to a global) is no bale.
; CHECK-LABEL: bales of 'plain_store'
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%x = MAININST)
; CHECK-EMPTY:
define void @plain_store(<16 x i32> %c, <8 x i32> %a, <16 x i32>* %p) {
entry:
  %x = mul <8 x i32> %a, %a
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %p
  ret void
}

declare <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)

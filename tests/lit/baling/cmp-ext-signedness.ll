; An extension bales into a cmp only when its signedness is the cmp's (a signed predicate takes sext, any other
; predicate zext); none bales into mulh (D/UD operands only), while an ordinary multiply takes both.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; Signed compare: the sext bales, the zext does not.
; CHECK-LABEL: bales of 'signed_cmp'
; CHECK-NEXT: bale %za: %za = ZEXT{0} (%ra = RDREGION)
; CHECK-NEXT: bale %c: %c = MAININST{1} (%sb = SEXT{0} (%rb = RDREGION))
; CHECK-EMPTY:
define <8 x i1> @signed_cmp(<16 x i16> %a, <16 x i16> %b) {
entry:
  %ra = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %za = zext <8 x i16> %ra to <8 x i32>
  %rb = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %sb = sext <8 x i16> %rb to <8 x i32>
  %c = icmp slt <8 x i32> %za, %sb
  ret <8 x i1> %c
}

; Unsigned compare: the zext bales, the sext does not.
; CHECK-LABEL: bales of 'unsigned_cmp'
; CHECK-NEXT: bale %sb: %sb = SEXT{0} (%rb = RDREGION)
; CHECK-NEXT: bale %c: %c = MAININST{0} (%za = ZEXT{0} (%ra = RDREGION))
; CHECK-EMPTY:
define <8 x i1> @unsigned_cmp(<16 x i16> %a, <16 x i16> %b) {
entry:
  %ra = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %za = zext <8 x i16> %ra to <8 x i32>
  %rb = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %sb = sext <8 x i16> %rb to <8 x i32>
  %c = icmp uge <8 x i32> %za, %sb
  ret <8 x i1> %c
}

; Equality is not a signed predicate: it takes zext only.
; CHECK-LABEL: bales of 'equality_cmp'
; CHECK-NEXT: bale %sb: %sb = SEXT{0} (%rb = RDREGION)
; CHECK-NEXT: bale %c: %c = MAININST{0} (%za = ZEXT{0} (%ra = RDREGION))
; CHECK-EMPTY:
define <8 x i1> @equality_cmp(<16 x i8> %a, <16 x i8> %b) {
entry:
  %ra = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %za = zext <8 x i8> %ra to <8 x i16>
  %rb = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8> %b, i32 0, i32 8, i32 2, i16 1, i32 undef)
  %sb = sext <8 x i8> %rb to <8 x i16>
  %c = icmp eq <8 x i16> %za, %sb
  ret <8 x i1> %c
}

; mulh takes no extension (its reads still bale); ssmul takes an extension on an arithmetic operand.
; CHECK-LABEL: bales of 'mulh_no_ext'
; CHECK-NEXT: bale %sa: %sa = SEXT{0} (%ra = RDREGION)
; CHECK-NEXT: bale %h: %h = MAININST{1} (%rb = RDREGION)
; CHECK-NEXT: bale %m: %m = MAININST{0,1} (%sc = SEXT{0} (%rc = RDREGION), %rd = RDREGION)
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-EMPTY:
define <8 x i32> @mulh_no_ext(<16 x i16> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %sa = sext <8 x i16> %ra to <8 x i32>
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %h = call <8 x i32> @llvm.genx.smulh.v8i32.v8i32(<8 x i32> %sa, <8 x i32> %rb)
  %rc = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %sc = sext <8 x i16> %rc to <8 x i32>
  %rd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %m = call <8 x i32> @llvm.genx.ssmul.v8i32.v8i32(<8 x i32> %sc, <8 x i32> %rd)
  %x = add <8 x i32> %h, %m
  ret <8 x i32> %x
}

declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.smulh.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.ssmul.v8i32.v8i32(<8 x i32>, <8 x i32>)

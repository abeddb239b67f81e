; Bitwise operations on bytes are done on dwords (legalize/logic_width.rs): the finalizer splits a byte
; destination into even and odd bytes, while a bitwise operation does not care where lanes begin. `255 - x` on
; bytes (`sub -1, x`) is first made `xor x, -1`, the vISA `not` (an image inverted in place: nv12_invert).
; Operands are viewed as dwords: a value by a bitcast, a constant folded, a contiguous rdregion at a dword
; offset as the same region of the input's dword view. Negative cases, each with its missed remark: a strided
; region operand, a result written into a region (the byte operation bales into the write), an operand whose
; dwords mix defined and undefined bytes; a vector of 6 bytes is not whole dwords and stays as it is.
; RUN: %opt -passes=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s --check-prefix=VISA < %t.visaasm
; RUN: %validate %s %t.visaasm

; CHECK-LABEL: define void @invert(
; CHECK:        %pixels.i32 = bitcast <128 x i8> %pixels to <32 x i32>
; CHECK:        %inverted.i32.split0 = xor <16 x i32> %pixels.i32.split0, <i32 -1,
; CHECK:        %inverted.i32.split16 = xor <16 x i32> %pixels.i32.split16, <i32 -1,
; CHECK-NOT:    sub
; CHECK:        %inverted = bitcast <32 x i32> %inverted.i32.join16 to <128 x i8>
; CHECK-NEXT:   call void @llvm.genx.oword.st.v128i8(i32 %buf, i32 0, <128 x i8> %inverted)
; VISA-LABEL: .kernel "invert"
; VISA:        not (M1, 16) [[D:V[0-9]+]](0,0)<1> [[S:V[0-9]+]](0,0)<1;1,0>
; VISA-NEXT:   not (M1, 16) [[D]](2,0)<1> [[S]](2,0)<1;1,0>
; VISA-NOT:    not
; VISA:        oword_st
define void @invert(i32 %buf) #0 {
entry:
  %pixels = call <128 x i8> @llvm.genx.oword.ld.v128i8(i32 0, i32 %buf, i32 0)
  %inverted = sub <128 x i8> <i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>, %pixels
  call void @llvm.genx.oword.st.v128i8(i32 %buf, i32 0, <128 x i8> %inverted)
  ret void
}

; A constant of distinct bytes is folded into dword lanes (little-endian: bytes 1, 2, 3, 4 are 0x04030201);
; a contiguous region at byte offset 8 of a 16-byte vector is dwords 2..3 of its dword view.
; CHECK-LABEL: define <8 x i8> @masked(
; CHECK:        [[A:%.*]] = bitcast <8 x i8> %a to <2 x i32>
; CHECK-NEXT:   %m.i32 = and <2 x i32> [[A]], <i32 67305985, i32 -2139062144>
; CHECK:        [[W:%.*]] = bitcast <16 x i8> %b to <4 x i32>
; CHECK-NEXT:   [[R:%.*]] = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> [[W]], i32 0, i32 2, i32 1, i16 8, i32 undef)
; CHECK-NEXT:   %x.i32 = xor <2 x i32> %m.i32, [[R]]
define <8 x i8> @masked(<8 x i8> %a, <16 x i8> %b) #0 {
entry:
  %m = and <8 x i8> %a, <i8 1, i8 2, i8 3, i8 4, i8 128, i8 128, i8 128, i8 128>
  %r = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8> %b, i32 8, i32 8, i32 1, i16 8, i32 undef)
  %x = xor <8 x i8> %m, %r
  ret <8 x i8> %x
}

; REMARK: remark: {{.*}}byte operation kept: an operand's region cannot be read as dwords
; REMARK: remark: {{.*}}byte operation kept: the result is written into a region
; REMARK: remark: {{.*}}byte operation kept: an operand's dword mixes defined and undefined bytes
; CHECK-LABEL: define <16 x i8> @kept(
; CHECK:        %strided = or <8 x i8> %even, %c
; CHECK:        %into = and <8 x i8> %c, %c2
; CHECK:        %partial = xor <8 x i8> %half, %c
; CHECK:        %six.split0 = or <4 x i8>
define <16 x i8> @kept(<16 x i8> %b, <8 x i8> %c, <8 x i8> %c2, <6 x i8> %d, <6 x i8>* %p) #0 {
entry:
  %even = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8> %b, i32 16, i32 8, i32 2, i16 0, i32 undef)
  %strided = or <8 x i8> %even, %c
  %into = and <8 x i8> %c, %c2
  %w = call <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8> %b, <8 x i8> %into, i32 0, i32 8, i32 1, i16 8, i32 undef, i1 true)
  %half = shufflevector <8 x i8> %c, <8 x i8> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 undef, i32 4, i32 5, i32 6, i32 7>
  %partial = xor <8 x i8> %half, %c
  %six = or <6 x i8> %d, %d
  store <6 x i8> %six, <6 x i8>* %p
  %s = shufflevector <8 x i8> %strided, <8 x i8> %partial, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %r = add <16 x i8> %s, %w
  ret <16 x i8> %r
}

declare <128 x i8> @llvm.genx.oword.ld.v128i8(i32, i32, i32)
declare void @llvm.genx.oword.st.v128i8(i32, i32, <128 x i8>)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8>, <8 x i8>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @invert, !"invert", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}

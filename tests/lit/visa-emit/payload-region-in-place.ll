; A rdregion baled into a message's payload is read in place: @halves stores the two 128-byte halves of a
; 256-byte argument with two oword stores whose payloads are views of the argument's variable at bytes 0 and
; 128 (GRF boundaries: no move; without the views the emitter refused the kernel, as the route fuzz found).
; Negative case @unaligned: 32 bytes from byte 16 do not start a GRF, so baling leaves the rdregion its own
; instruction, a move into a GRF-aligned variable. The vISA validates against the IR on the executor, and
; GenX_IR assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: cd %t.d && GenX_IR k0.visaasm -platform ICLLP -output && GenX_IR k1.visaasm -platform ICLLP -output

; CHECK-LABEL: .kernel "halves"
; CHECK-DAG: .decl [[V:V[0-9]+]] v_type=G type=d num_elts=64 align=GRF // %v
; CHECK-DAG: .decl [[LO:V[0-9]+]] v_type=G type=b num_elts=128 alias=<[[V]], 0>
; CHECK-DAG: .decl [[HI:V[0-9]+]] v_type=G type=b num_elts=128 alias=<[[V]], 128>
; CHECK: halves_BB_0:
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x0:ud [[LO]].0
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x8:ud [[HI]].0
; CHECK-NEXT: ret

; CHECK-LABEL: .kernel "unaligned"
; CHECK: unaligned_BB_0:
; CHECK-NEXT: mov (M1, 8) [[C:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,4)<1;1,0>
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x0:ud [[C]].0

; STATS: 2 print<genx-visa-emit> - message payloads that are a region of a vector, read in place

define void @halves(<64 x i32> %v, i32 %out) #0 {
  %b = bitcast <64 x i32> %v to <256 x i8>
  %p0 = call <128 x i8> @llvm.genx.rdregioni.v128i8.v256i8.i16(<256 x i8> %b, i32 128, i32 128, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v128i8(i32 %out, i32 0, <128 x i8> %p0)
  %p1 = call <128 x i8> @llvm.genx.rdregioni.v128i8.v256i8.i16(<256 x i8> %b, i32 128, i32 128, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v128i8(i32 %out, i32 8, <128 x i8> %p1)
  ret void
}

define void @unaligned(<16 x i32> %v, i32 %out) #0 {
  %p = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 8, i32 8, i32 1, i16 16, i32 undef)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %p)
  ret void
}

declare <128 x i8> @llvm.genx.rdregioni.v128i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v128i8(i32, i32, <128 x i8>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (<64 x i32>, i32)* @halves, !"halves", !1, i32 0, !2, !2, !3, i32 0}
!4 = !{void (<16 x i32>, i32)* @unaligned, !"unaligned", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 0, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"", !"buffer_t"}

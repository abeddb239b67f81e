; llvm.genx.rol and llvm.genx.ror are vISA's rol and ror (ROL.md/ROR.md: each lane of src0 rotated by src1 masked
; to the element's bit count; types D, UD, W, UW), by a constant and by a run-time amount, on words and dwords.
; GenX_IR takes them for icllp and tgllp, and the vISA validates against the IR on random values and amounts
; (amounts past the width included: both levels mask them).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.tgl.visaasm
; RUN: rm -rf %t.t && mkdir -p %t.t && cp %t.tgl.visaasm %t.t/k.visaasm && cd %t.t && GenX_IR k.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; Swapping the directions must be caught:
; RUN: sed -e 's/^    rol /    ror.tmp /; s/^    ror /    rol /; s/^    ror.tmp /    ror /' %t.visaasm > %t.swapped.visaasm
; RUN: not %validate %s %t.swapped.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "rotate"
; CHECK: rol (M1, 16) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x3:uw
; CHECK: ror (M1, 16) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK: rol (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK: ror (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x7:ud

define void @rotate(i32 %buf, <16 x i16> %w, <16 x i16> %wn, <8 x i32> %d, <8 x i32> %dn) #0 {
entry:
  %w1 = call <16 x i16> @llvm.genx.rol.v16i16.v16i16(<16 x i16> %w, <16 x i16> <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>)
  %w2 = call <16 x i16> @llvm.genx.ror.v16i16.v16i16(<16 x i16> %w1, <16 x i16> %wn)
  %wv = bitcast <16 x i16> %w2 to <8 x i32>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %wv)
  %d1 = call <8 x i32> @llvm.genx.rol.v8i32.v8i32(<8 x i32> %d, <8 x i32> %dn)
  %d2 = call <8 x i32> @llvm.genx.ror.v8i32.v8i32(<8 x i32> %d1, <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %d2)
  ret void
}

declare <16 x i16> @llvm.genx.rol.v16i16.v16i16(<16 x i16>, <16 x i16>)
declare <16 x i16> @llvm.genx.ror.v16i16.v16i16(<16 x i16>, <16 x i16>)
declare <8 x i32> @llvm.genx.rol.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.ror.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x i16>, <16 x i16>, <8 x i32>, <8 x i32>)* @rotate, !"rotate", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !"", !""}

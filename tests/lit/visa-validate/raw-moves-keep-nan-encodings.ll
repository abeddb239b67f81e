; A predicated `sel`, and a `mov`, whose sources have the destination's type (here hf) and no modifier copy bits:
; a signalling NaN keeps its encoding, as the IR's select and bitcasts keep it (MOV.md converts only between
; different types). The executor used to convert a float through a number, which quiets a signalling NaN
; (0x7d01 read back as 0x7f01), and the vISA of a correct kernel mismatched (found by `fuzz_visa_route
; --conditions --seed 15337` at d6aba67's generator: genx-lowering builds a blend of i16 values viewed as half as a half select). The
; kernel makes signalling NaNs from the buffer, selects them against other halves, moves them through a
; strided region, and stores the results doubled as integers, so a quieted NaN shows as a different integer.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=hf num_elts=8 alias=<{{V[0-9]+}}, 0> // %a
; CHECK: (P{{[0-9]+}}) sel (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 4) {{V[0-9]+}}(0,1)<2> [[A]](0,0)<2;1,0>

define void @pick(i32 %buf) #0 {
  %data = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 0)
  %lo = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %data, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %hi = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %data, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %c = icmp ult <8 x i16> %lo, %hi
  %nans = or <8 x i16> %lo, <i16 31744, i16 31744, i16 31744, i16 31744, i16 31744, i16 31744, i16 31744, i16 31744>
  %signalling = and <8 x i16> %nans, <i16 -513, i16 -513, i16 -513, i16 -513, i16 -513, i16 -513, i16 -513, i16 -513>
  %payload = or <8 x i16> %signalling, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %a = bitcast <8 x i16> %payload to <8 x half>
  %b = bitcast <8 x i16> %hi to <8 x half>
  %s = select <8 x i1> %c, <8 x half> %a, <8 x half> %b
  %bits = bitcast <8 x half> %s to <8 x i16>
  %twice = add <8 x i16> %bits, %bits
  %even = call <4 x half> @llvm.genx.rdregionf.v4f16.v8f16.i16(<8 x half> %a, i32 0, i32 4, i32 2, i16 0, i32 undef)
  %moved = call <8 x half> @llvm.genx.wrregionf.v8f16.v4f16.i16.i1(<8 x half> %b, <4 x half> %even, i32 0, i32 4, i32 2, i16 2, i32 undef, i1 true)
  %mbits = bitcast <8 x half> %moved to <8 x i16>
  %mtwice = add <8 x i16> %mbits, %mbits
  %out = call <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16> undef, <8 x i16> %twice, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %out2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16> %out, <8 x i16> %mtwice, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 2, <16 x i16> %out2)
  ret void
}
declare <16 x i16> @llvm.genx.oword.ld.v16i16(i32, i32, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <4 x half> @llvm.genx.rdregionf.v4f16.v8f16.i16(<8 x half>, i32, i32, i32, i16, i32)
declare <8 x half> @llvm.genx.wrregionf.v8f16.v4f16.i16.i1(<8 x half>, <4 x half>, i32, i32, i32, i16, i32, i1)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }
!genx.kernels = !{!0}
!0 = !{void (i32)* @pick, !"pick", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}

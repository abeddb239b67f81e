; Thread-payload reads that vISA names as predefined variables: get.color is a move from %color (uw), get.hwid
; a move from %hw_id (ud) and r0 a move from %r0 (8 x ud); the executors agree on their values (color 0 in a
; dispatch without media-walker colouring, hw_id the linear local id, r0's dwords 1, 6, 7 the group id), so
; %validate compares them.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: payload_BB_0:
; CHECK: mov (M1{{(_NM)?}}, 1) {{V[0-9]+}}(0,0)<1> %color(0,0)<0;1,0>
; CHECK: mov (M1{{(_NM)?}}, 1) {{V[0-9]+}}(0,0)<1> %hw_id(0,0)<0;1,0>
; CHECK: mov (M1{{(_NM)?}}, 8) {{V[0-9]+}}(0,0)<1> %r0(0,0)<1;1,0>

define void @payload(i32 %buf) #0 {
entry:
  %color = call i16 @llvm.genx.get.color()
  %c32 = zext i16 %color to i32
  %hwid = call i32 @llvm.genx.get.hwid()
  %sum = add i32 %c32, 7
  %v0 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> zeroinitializer, i32 %sum, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v0, i32 %hwid, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %r0 = call <8 x i32> @llvm.genx.r0.v8i32()
  %gx = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %r0, i32 0, i32 1, i32 0, i16 4, i32 undef)
  %v2 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v1, i32 %gx, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 0, <4 x i32> %v2)
  ret void
}

declare i16 @llvm.genx.get.color()
declare i32 @llvm.genx.get.hwid()
declare <8 x i32> @llvm.genx.r0.v8i32()
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @payload, !"payload", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}

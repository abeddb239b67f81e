; Liveness on the machine IR (genx_visa::liveness) and the copies coalescing then removes. (1) Partial writes
; that cover their variable together kill it: @acc is written whole by two 16-lane moves of a constant before
; it is read, so its initializer (zero) is not written at the entry (before: two more moves there). (2) Two
; reads of a global into two variables hold the same value (value numbering over the block's whole copies): the
; element written into the second read (the wrregion's copy of Old) does not interfere with the first read, still
; live for the element read through it, so every copy coalesces and the read-modify-write of @hits and of a row
; of @acc is done in @hits's and @acc's own variables (before: a 16- and a 32-lane copy in and out, each way).
; The kernel agrees with the IR on the vISA executor; GenX_IR accepts it.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s k.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[ACC:V[0-9]+]] v_type=G type=f num_elts=32 align=GRF // @acc
; CHECK-DAG: .decl [[HITS:V[0-9]+]] v_type=G type=d num_elts=16 align=GRF // @hits
; CHECK: rmw_BB_0:
; CHECK-NEXT: mov (M1, 16) [[ACC]](0,0)<1> 0x3f800000:f
; CHECK-NEXT: mov (M1, 16) [[ACC]](2,0)<1> 0x3f800000:f
; CHECK-NEXT: mov (M1, 16) [[HITS]](0,0)<1> 0x0:d
; CHECK-NOT: [[HITS]](0,0)<1;1,0>
; CHECK-NOT: [[ACC]](0,0)<1;1,0>
; CHECK: addr_add (M1_NM, 1) {{A[0-9]+}}(0)<1> &[[HITS]]
; CHECK: addr_add (M1_NM, 1) {{A[0-9]+}}(0)<1> &[[ACC]]
; CHECK-NOT: mov (M1, 16)
; CHECK: oword_st (4) {{T[0-9]+}} 0x0:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (4) {{T[0-9]+}} 0x4:ud [[HITS]].0

@acc = global <32 x float> zeroinitializer, align 128 #1
@hits = global <16 x i32> zeroinitializer, align 64 #1

define void @rmw(i32 %out, i32 %i) #0 {
  call void @llvm.genx.vstore.v32f32.p0v32f32(<32 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, <32 x float>* @acc)
  call void @llvm.genx.vstore.v16i32.p0v16i32(<16 x i32> zeroinitializer, <16 x i32>* @hits)
  %e = and i32 %i, 15
  %e16 = trunc i32 %e to i16
  %off = mul i16 %e16, 4
  %h = call <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>* @hits)
  %x = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %h, i32 0, i32 1, i32 1, i16 %off, i32 undef)
  %x1 = add i32 %x, 1
  %h1 = call <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>* @hits)
  %hw = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %h1, i32 %x1, i32 0, i32 1, i32 1, i16 %off, i32 undef, i1 true)
  call void @llvm.genx.vstore.v16i32.p0v16i32(<16 x i32> %hw, <16 x i32>* @hits)
  %r = and i32 %i, 3
  %r32 = mul i32 %r, 32
  %roff = trunc i32 %r32 to i16
  %a = call <32 x float> @llvm.genx.vload.v32f32.p0v32f32(<32 x float>* @acc)
  %row = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %a, i32 0, i32 8, i32 1, i16 %roff, i32 undef)
  %half = fmul <8 x float> %row, <float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5>
  %a1 = call <32 x float> @llvm.genx.vload.v32f32.p0v32f32(<32 x float>* @acc)
  %aw = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %a1, <8 x float> %half, i32 0, i32 8, i32 1, i16 %roff, i32 undef, i1 true)
  call void @llvm.genx.vstore.v32f32.p0v32f32(<32 x float> %aw, <32 x float>* @acc)
  %fa = call <32 x float> @llvm.genx.vload.v32f32.p0v32f32(<32 x float>* @acc)
  %first = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %fa, i32 0, i32 16, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v16f32(i32 %out, i32 0, <16 x float> %first)
  %fh = call <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>* @hits)
  call void @llvm.genx.oword.st.v16i32(i32 %out, i32 4, <16 x i32> %fh)
  ret void
}

declare void @llvm.genx.vstore.v32f32.p0v32f32(<32 x float>, <32 x float>*)
declare void @llvm.genx.vstore.v16i32.p0v16i32(<16 x i32>, <16 x i32>*)
declare <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>*)
declare <32 x float> @llvm.genx.vload.v32f32.p0v32f32(<32 x float>*)
declare i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }
attributes #1 = { "genx_volatile" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @rmw, !"rmw", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}

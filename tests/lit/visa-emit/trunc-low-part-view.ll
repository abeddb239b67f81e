; A scalar integer trunc whose operand is not baled into it is a view of the operand's low bytes: an alias of the
; narrower type at offset 0, no instruction (vISA is little-endian), as IGC reads a local size through a :uw
; source. genx-mul-narrow's `zext (trunc x)` of a local size then reads the word in place (a :uw view of the
; trunc's alias); a sext of a byte trunc is one move from the byte alias. A trunc of a vector
; (a strided region, negative case @vector) stays a move, and so does a trunc to i1 (a predicate, not a view).
; The kernels agree with the IR on the vISA executor; GenX_IR accepts them.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: csplit -s -z -f k -b '%%d.visaasm' k.visaasm '/^\.version/' '{*}'
; RUN: GenX_IR k0.visaasm -platform ICLLP -output && GenX_IR k1.visaasm -platform ICLLP -output
; RUN: %validate %s k0.visaasm
; RUN: %validate %s k1.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "scalar"
; CHECK-DAG: .decl [[SZ:V[0-9]+]] v_type=G type=d num_elts=3 align=dword // implicit LOCAL_SIZE
; CHECK-DAG: .decl [[X:V[0-9]+]] v_type=G type=uw num_elts=1 alias=<[[SZ]], 0>
; CHECK-DAG: .decl [[Y:V[0-9]+]] v_type=G type=uw num_elts=1 alias=<[[SZ]], 4>
; CHECK-DAG: .decl [[L:V[0-9]+]] v_type=G type=b num_elts=1 alias=<{{V[0-9]+}}, 0> // %lo
; CHECK: scalar_BB_0:
; CHECK-NOT: mov
; CHECK: mul (M1, 1) {{V[0-9]+}}(0,0)<1> [[X]](0,0)<0;1,0> [[Y]](0,0)<0;1,0>
; CHECK: mov (M1, 1) {{V[0-9]+}}(0,0)<1> [[L]](0,0)<0;1,0>
; CHECK-NEXT: oword_st

; CHECK-LABEL: .kernel "vector"
; CHECK: mov (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0>
define void @scalar(i32 %buf) #0 {
  %sz = call <3 x i32> @llvm.genx.local.size.v3i32()
  %x = extractelement <3 x i32> %sz, i32 0
  %y = extractelement <3 x i32> %sz, i32 1
  %x16 = trunc i32 %x to i16
  %y16 = trunc i32 %y to i16
  %xz = zext i16 %x16 to i32
  %yz = zext i16 %y16 to i32
  %m = mul i32 %xz, %yz
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %e = extractelement <8 x i32> %v, i32 5
  %s = add i32 %e, %m
  %lo = trunc i32 %s to i8
  %lz = sext i8 %lo to i32
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v, i32 %lz, i32 0, i32 1, i32 0, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %w)
  ret void
}

define void @vector(i32 %buf) #0 {
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %t = trunc <8 x i32> %v to <8 x i16>
  %z = zext <8 x i16> %t to <8 x i32>
  %a = add <8 x i32> %z, %v
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %a)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32)* @scalar, !"scalar", !1, i32 0, !2, !2, !3, i32 0}
!4 = !{void (i32)* @vector, !"vector", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}

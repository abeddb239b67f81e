; What the emitter does not lower yet is a located error naming the function, the block, the instruction and
; the construct, and nothing is printed for that kernel (no partial .visaasm): a switch (multiway control
; flow), a multi-indirect region write (rows at runtime offsets: a 2D destination), an intrinsic without a vISA
; lowering in intrinsics.td, a scaled message with a non-zero scale (vISA ignores the field).
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'switch', block 'entry': switch i32 %x, label %join [
; CHECK-DAG: ]: the instruction 'switch' is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'indirect', block 'bb0': %w = call <8 x i32> {{.*}}: a 2D destination region (rows apart) is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'no_visa', block 'bb0': %b = call <8 x i32> @llvm.genx.ssad2{{.*}}: the intrinsic llvm.genx.ssad2 is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'scale', block 'bb0': %g = call <8 x i32> @llvm.genx.gather.scaled2{{.*}}: a scaled message with a non-zero scale is not lowered (vISA ignores the field)
; CHECK-NOT: .kernel

define void @switch(i32 %x) #0 {
entry:
  switch i32 %x, label %join [ i32 1, label %other ]
other:
  br label %join
join:
  %p = phi i32 [ 1, %entry ], [ 2, %other ]
  ret void
}

define void @indirect(<8 x i32> %v, <2 x i16> %i) #0 {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.v2i16.i1(<8 x i32> %v, <4 x i32> %r, i32 0, i32 2, i32 1, <2 x i16> %i, i32 undef, i1 true)
  %s = add <8 x i32> %w, %w
  ret void
}

define void @no_visa(<8 x i32> %v) #0 {
  %b = call <8 x i32> @llvm.genx.ssad2.v8i32.v8i32(<8 x i32> %v, <8 x i32> %v)
  ret void
}

define void @scale(<8 x i32> %v) #0 {
  %g = call <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32 2, i16 1, i32 3, i32 0, <8 x i32> %v)
  call void @llvm.genx.oword.st.v8i32(i32 3, i32 0, <8 x i32> %g)
  ret void
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.v2i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, <2 x i16>, i32, i1)
declare <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32, i16, i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.ssad2.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5, !6}
!0 = !{void (i32)* @switch, !"switch", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!""}
!3 = !{i32 0, i32 0}
!4 = !{void (<8 x i32>, <2 x i16>)* @indirect, !"indirect", !3, i32 0, !3, !3, !7, i32 0}
!5 = !{void (<8 x i32>)* @no_visa, !"no_visa", !1, i32 0, !1, !1, !2, i32 0}
!6 = !{void (<8 x i32>)* @scale, !"scale", !1, i32 0, !1, !1, !2, i32 0}
!7 = !{!"", !""}

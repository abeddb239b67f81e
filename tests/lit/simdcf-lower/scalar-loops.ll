; Scalar loops and SIMD control flow mixed: a counted scalar loop inside a SIMD_IF (its branch becomes a goto
; on the splat condition, moving every enabled channel together; its back edge stays scalar), and a SIMD_IF
; inside a scalar loop (a value live around the loop is merged under EM in the SIMD block).
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='genx-simdcf-lower<reference>' -S %s -o %t.ref.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -
; RUN: %cmc -passes='function(sroa),genx-simdcf-lower,function(sroa,early-cse)' -S %s -o %t.ssa.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ssa.ll

; CHECK-LABEL: define <8 x i32> @scalar_loop_inside(
; CHECK: loop:
; CHECK: %splat{{[0-9]*}} = shufflevector <1 x i1> %splat, <1 x i1> undef, <8 x i32> zeroinitializer
; CHECK: br i1 %goto.branch{{[0-9]*}}, label %loop.exit.join, label %loop.body
; CHECK: loop.body:
; CHECK: br label %loop.join
; CHECK-LABEL: define <8 x i32> @simd_if_in_scalar_loop(
; CHECK: then:
; CHECK: %t1.simdcf = select <8 x i1> %em.slice, <8 x i32> %t1, <8 x i32> %t1.old
; CHECK: latch:
; CHECK: br i1 %more, label %loop, label %exit
define <8 x i32> @scalar_loop_inside(<8 x i32> %x, i32 %n) {
entry:
  %c = icmp sgt <8 x i32> %x, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %trip = and i32 %n, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %then ], [ %i.next, %loop.body ]
  %v = phi <8 x i32> [ %x, %then ], [ %v.next, %loop.body ]
  %more = icmp slt i32 %i, %trip
  br i1 %more, label %loop.body, label %loop.exit

loop.body:
  %v.next = mul <8 x i32> %v, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %i.next = add i32 %i, 1
  br label %loop

loop.exit:
  %w = add <8 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  br label %end

end:
  %r = phi <8 x i32> [ %x, %entry ], [ %w, %loop.exit ]
  ret <8 x i32> %r
}

define <8 x i32> @simd_if_in_scalar_loop(<8 x i32> %x, i32 %n) {
entry:
  %trip = and i32 %n, 7
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %v = phi <8 x i32> [ %x, %entry ], [ %v.next, %latch ]
  %bit = and <8 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %odd = icmp ne <8 x i32> %bit, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %odd)
  br i1 %any, label %then, label %latch

then:
  %t = mul <8 x i32> %v, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %t1 = add <8 x i32> %t, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  br label %latch

latch:
  %v.next = phi <8 x i32> [ %v, %loop ], [ %t1, %then ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %trip
  br i1 %more, label %loop, label %exit

exit:
  ret <8 x i32> %v.next
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)

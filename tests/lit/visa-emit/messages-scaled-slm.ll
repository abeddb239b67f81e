; Scaled and untyped (4-channel) messages: gather/scatter.scaled, the scaled2 and masked.scaled2 variants and
; gather4/scatter4 share one lowering each, their operands found by name in intrinsics.td. All-true lane enables
; are no predicate; a variable one predicates the message, and a gather's old value is copied into the result
; first (a merge copy) so that disabled lanes keep it; here %a dies at the load, so coalescing removes the copy
; and the load writes into %a's variable. Offsets are read as ud; log2_blocks 2 is `.4`; channel
; mask 5 is `.RB`. SLM's binding-table index 254 is vISA's %slm; another constant index is bound to a surface
; variable with movs before its use. The vISA validates against the IR on the executor.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: .decl [[BUF:T[0-9]+]] v_type=T num_elts=1 // %buf
; CHECK: .decl [[CONST:T[0-9]+]] v_type=T num_elts=1 // binding-table index 1
; CHECK: gather_scaled.4 (M1, 8) [[BUF]] 0x0:ud [[OFF:V[0-9]+]].0 [[A:V[0-9]+]].0
; CHECK: cmp.lt (M1, 8) [[P:P[0-9]+]]
; CHECK-NEXT: ([[P]]) gather_scaled.4 (M1, 8) [[BUF]] 0x20:ud [[OFF]].0 [[A]].0
; CHECK: ([[P]]) gather_scaled.4 (M1, 8) [[BUF]] 0x40:ud [[OFF]].0
; CHECK: scatter_scaled.4 (M1, 8) [[BUF]] 0x60:ud [[OFF]].0 [[A]].0
; CHECK: gather4_scaled.RB (M1, 8) [[BUF]] 0x0:ud [[OFF]].0 [[Q:V[0-9]+]].0
; CHECK: scatter4_scaled.RB (M1, 8) [[BUF]] 0x80:ud [[OFF]].0 [[Q]].0
; CHECK: scatter_scaled.4 (M1, 8) %slm 0x0:ud [[OFF]].0 {{V[0-9]+}}.0
; CHECK: gather_scaled.4 (M1, 8) %slm 0x0:ud [[OFF]].0 [[S:V[0-9]+]].0
; CHECK: movs (M1, 1) [[CONST]](0) 0x1:ud
; CHECK-NEXT: scatter_scaled.4 (M1, 8) [[CONST]] 0xa0:ud [[OFF]].0 [[S]].0

define void @scaled(i32 %buf) #0 {
  %off4 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %off = and <8 x i32> %off4, <i32 28, i32 28, i32 28, i32 28, i32 28, i32 28, i32 28, i32 28>
  %a = call <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32 2, i16 0, i32 %buf, i32 0, <8 x i32> %off)
  %p = icmp slt <8 x i32> %a, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %b = call <8 x i32> @llvm.genx.gather.scaled.v8i32.v8i1.v8i32(<8 x i1> %p, i32 2, i16 0, i32 %buf, i32 32, <8 x i32> %off, <8 x i32> %a)
  %c = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 2, i16 0, i32 %buf, i32 64, <8 x i32> %off, <8 x i1> %p)
  %d = select <8 x i1> %p, <8 x i32> %c, <8 x i32> %b
  call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 %buf, i32 96, <8 x i32> %off, <8 x i32> %b)
  %q = call <16 x float> @llvm.genx.gather4.masked.scaled2.v16f32.v8i32.v8i1(i32 5, i16 0, i32 %buf, i32 0, <8 x i32> %off, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.scatter4.scaled.v8i1.v8i32.v16f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 5, i16 0, i32 %buf, i32 128, <8 x i32> %off, <16 x float> %q)
  call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 254, i32 0, <8 x i32> %off, <8 x i32> %d)
  %s = call <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32 2, i16 0, i32 254, i32 0, <8 x i32> %off)
  call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 1, i32 160, <8 x i32> %off, <8 x i32> %s)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32, i16, i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.gather.scaled.v8i32.v8i1.v8i32(<8 x i1>, i32, i16, i32, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32, i16, i32, i32, <8 x i32>, <8 x i1>)
declare void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1>, i32, i16, i32, i32, <8 x i32>, <8 x i32>)
declare <16 x float> @llvm.genx.gather4.masked.scaled2.v16f32.v8i32.v8i1(i32, i16, i32, i32, <8 x i32>, <8 x i1>)
declare void @llvm.genx.scatter4.scaled.v8i1.v8i32.v16f32(<8 x i1>, i32, i16, i32, i32, <8 x i32>, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @scaled, !"scaled", !1, i32 1024, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}

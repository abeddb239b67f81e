; printf in IGC's device form (a variadic call whose format is a constant addrspace(2) string) prints on the CPU
; run: each thread's lines together, threads in order (groups x fastest, then local ids), then the summary line;
; vectors print with OpenCL's %v form. The same order on one worker and on two.
; RUN: env RAYON_NUM_THREADS=1 %cmc run %s --groups 2,2 --local 2 | FileCheck %s
; RUN: env RAYON_NUM_THREADS=2 %cmc run %s --groups 2,2 --local 2 | FileCheck %s
; CHECK:      group (0,0) thread 0: 0,1,2,3 0
; CHECK-NEXT: group (0,0) thread 0: done
; CHECK-NEXT: group (0,0) thread 1: 1,2,3,4 0x1
; CHECK-NEXT: group (0,0) thread 1: done
; CHECK-NEXT: group (1,0) thread 0: 0,1,2,3 0x10
; CHECK-NEXT: group (1,0) thread 0: done
; CHECK-NEXT: group (1,0) thread 1: 1,2,3,4 0x11
; CHECK-NEXT: group (1,0) thread 1: done
; CHECK-NEXT: group (0,1) thread 0: 0,1,2,3 0x100
; CHECK:      group (1,1) thread 1: done
; CHECK-NEXT: cmc run: kernel 'hello' ran 8 thread(s) in 4 group(s); wrote 0 file(s)

@fmt = internal addrspace(2) constant [34 x i8] c"group (%d,%d) thread %d: %v4d %#x\00"
@nl = internal addrspace(2) constant [2 x i8] c"\0A\00"
@done = internal addrspace(2) constant [26 x i8] c"group (%d,%d) thread %d: \00"
@word = internal addrspace(2) constant [5 x i8] c"done\00"
@s = internal addrspace(2) constant [4 x i8] c"%s\0A\00"

define spir_kernel void @hello() {
entry:
  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lx = extractelement <3 x i32> %l, i32 0
  %splat.0 = insertelement <4 x i32> undef, i32 %lx, i32 0
  %splat = shufflevector <4 x i32> %splat.0, <4 x i32> undef, <4 x i32> zeroinitializer
  %v = add <4 x i32> %splat, <i32 0, i32 1, i32 2, i32 3>
  %gy16 = shl i32 %gy, 8
  %gx4 = shl i32 %gx, 4
  %h0 = or i32 %gy16, %gx4
  %h = or i32 %h0, %lx
  %f = getelementptr [34 x i8], [34 x i8] addrspace(2)* @fmt, i32 0, i32 0
  call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %f, i32 %gx, i32 %gy, i32 %lx, <4 x i32> %v, i32 %h)
  %n = getelementptr [2 x i8], [2 x i8] addrspace(2)* @nl, i32 0, i32 0
  call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %n)
  %d = getelementptr [26 x i8], [26 x i8] addrspace(2)* @done, i32 0, i32 0
  call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %d, i32 %gx, i32 %gy, i32 %lx)
  %fs = getelementptr [4 x i8], [4 x i8] addrspace(2)* @s, i32 0, i32 0
  %w = getelementptr [5 x i8], [5 x i8] addrspace(2)* @word, i32 0, i32 0
  call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %fs, i8 addrspace(2)* %w)
  ret void
}

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare i32 @printf(i8 addrspace(2)*, ...)

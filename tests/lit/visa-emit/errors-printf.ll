; Device printf through the vISA route is refused, with a located error naming the kernel, the call and the
; construct, where the CM printf protocol (docs/cm-printf.md) has no record for it or the kernel would depend on
; what it does not give: a printf whose result is used (the protocol gives the kernel no status), a vector
; argument (the route writes scalar records only), a pointer argument that is not a string literal (the text is
; written from the literal), and a string of 128 bytes before its NUL (the text field holds 128 with the NUL).
; Nothing is printed for a refused kernel.
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'used', block 'entry': %r = call i32 {{.*}}@printf({{.*}}: the value device printf returns is used: the vISA route writes the CM runtime's printf records, which give the kernel no status; not lowered
; CHECK-DAG: error: genx-visa-emit: in function 'vector', block 'entry': {{.*}}@printf({{.*}}: printf argument 1 is a vector: the vISA route writes the CM printf protocol's scalar records only (print its elements)
; CHECK-DAG: error: genx-visa-emit: in function 'pointer', block 'entry': {{.*}}@printf({{.*}}: the printf %s argument (operand 1) is not a string literal: the CM printf protocol writes its text
; CHECK-DAG: error: genx-visa-emit: in function 'long', block 'entry': {{.*}}@printf({{.*}}: the printf format (operand 0) has 128 bytes: the CM printf protocol holds at most 127 before the NUL
; CHECK-NOT: .kernel

@fmt = private unnamed_addr addrspace(2) constant [4 x i8] c"%d\0A\00"
@vfmt = private unnamed_addr addrspace(2) constant [6 x i8] c"%v4d\0A\00"
@sfmt = private unnamed_addr addrspace(2) constant [4 x i8] c"%s\0A\00"
@text = private unnamed_addr addrspace(2) constant [129 x i8] c"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\00"

define void @used(i32 %x) #0 {
entry:
  %r = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([4 x i8], [4 x i8] addrspace(2)* @fmt, i64 0, i64 0), i32 %x)
  %s = add i32 %r, %x
  ret void
}

define void @vector(<4 x i32> %v) #0 {
entry:
  %r = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([6 x i8], [6 x i8] addrspace(2)* @vfmt, i64 0, i64 0), <4 x i32> %v)
  ret void
}

define void @pointer(i8 addrspace(2)* %p) #0 {
entry:
  %r = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([4 x i8], [4 x i8] addrspace(2)* @sfmt, i64 0, i64 0), i8 addrspace(2)* %p)
  ret void
}

define void @long() #0 {
entry:
  %r = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([129 x i8], [129 x i8] addrspace(2)* @text, i64 0, i64 0))
  ret void
}

declare i32 @printf(i8 addrspace(2)*, ...)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5, !6}
!0 = !{void (i32)* @used, !"used", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!""}
!3 = !{}
!4 = !{void (<4 x i32>)* @vector, !"vector", !1, i32 0, !1, !1, !2, i32 0}
!5 = !{void (i8 addrspace(2)*)* @pointer, !"pointer", !1, i32 0, !1, !1, !2, i32 0}
!6 = !{void ()* @long, !"long", !3, i32 0, !3, !3, !3, i32 0}

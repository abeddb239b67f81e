; genx-cm-lower's printf form (cm_lower/printf.rs): calls of the C printf the headers declare become calls of
; `i32 @printf(i8 addrspace(2)*, ...)` with the format and every %s string copied to address space 2 (the form
; IGC's GenXPrintfResolution reads); on a platform without fp64 (icllp) a float promoted to double passes as
; the float and a double constant as the nearest float; on skl doubles stay. The address-space-0 strings and the
; old declaration are deleted.
; RUN: %opt -passes=genx-cm-lower -S %s | FileCheck %s
; RUN: %cmc -passes=genx-cm-lower -S %s -o - | FileCheck %s

@.str = private unnamed_addr constant [11 x i8] c"x=%f y=%s\0A\00", align 1
@.str.1 = private unnamed_addr constant [3 x i8] c"hi\00", align 1
@.str.2 = private unnamed_addr constant [8 x i8] c"d=%f %d\00", align 1

; CHECK-DAG: @.str.constant = private unnamed_addr addrspace(2) constant [11 x i8] c"x=%f y=%s\0A\00", align 1
; CHECK-DAG: @.str.1.constant = private unnamed_addr addrspace(2) constant [3 x i8] c"hi\00", align 1
; CHECK-DAG: @.str.2.constant = private unnamed_addr addrspace(2) constant [8 x i8] c"d=%f %d\00", align 1
; CHECK-NOT: @.str = private
; CHECK-LABEL: define void @no_fp64(
; CHECK: call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([11 x i8], [11 x i8] addrspace(2)* @.str.constant, i64 0, i64 0), float %x, i8 addrspace(2)* getelementptr inbounds ([3 x i8], [3 x i8] addrspace(2)* @.str.1.constant, i64 0, i64 0))
; CHECK: call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([8 x i8], [8 x i8] addrspace(2)* @.str.2.constant, i64 0, i64 0), float 0x4010CCCCC0000000, i32 7)
define void @no_fp64(float %x) #0 {
entry:
  %d = fpext float %x to double
  %c = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @.str, i64 0, i64 0), double %d, i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str.1, i64 0, i64 0))
  %c2 = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([8 x i8], [8 x i8]* @.str.2, i64 0, i64 0), double 4.2, i32 7)
  ret void
}

; CHECK-LABEL: define void @fp64(
; CHECK: call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([8 x i8], [8 x i8] addrspace(2)* @.str.2.constant, i64 0, i64 0), double %d, i32 1)
define void @fp64(double %d) #1 {
entry:
  %c = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([8 x i8], [8 x i8]* @.str.2, i64 0, i64 0), double %d, i32 1)
  ret void
}

; CHECK: declare i32 @printf(i8 addrspace(2)*, ...)
declare i32 @printf(i8*, ...)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="skl" }

// Device printf: printf and cm_printf become calls of `i32 @printf(i8 addrspace(2)*, ...)` whose format and %s
// strings are constant strings in address space 2 (IGC's vector-compute printf form); on a platform without
// fp64 a float promoted to double is passed as the float. The binaries carry the strings (patch tokens and zebin).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc -march=tgllp -binary-format=ze %s -o %t.ze.bin
// RUN: %cmc inspect %t.icllp.bin | FileCheck %s --check-prefix=BIN
// RUN: %cmc inspect %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// RUN: %cmc inspect %t.ze.bin | FileCheck %s --check-prefix=ZE

// CHECK-DAG: @[[FMT:[^ ]+]] = private unnamed_addr addrspace(2) constant [22 x i8] c"thread %d: %f and %s\0A\00", align 1
// CHECK-DAG: @[[S:[^ ]+]] = private unnamed_addr addrspace(2) constant [6 x i8] c"lanes\00", align 1
// CHECK-DAG: @[[FMT2:[^ ]+]] = private unnamed_addr addrspace(2) constant [9 x i8] c"done %u\0A\00", align 1
// CHECK-DAG: declare i32 @printf(i8 addrspace(2)*, ...)
// CHECK-LABEL: define {{.*}}@hello(
// CHECK: %[[X:[^ ]+]] = extractelement <8 x float>
// CHECK: call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([22 x i8], [22 x i8] addrspace(2)* @[[FMT]], i64 0, i64 0), i32 %n, float %[[X]], i8 addrspace(2)* getelementptr inbounds ([6 x i8], [6 x i8] addrspace(2)* @[[S]], i64 0, i64 0))
// CHECK: call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([9 x i8], [9 x i8] addrspace(2)* @[[FMT2]], i64 0, i64 0), i32 %n)
// BIN: kernel hello
// BIN-DAG: printf string "thread %d: %f and %s\n"
// BIN-DAG: printf string "lanes"
// BIN-DAG: printf string "done %u\n"
// ZE: zebin, 1 kernel(s)
// ZE-DAG: printf string "thread %d: %f and %s\n"
// ZE-DAG: printf string "done %u\n"

extern "C" _GENX_MAIN_ void hello(SurfaceIndex in, int n) {
  vector<float, 8> v;
  read(in, 0, v);
  printf("thread %d: %f and %s\n", n, v(2), "lanes");
  cm_printf("done %u\n", (unsigned)n);
}

; A kernel that reads past its buffer stops with the kernel, the instruction, the address and the nearest
; buffer; no output file is written.
; RUN: rm -rf %t && mkdir -p %t
; RUN: python3 -c "open('%t/in.bin', 'wb').write(bytes(64))"
; RUN: not %cmc run %s --groups 3 --arg buffer:%t/in.bin:%t/out.bin --arg 1 2>&1 | FileCheck %s
; RUN: not test -e %t/out.bin
; CHECK: cmc run: error: kernel 'vadd': in function 'vadd', at `%v = load <8 x i32>, <8 x i32> addrspace(1)* %p{{.*}}`: out-of-bounds read of 32 bytes at address 0x{{[0-9a-f]+}}; nearest allocation: 'argument 0 (%buf) (buffer)'

define spir_kernel void @vadd(<8 x i32> addrspace(1)* %buf, i32 %n) {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %p = getelementptr <8 x i32>, <8 x i32> addrspace(1)* %buf, i32 %gid
  %v = load <8 x i32>, <8 x i32> addrspace(1)* %p
  %n.v = insertelement <8 x i32> undef, i32 %n, i32 0
  %n.s = shufflevector <8 x i32> %n.v, <8 x i32> undef, <8 x i32> zeroinitializer
  %s = add <8 x i32> %v, %n.s
  store <8 x i32> %s, <8 x i32> addrspace(1)* %p
  ret void
}
declare i32 @llvm.genx.group.id.x()

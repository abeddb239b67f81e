; cmc run executes a kernel over a 2x2 grid on two media-block surfaces: each thread reads an 8x8 int block,
; adds its even and odd columns with two 2D regions, and writes the 8x4 sums.
; RUN: rm -rf %t && mkdir -p %t
; RUN: python3 %S/Inputs/image.py make %t/in.bin
; RUN: python3 %S/Inputs/image.py zeros %t/zeros.bin
; RUN: %cmc run %s --groups 2,2 --surface 1=image2d:64x16:%t/in.bin --surface 2=image2d:32x16:%t/zeros.bin:%t/out.bin --arg surface:1 --arg surface:2 | FileCheck %s --check-prefix=SUMMARY
; RUN: python3 %S/Inputs/image.py check %t/out.bin | FileCheck %s
; SUMMARY: cmc run: kernel 'media_region_add' ran 4 thread(s) in 4 group(s); wrote 1 file(s)
; CHECK: checked 128 elements, 0 wrong

define spir_kernel void @media_region_add(i32 %in, i32 %out) #0 {
entry:
  %tx = call i16 @llvm.genx.thread.x()
  %ty = call i16 @llvm.genx.thread.y()
  %tx32 = zext i16 %tx to i32
  %ty32 = zext i16 %ty to i32
  %x.in = mul i32 %tx32, 32
  %x.out = mul i32 %tx32, 16
  %y = mul i32 %ty32, 8
  ; an 8x8 block of int: 32 bytes wide, 8 rows
  %block = call <64 x i32> @llvm.genx.media.ld.v64i32(i32 0, i32 %in, i32 0, i32 32, i32 %x.in, i32 %y)
  ; 2D regions <8;4,2>: the even columns from byte 0, the odd ones from byte 4
  %even = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %block, i32 8, i32 4, i32 2, i16 0, i32 undef)
  %odd = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %block, i32 8, i32 4, i32 2, i16 4, i32 undef)
  %sum = add <32 x i32> %even, %odd
  call void @llvm.genx.media.st.v32i32(i32 0, i32 %out, i32 0, i32 16, i32 %x.out, i32 %y, <32 x i32> %sum)
  ret void
}

declare i16 @llvm.genx.thread.x()
declare i16 @llvm.genx.thread.y()
declare <64 x i32> @llvm.genx.media.ld.v64i32(i32, i32, i32, i32, i32, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.media.st.v32i32(i32, i32, i32, i32, i32, i32, <32 x i32>)

attributes #0 = { noinline nounwind "VCFunction" }

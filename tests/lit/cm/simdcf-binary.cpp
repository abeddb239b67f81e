// IGC takes the goto/join program to Gen ISA with hardware SIMD control flow: goto/join instructions with
// their JIP/UIP labels, and the loop's backward goto.
// REQUIRES: ocloc, llvm-spirv
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %cmc -march=tgllp %s -o k.bin -mdump_asm
// RUN: %cmc inspect k.bin | FileCheck %s --check-prefix=KERNELS
// RUN: FileCheck %s --check-prefix=ASM --input-file=simd_loop.asm

// KERNELS: 1 kernel(s)
// KERNELS: kernel simd_loop
// ASM: goto (16|M0)
// ASM: join (16|M0)
// ASM: goto.b (16|M0)

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void simd_loop(SurfaceIndex in, SurfaceIndex out) {
  vector<unsigned, 16> n, limit;
  read(in, 0, n);
  read(in, 64, limit);
  vector<unsigned, 16> i = 0, acc = 0;
  SIMD_DO_WHILE_BEGIN
    i += 1;
    SIMD_IF_BEGIN(i > limit)
      SIMD_BREAK;
    SIMD_IF_END
    SIMD_IF_BEGIN((i & 3) == 0)
      SIMD_CONTINUE;
    SIMD_IF_END
    acc += i * i;
  SIMD_DO_WHILE_END(i < n)
  write(out, 0, acc);
}

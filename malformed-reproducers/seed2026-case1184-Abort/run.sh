#!/bin/sh
# case 1184 (IR tests/lit/vc-bridge/Inputs/bti-scale.ll: '\' inserted at 224): Abort killed by signal 6
cd "$(dirname "$0")" && /usr/lib/llvm-14/bin/opt -load-pass-plugin=/work/main/target/release/libgenx_passes.so -passes=genx-lowering,genx-verify -S in.ll -o out.ll

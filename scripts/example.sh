#!/usr/bin/env bash
# The main job (README): installs what is missing, builds cmc and the pass plugin, and compiles the example kernel
# to an Intel GPU binary with cmc:
#   1. for a GenX IR input, genx-verify through opt-14's plugin and through cmc's in-process pipeline (same
#      pipeline text, identical output);
#   2. `cmc -march=<device>`: front end (for CM source), middle end, vc-bridge (SPIR-V-ready IR, llvm-spirv-14),
#      IGC (ocloc -vc-codegen); cmc checks that the binary holds every kernel (IGC can say "Build succeeded" and
#      emit none) and prints the time of each phase;
#   3. the binary's kernels (`cmc inspect`) and each kernel's Gen ISA with its instruction count;
#   4. `cmc -backend=visa`: the same input through our vISA route (our passes emit vISA, GenX_IR finalizes it
#      into one CISA object), each kernel's Gen ISA count beside the IGC route's.
#
#   bash scripts/example.sh [input.cpp|input.ll] [device]
# The default input is examples/linear_filter.cpp (CM source); GenX IR such as examples/vadd_svm.ll works too.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
input=${1:-examples/linear_filter.cpp}
device=${2:-icllp}

bash scripts/ensure-setup.sh
cargo build --release -p genx-passes -p cmc --quiet

target=${CARGO_TARGET_DIR:-$root/target}
plugin=$target/release/libgenx_passes.so
cmc=$target/release/cmc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$(realpath "$input")

case "$input" in
  *.ll)
    echo "== genx-verify through opt-14 -load-pass-plugin"
    opt-14 -load-pass-plugin="$plugin" -passes=genx-verify -S "$input" -o "$work/opt.ll"
    echo "== genx-verify through cmc -passes (in-process)"
    "$cmc" -passes=genx-verify -S "$input" -o "$work/cmc.ll"
    cmp -s "$work/opt.ll" "$work/cmc.ll" && echo "   identical output from opt and cmc"
    ;;
esac

echo "== cmc -march=$device $(basename "$input") (front end, middle end, llvm-spirv-14, IGC; kernels checked)"
(cd "$work" && "$cmc" -march="$device" "$input" -o k.bin -mdump_asm -ftime-report)
"$cmc" inspect "$work/k.bin" | sed 's/^/   /'

for asm in "$work"/*.asm; do
  kernel=$(basename "$asm" .asm)
  count=$(sed -nE 's#^//\.instCount ([0-9]+).*#\1#p' "$asm")
  echo "== Gen ISA of '$kernel' on $device: $count instructions"
  grep -vE '^\s*(//|$)' "$asm" | sed -E 's#\s*//.*##' | grep -vE '^\s*$' | sed 's/^/   /'
done

# The vISA route: our passes decide the code (regions, bales, widths, registers) and IGC's vISA finalizer
# (GenX_IR) only finalizes it; its CISA object holds every kernel. Its Gen ISA count beside the IGC route's.
mkdir -p "$work/visa"
echo "== cmc -backend=visa -march=$device $(basename "$input") (our vISA, finalized by GenX_IR; -binary-format=cm)"
(cd "$work/visa" && "$cmc" -backend=visa -march="$device" "$input" -o k.cm.bin -mdump_asm -ftime-report)
for asm in "$work"/visa/*.asm; do
  kernel=$(basename "$asm" .asm)
  ours=$(sed -nE 's#^//\.instCount ([0-9]+).*#\1#p' "$asm")
  igc=$(sed -nE 's#^//\.instCount ([0-9]+).*#\1#p' "$work/$kernel.asm" 2>/dev/null || true)
  echo "== Gen ISA of '$kernel' on $device through the vISA route: $ours instructions (IGC route: ${igc:-n/a}); our vISA is $kernel.visaasm"
done

#!/usr/bin/env bash
# The main job (README): installs what is missing, builds cmc and the pass plugin, and takes the example GenX IR
# kernel examples/vadd_svm.ll to an Intel GPU binary:
#   1. genx-verify through opt-14's plugin and through cmc's in-process pipeline (same pipeline text);
#   2. SPIR-V with the vector-compute extensions (llvm-spirv-14);
#   3. a Gen11 (icllp) binary from IGC's vc backend (ocloc -vc-codegen), whose kernel names are checked: IGC can
#      print "Build succeeded" and emit no kernel;
#   4. the kernel's Gen ISA summary.
# Until the CM front end and the vc-bridge land, steps 2-3 are these commands; they move into `cmc` later.
#
#   bash scripts/example.sh [input.ll] [device]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
input=${1:-examples/vadd_svm.ll}
device=${2:-icllp}

bash scripts/ensure-setup.sh
cargo build --release -p genx-passes -p cmc --quiet

target=${CARGO_TARGET_DIR:-$root/target}
plugin=$target/release/libgenx_passes.so
cmc=$target/release/cmc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== genx-verify through opt-14 -load-pass-plugin"
opt-14 -load-pass-plugin="$plugin" -passes=genx-verify -S "$input" -o "$work/opt.ll"
echo "== genx-verify through cmc -passes (in-process)"
"$cmc" -passes=genx-verify -S "$input" -o "$work/cmc.ll"
cmp -s "$work/opt.ll" "$work/cmc.ll" && echo "   identical output from opt and cmc"

echo "== SPIR-V (llvm-spirv-14, SPV_INTEL_vector_compute)"
llvm-as-14 "$work/cmc.ll" -o "$work/k.bc"
llvm-spirv-14 "$work/k.bc" -o "$work/k.spv" \
  --spirv-ext=+SPV_INTEL_vector_compute,+SPV_INTEL_float_controls2,+SPV_KHR_float_controls \
  --spirv-allow-unknown-intrinsics=llvm.genx.

echo "== IGC vc backend for $device (ocloc -vc-codegen)"
(cd "$work" && ocloc compile -q -spirv_input -file k.spv -device "$device" -options "-vc-codegen" \
  -internal_options "-dump-asm" -output k.bin -output_no_suffix >/dev/null)

# The kernels the binary must hold: every spir_kernel of the input.
expected=$(sed -nE 's/^define[^@]*spir_kernel[^@]*@([A-Za-z0-9_.$]+)\(.*/\1/p' "$input" | sort)
mkdir -p "$work/iga" && ln -sf /usr/lib/x86_64-linux-gnu/libiga64.so.1 "$work/iga/libiga64.so"
(cd "$work" && LD_LIBRARY_PATH="$work/iga" ocloc disasm -file k.bin -device "$device" -dump dis >/dev/null 2>&1)
found=$(cd "$work/dis" && ls -- *_KernelHeap.asm 2>/dev/null | sed 's/_KernelHeap\.asm$//' | sort)
if [ -z "$found" ] || [ "$found" != "$expected" ]; then
  echo "error: the binary holds kernels [${found//$'\n'/ }], expected [${expected//$'\n'/ }]" >&2
  exit 1
fi
echo "   binary: $(stat -c %s "$work/k.bin") bytes, $(printf '%s\n' "$found" | wc -l) kernel(s): ${found//$'\n'/ }"

for kernel in $found; do
  asm=$work/$kernel.asm
  count=$(sed -nE 's#^//\.instCount ([0-9]+).*#\1#p' "$asm")
  echo "== Gen ISA of '$kernel' on $device: $count instructions"
  grep -vE '^\s*(//|$)' "$asm" | sed -E 's#\s*//.*##' | grep -vE '^\s*$' | sed 's/^/   /'
done

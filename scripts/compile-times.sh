#!/usr/bin/env bash
# Per-phase compile time of the example kernels (cmc -ftime-report), each compiled N times, median per phase:
# front end (clang + lowering; parsing for .ll), middle end (GenX passes), bridge (SPIR-V-ready IR, llvm-spirv-14)
# and IGC (ocloc). The goal it measures: front end + middle end <= 20% of IGC's time.
#
#   bash scripts/compile-times.sh [device] [runs]     (after `cargo build --release -p cmc`)
set -euo pipefail
cd "$(dirname "$0")/.."
device=${1:-icllp}
runs=${2:-5}
cmc=${CARGO_TARGET_DIR:-$PWD/target}/release/cmc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=(examples/linear_filter.cpp examples/vadd_svm.ll tests/lit/vc-bridge/Inputs/bti-scale.ll
        tests/lit/vc-bridge/Inputs/svm-slm.ll tests/lit/vc-bridge/Inputs/two-kernels.ll)
printf '%-16s %10s %10s %10s %12s %10s %10s\n' kernel "front(ms)" "middle(ms)" "bridge(ms)" "spirv(ms)" "IGC(ms)" "(fe+me)/IGC"
for input in "${inputs[@]}"; do
  [ -e "$input" ] || continue
  for ((i = 0; i < runs; i++)); do
    "$cmc" -march="$device" "$input" -o "$work/k.bin" -ftime-report 2>&1 >/dev/null | sed -nE \
      -e 's/^ *front end \((clang \+ lowering|IR parse)\) +([0-9.]+) ms/fe \2/p' \
      -e 's/^ *middle end \(GenX passes\) +([0-9.]+) ms/me \1/p' \
      -e 's/^ *bridge \(SPIR-V-ready IR\) +([0-9.]+) ms/br \1/p' \
      -e 's/^ *bridge \(llvm-spirv-14\) +([0-9.]+) ms/sp \1/p' \
      -e 's/^ *IGC \(ocloc -vc-codegen\) +([0-9.]+) ms/igc \1/p'
  done | awk -v name="$(basename "$input")" '
    { v[$1, n[$1]++] = $2 }
    function median(key,   i, j, t, m) {
      m = n[key]; for (i = 0; i < m; i++) a[i] = v[key, i]
      for (i = 0; i < m; i++) for (j = i + 1; j < m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int(m / 2)]
    }
    END {
      fe = median("fe"); me = median("me"); br = median("br"); sp = median("sp"); igc = median("igc")
      printf "%-16s %10.2f %10.2f %10.2f %12.2f %10.2f %9.1f%%\n", substr(name, 1, 16), fe, me, br, sp, igc, 100 * (fe + me) / igc
    }'
done

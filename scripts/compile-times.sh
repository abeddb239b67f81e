#!/usr/bin/env bash
# Per-phase compile time of the example kernels (cmc -ftime-report), each compiled N times, median per phase, in
# CPU time (this process and the tools it runs; stable on a loaded machine) and wall time: front end (clang +
# lowering; parsing for .ll), middle end (GenX passes), bridge (SPIR-V-ready IR), llvm-spirv-14 and IGC (ocloc).
# The goal it measures: front end + middle end <= 20% of IGC's time.
#
#   bash scripts/compile-times.sh [device] [runs]     (after `cargo build --release -p cmc`)
set -euo pipefail
cd "$(dirname "$0")/.."
device=${1:-icllp}
runs=${2:-5}
cmc=${CARGO_TARGET_DIR:-$PWD/target}/release/cmc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=(examples/linear_filter.cpp examples/vadd_svm.ll tests/lit/vc-bridge/Inputs/vadd.cpp
        tests/lit/vc-bridge/Inputs/bti-scale.ll tests/lit/vc-bridge/Inputs/svm-slm.ll
        tests/lit/vc-bridge/Inputs/two-kernels.ll)
echo "median of $runs compiles for $device, CPU ms (wall ms)"
printf '%-18s %17s %15s %15s %17s %17s %13s\n' kernel "front end" "middle end" "bridge IR" "llvm-spirv" "IGC" "(fe+me)/IGC"
for input in "${inputs[@]}"; do
  [ -e "$input" ] || continue
  for ((i = 0; i < runs; i++)); do
    "$cmc" -march="$device" "$input" -o "$work/k.bin" -ftime-report 2>&1 >/dev/null | sed -nE \
      -e 's/^ *front end \((clang \+ lowering|IR parse)\) +([0-9.]+) +([0-9.]+)$/fe \2 \3/p' \
      -e 's/^ *middle end \(GenX passes\) +([0-9.]+) +([0-9.]+)$/me \1 \2/p' \
      -e 's/^ *bridge \(SPIR-V-ready IR\) +([0-9.]+) +([0-9.]+)$/br \1 \2/p' \
      -e 's/^ *bridge \(llvm-spirv-14\) +([0-9.]+) +([0-9.]+)$/sp \1 \2/p' \
      -e 's/^ *IGC \(ocloc -vc-codegen\) +([0-9.]+) +([0-9.]+)$/igc \1 \2/p'
  done | awk -v name="$(basename "$input")" '
    { wall[$1, n[$1]] = $2; cpu[$1, n[$1]] = $3; n[$1]++ }
    function median(arr, key,   i, j, t, m, a) {
      m = n[key]; for (i = 0; i < m; i++) a[i] = arr[key, i]
      for (i = 0; i < m; i++) for (j = i + 1; j < m; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int(m / 2)]
    }
    END {
      line = sprintf("%-18s", substr(name, 1, 18))
      split("fe me br sp igc", keys, " ")
      for (k = 1; k <= 5; k++) line = line sprintf(" %8.2f (%6.1f)", median(cpu, keys[k]), median(wall, keys[k]))
      printf "%s %12.1f%%\n", line, 100 * (median(cpu, "fe") + median(cpu, "me")) / median(cpu, "igc")
    }'
done

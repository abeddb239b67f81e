#!/usr/bin/env bash
# The test command (README): installs what is missing, builds the workspace, runs every test, and closes with
# one line `N passed, N failed`. Exit status is non-zero when anything failed or did not build.
#
#   bash scripts/test.sh            # everything
#   bash scripts/test.sh -p rlit    # extra arguments go to `cargo test`
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

bash scripts/ensure-setup.sh || exit 1

status=0
echo "== cargo build --release --workspace"
cargo build --release --workspace || { echo "0 passed, 1 failed"; exit 1; }

echo "== cargo test --release --workspace $*"
cargo test --release --workspace "$@" 2>&1 | tee "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

passed=$(grep -E '^test result:' "$log" | sed -E 's/.* ([0-9]+) passed.*/\1/' | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^test result:' "$log" | sed -E 's/.* ([0-9]+) failed.*/\1/' | awk '{s+=$1} END {print s+0}')

# The intrinsic table's coverage of the installed vc-intrinsics table (printed by its test; captured above).
if [ $# -eq 0 ]; then
  cargo test --release -q -p genx-passes --test intrinsics_table every_record_agrees_with_the_installed_table \
    -- --nocapture 2>/dev/null | grep -E '^intrinsic coverage' || true
  cargo test --release -q -p genx-exec --test semantics_coverage -- --nocapture 2>/dev/null \
    | grep -oE '^executable semantics: [0-9]+ / [0-9]+ GenX intrinsics' || true
fi

# The same lit files under LLVM's own lit.py: a cross-check of rlit's semantics, counted as one test.
if [ $# -eq 0 ]; then
  echo "== lit.py cross-check: python3 /usr/lib/llvm-14/build/utils/lit/lit.py tests/lit"
  if python3 /usr/lib/llvm-14/build/utils/lit/lit.py -q tests/lit \
       --param plugin="$target/release/libgenx_passes.so" --param cmc="$target/release/cmc"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); status=1
  fi
fi

[ "$failed" -eq 0 ] || status=1
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1 # a target that did not build or crashed before printing its result
fi
echo "$passed passed, $failed failed"
exit "$status"

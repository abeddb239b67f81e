#!/usr/bin/env bash
# Proof of the vISA executor on vISA we did not write: for every kernel this project compiles (examples/, the CM
# lit tests that produce kernels, the vc-bridge lit inputs, tests/corpus/ when present), compile with IGC for each
# platform with -mdump_asm, then validate the kernel's IR against IGC's .visaasm (`cmc validate k.ll k.visaasm`).
# Prints one line per kernel and the counts: agree / mismatch / cannot validate (grouped by the construct named);
# agreements that needed a float rule (IGC's fmul + fadd -> mad contraction, NaN encodings) are counted apart.
#
# Usage: scripts/visa-proof.sh [platform...]   (default: icllp tgllp; needs target/release/cmc, ocloc, llvm-spirv)
# Environment: TRIALS (default 64) trials per kernel; KEEP=dir keeps the compiled files there.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cmc=$root/target/release/cmc
[ -x "$cmc" ] || { echo "visa-proof: build cmc first: cargo build --release -p cmc" >&2; exit 2; }
platforms=("$@"); [ ${#platforms[@]} -eq 0 ] && platforms=(icllp tgllp)
work=${KEEP:-$(mktemp -d)}; [ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
sources=("$root"/examples/*.cpp "$root"/examples/*.ll "$root"/tests/lit/cm/*.cpp "$root"/tests/lit/vc-bridge/Inputs/*)
[ -d "$root/tests/corpus" ] && sources+=("$root"/tests/corpus/*.cpp "$root"/tests/corpus/*.ll)
status=0
for platform in "${platforms[@]}"; do
  agree=0; mismatch=0; cannot=0; compiled=0; rejected=0; contracted=0; nans=0
  : > "$work/reasons-$platform"
  for source in "${sources[@]}"; do
    [ -f "$source" ] || continue
    name=$(basename "$source"); dir=$work/$platform/$name; mkdir -p "$dir"
    # Sources IGC (or our front end) rejects produce no kernel: they are counted, not validated.
    if ! (cd "$dir" && "$cmc" -march="$platform" "$source" -mdump_asm -o k.bin >/dev/null 2>&1); then
      rejected=$((rejected + 1)); continue
    fi
    case $name in
      *.ll) ir=$source ;;
      *) ir=$dir/k.ll; "$cmc" -march="$platform" "$source" -emit-llvm -S -o "$ir" 2>/dev/null || { rejected=$((rejected + 1)); continue; } ;;
    esac
    for visa in "$dir"/*.visaasm; do
      [ -f "$visa" ] || continue
      compiled=$((compiled + 1))
      out=$("$cmc" validate --trials "${TRIALS:-64}" "$ir" "$visa" 2>&1); rc=$?
      kernel="$platform $name $(basename "$visa" .visaasm)"
      case $rc in
        0) agree=$((agree + 1))
           # What the float rules accepted is counted and shown, never silent (cmc validate's notes).
           if echo "$out" | grep -q 'note: contraction'; then
             contracted=$((contracted + 1)); echo "agree     $kernel (contraction: $(echo "$out" | grep -o 'on [0-9]* trial(s)') explained by fmul + fadd fused into mad)"
           elif echo "$out" | grep -q 'note: .*NaN'; then
             nans=$((nans + 1)); echo "agree     $kernel (NaN encodings differ)"
           else
             echo "agree     $kernel"
           fi ;;
        1) mismatch=$((mismatch + 1)); status=1; echo "MISMATCH  $kernel"; echo "$out" | sed 's/^/    /' ;;
        3) cannot=$((cannot + 1))
           reason=$(echo "$out" | head -1 | sed -e 's/.*cannot validate function [^:]*: //' -e "s/in function '[^']*', at \`[^\`]*\`: //" -e 's/^[^ ]*\.visaasm:[0-9]*:[0-9]*: //' -e 's/0x[0-9a-f]*/N/g' -e 's/\b[0-9][0-9]*\b/N/g' | cut -c1-160)
           echo "$reason" >> "$work/reasons-$platform"
           echo "cannot    $kernel: $(echo "$out" | head -1 | cut -c1-300)" ;;
        *) status=2; echo "ERROR     $kernel: $out" ;;
      esac
    done
  done
  total=$((agree + mismatch + cannot))
  echo "== $platform: $total kernels from $((${#sources[@]} - rejected)) compiling sources: $agree agree ($((total ? 100 * agree / total : 0))%), $mismatch mismatch, $cannot cannot validate"
  echo "   of the agreeing: $contracted only after the contraction rerun (float mad rounded twice), $nans with NaNs of different encodings"
  sort "$work/reasons-$platform" | uniq -c | sed 's/^/   cannot validate: /'
done
exit $status

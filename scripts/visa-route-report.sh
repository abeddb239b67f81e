#!/usr/bin/env bash
# The vISA route against the IGC route, kernel by kernel (issue 16's benchmark command, not a test).
#
# For each input of the project's corpus (the examples, the CM lit kernels, the vc-bridge inputs) and each
# platform: the IGC route (`cmc -mdump_asm`: IGC's own .asm) and the vISA route (the middle end, genx-legalize,
# print<genx-visa-emit>, then GenX_IR on each kernel's .visaasm, as `cmc -backend=visa` does, but per kernel so
# that multi-kernel files are measured too). Prints one line per kernel: whether our route emitted it and GenX_IR
# accepted it, Gen ISA instructions and spill bytes of both routes, the ratio, and whether our .visaasm agrees
# with the kernel's IR on the vISA executor (`cmc validate`: yes, NO = mismatch, cannot = the executor cannot
# run one side); then the totals, the geometric mean of the ratios and the number of kernels that validate.
# A kernel our route refuses shows the first line of the located error.
#
# Usage: scripts/visa-route-report.sh [platform...]   (default: icllp tgllp)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cmc=${CMC:-$root/target/release/cmc}
platforms=("$@")
[ ${#platforms[@]} -eq 0 ] && platforms=(icllp tgllp)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pipeline="genx-inline-calls,always-inline,genx-promote-array,function(mem2reg),genx-constant-loads,genx-lowering,genx-region-collapse,genx-const-fold,genx-dead-vector,genx-legalize,print<genx-visa-emit>"

inputs=("$root"/examples/*.cpp "$root"/examples/*.ll "$root"/tests/lit/vc-bridge/Inputs/*.cpp)
for f in "$root"/tests/lit/vc-bridge/Inputs/*.ll; do
  case $(basename "$f") in igc-reject.ll|lost-kernel.ll|no-kernel.ll|syntax-error.ll|translator-reject.ll) ;; *) inputs+=("$f");; esac
done
for f in "$root"/tests/lit/cm/*.cpp; do
  case $(basename "$f") in errors-*|*-errors.cpp|kernel-declared-twice.cpp|atomic-wrong-sources.cpp) ;; *) inputs+=("$f");; esac
done

header() { sed -n "s|^//\.$1 \([0-9]*\).*|\1|p" "$2" | head -1; }

printf '%-7s %-28s %-24s %-8s %6s %6s %6s %6s %6s %6s\n' platform input kernel visa ours spill igc spill ratio valid
for platform in "${platforms[@]}"; do
  for input in "${inputs[@]}"; do
    name=$(basename "$input")
    dir="$work/$platform/$name"
    mkdir -p "$dir/igc" "$dir/visa"
    (cd "$dir/igc" && "$cmc" -march="$platform" "$input" -mdump_asm -o a.bin >log 2>&1)
    if ! "$cmc" -march="$platform" -passes="$pipeline" "$input" -o /dev/null 2>"$dir/visa/out" >/dev/null; then
      failed=1
    else
      failed=0
    fi
    # Split the printed kernels (each starts with .version) into files named after the kernel.
    python3 - "$dir/visa/out" "$dir/visa" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
parts = re.split(r'(?m)^(?=\.version )', text)
for part in parts:
    m = re.search(r'^\.kernel "([^"]*)"', part, re.M)
    if m and part.startswith('.version'):
        # Diagnostics of later kernels follow a kernel's text on stderr: keep the text up to its last `ret`.
        lines = part.splitlines(keepends=True)
        end = max((i for i, l in enumerate(lines) if l.strip().startswith('ret ')), default=len(lines) - 1)
        open(f"{sys.argv[2]}/{m.group(1)}.visaasm", 'w').write(''.join(lines[:end + 1]))
EOF
    # The IR the vISA is validated against: the front end's for a CM source, the input itself for IR.
    case $input in
      *.cpp) ir="$dir/ir.ll"; "$cmc" -march="$platform" -emit-llvm -S "$input" -o "$ir" >/dev/null 2>&1 || ir=;;
      *) ir=$input;;
    esac
    kernels=$(ls "$dir/igc"/*.asm 2>/dev/null | xargs -rn1 basename | sed 's/\.asm$//')
    [ -z "$kernels" ] && kernels=$(ls "$dir/visa"/*.visaasm 2>/dev/null | xargs -rn1 basename | sed 's/\.visaasm$//')
    [ -z "$kernels" ] && kernels="?"
    for kernel in $kernels; do
      igc_count=$(header instCount "$dir/igc/$kernel.asm" 2>/dev/null); igc_spill=$(header "spill size" "$dir/igc/$kernel.asm" 2>/dev/null)
      status=refused; ours=-; ours_spill=-; ratio=-; valid=-
      if [ -f "$dir/visa/$kernel.visaasm" ]; then
        mkdir -p "$dir/visa/$kernel" && cp "$dir/visa/$kernel.visaasm" "$dir/visa/$kernel/k.visaasm"
        visa_platform=$("$cmc" -march="$platform" -backend=visa "$input" -### 2>&1 | sed -n 's/.*-platform \([A-Za-z0-9_]*\).*/\1/p' | head -1)
        if (cd "$dir/visa/$kernel" && GenX_IR k.visaasm -platform "$visa_platform" -output -binary >log 2>&1) && [ -f "$dir/visa/$kernel/k.asm" ]; then
          status=accepted; ours=$(header instCount "$dir/visa/$kernel/k.asm"); ours_spill=$(header "spill size" "$dir/visa/$kernel/k.asm"); ours_spill=${ours_spill:-0}
          [ -n "$igc_count" ] && ratio=$(python3 -c "print(f'{$ours/$igc_count:.2f}')")
          if [ -n "$ir" ]; then
            "$cmc" validate "$ir" "$dir/visa/$kernel/k.visaasm" >"$dir/visa/$kernel/validate" 2>&1
            case $? in 0) valid=yes;; 1) valid=NO;; *) valid=cannot;; esac
          fi
        else
          status=rejected
        fi
      fi
      printf '%-7s %-28s %-24s %-8s %6s %6s %6s %6s %6s %6s\n' "$platform" "$name" "$kernel" "$status" "$ours" "$ours_spill" "${igc_count:--}" "${igc_spill:-0}" "$ratio" "$valid"
      if [ "$status" = refused ] && [ $failed = 1 ]; then
        grep -m1 "error" "$dir/visa/out" | sed "s|$root/||; s/^/        /" | cut -c1-220
      fi
    done
  done
done | tee "$work/report"
python3 - "$work/report" <<'EOF'
import math, sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1] not in (' ', 'p') and len(l.split()) == 10]
for platform in sorted({r[0] for r in rows}):
    mine = [r for r in rows if r[0] == platform]
    ok = [r for r in mine if r[3] == 'accepted']
    ratios = [float(r[8]) for r in ok if r[8] != '-']
    gm = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float('nan')
    print(f"{platform}: {len(ok)} of {len(mine)} kernels through the vISA route and accepted by GenX_IR; "
          f"{len(ratios)} compared with IGC: geometric mean {gm:.3f}x, max {max(ratios, default=float('nan')):.2f}x, "
          f"spills ours {sum(int(r[5]) for r in ok)} B vs IGC {sum(int(r[7]) for r in ok)} B; "
          f"validate against their IR: {sum(r[9] == 'yes' for r in ok)} agree, {sum(r[9] == 'NO' for r in ok)} mismatch, "
          f"{sum(r[9] == 'cannot' for r in ok)} cannot validate")
EOF

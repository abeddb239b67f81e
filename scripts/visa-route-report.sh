#!/usr/bin/env bash
# The vISA route against the IGC route, kernel by kernel (issue 16's benchmark command, not a test).
#
# For each input of the project's corpus (the examples, the CM lit kernels, the vc-bridge inputs, the team's CM
# corpus tests/corpus) and each platform, both routes start from the same front-end IR (`cmc -emit-llvm` of a CM
# source; an IR input as it is):
# - the IGC route: `cmc -binary-format=cm -mdump_asm` on that IR (IGC's .visaasm and its own .asm). The CM
#   runtime's container (-binary-format=cm) on both sides, because that is what the vISA route writes and so what
#   it replaces: the two formats differ in the kernel interface (IGC's OpenCL output replaces surface arguments by
#   its own constant binding-table indices; its CM output reads each surface's index from the payload, as ours
#   does, since the CM runtime assigns the indices), which moves the instruction counts;
# - the vISA route: `cmc -backend=visa -mdump_asm` on that IR, as a user runs it: every kernel of the input in one
#   CISA object, each kernel's .visaasm (ours) and .asm (GenX_IR's) dumped under the names IGC gives its dumps,
#   nothing written when one kernel is refused (every kernel of that input is then refused, and the one GenX_IR
#   refused is `rejected`).
# Same finalizer options on both sides: IGC's own asm is finalized with IGC's options (its `//.full_options`
# line: -enablePreemption plus dump flags), ours with the route's (`GenX_IR k.visaasm -platform P -output
# -binary`), and preemption alone moves counts (merge_masks: 21 with it, 20 without). So IGC's .visaasm is
# re-finalized here with exactly the route's command, and the ratio is ours over that count: the two sides
# differ only in the vISA they hand the finalizer. Column `own` is IGC's count with its own options.
#
# One line per kernel: whether our route compiled it (accepted), did not emit it or another kernel of its input
# (refused) or GenX_IR refused it (rejected), Gen ISA instructions and spill bytes of both routes, the ratio,
# whether our .visaasm agrees with the kernel's IR on the vISA executor (`cmc validate`: yes, NO = mismatch,
# cannot = the executor cannot run one side), and compile times in ms, both for the whole input (each route
# compiles a file's kernels together): `t-visa` = `cmc -backend=visa` (middle end, our back end, GenX_IR),
# `t-igc` = the IGC route (middle end, llvm-spirv, ocloc). Then per platform the totals, the geometric mean and
# max of the ratios, spills, validation counts and the geometric mean of the time ratios. A kernel our route
# does not compile shows the first line of the route's error.
#
# Usage: [ONLY=regex] [KEEP=dir] scripts/visa-route-report.sh [platform...]   (default: icllp tgllp)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cmc=${CMC:-$root/target/release/cmc}
platforms=("$@")
[ ${#platforms[@]} -eq 0 ] && platforms=(icllp tgllp)
# KEEP=dir keeps every intermediate file (both routes' .visaasm and .asm) there.
if [ -n "${KEEP:-}" ]; then work=$KEEP; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi

inputs=("$root"/examples/*.cpp "$root"/examples/*.ll "$root"/tests/lit/vc-bridge/Inputs/*.cpp)
for f in "$root"/tests/lit/vc-bridge/Inputs/*.ll; do
  case $(basename "$f") in igc-reject.ll|lost-kernel.ll|no-kernel.ll|syntax-error.ll|translator-reject.ll) ;; *) inputs+=("$f");; esac
done
for f in "$root"/tests/lit/cm/*.cpp; do
  # kernel-macros.cpp is a preprocessor (-E) test whose text is not CM code; the others are error tests.
  case $(basename "$f") in errors-*|*-errors.cpp|kernel-declared-twice.cpp|atomic-wrong-sources.cpp|kernel-macros.cpp) ;; *) inputs+=("$f");; esac
done
inputs+=("$root"/tests/corpus/*.cpp)
# ONLY=regex keeps the inputs whose file name matches (to look at a few kernels).
if [ -n "${ONLY:-}" ]; then
  kept=(); for f in "${inputs[@]}"; do [[ $(basename "$f") =~ $ONLY ]] && kept+=("$f"); done; inputs=("${kept[@]}")
fi

header() { sed -n "s|^//\.$1 \([0-9]*\).*|\1|p" "$2" | head -1; }
now() { date +%s%N; }
ms() { echo $((($2 - $1) / 1000000)); }
# GenX_IR on $1/k.visaasm (IGC's kernel) with the route's command line (vc_bridge::finalize::command). GenX_IR
# exits with status 1 after a kernel that spilled, every output written: `finalize_spilling` counts such a run,
# with its spill bytes, when its log has no other error, as the route itself does. Our side is the route's own
# verdict (cmc -backend=visa compiles a kernel that spilled and warns; it reports GenX_IR's message and writes
# nothing when it refuses a run), so both spill columns are GenX_IR's `//.spill size`.
finalize_spilling() {
  (cd "$1" && GenX_IR k.visaasm -platform "$2" -output -binary >log 2>&1)
  local rc=$?
  [ -f "$1/k.asm" ] && { [ $rc = 0 ] || { [ $rc = 1 ] && grep -q "^Spill memory used" "$1/log" && ! grep -qi "error" "$1/log"; }; }
}

row='%-7s %-28s %-24s %-8s %6s %6s %6s %6s %5s %6s %6s %7s %7s\n'
printf "$row" platform input kernel visa ours spill igc spill own ratio valid t-visa t-igc
for platform in "${platforms[@]}"; do
  # GenX_IR's platform name, from the route's `-###`.
  plan=$("$cmc" -march="$platform" -backend=visa "$root/examples/linear_filter.cpp" -### 2>&1)
  visa_platform=$(sed -n 's/.*-platform \([A-Za-z0-9_]*\).*/\1/p' <<<"$plan" | head -1)
  for input in "${inputs[@]}"; do
    name=$(basename "$input")
    dir="$work/$platform/$name"
    rm -rf "$dir" && mkdir -p "$dir/igc" "$dir/visa"
    # The front-end IR both routes start from: the front end's for a CM source, the input itself for IR.
    case $input in
      *.cpp) ir="$dir/ir.ll"; "$cmc" -march="$platform" -emit-llvm -S "$input" -o "$ir" >"$dir/fe.log" 2>&1 || ir=;;
      *) ir=$input;;
    esac
    source=${ir:-$input}
    t0=$(now)
    (cd "$dir/igc" && "$cmc" -march="$platform" -binary-format=cm "$source" -mdump_asm -o a.isa >log 2>&1)
    t1=$(now)
    # Our route as a user runs it: every kernel of the input into one CISA object, each kernel's .visaasm and
    # .asm dumped under the name IGC gives its dumps; nothing written when a kernel is refused.
    (cd "$dir/visa" && "$cmc" -march="$platform" -backend=visa "$source" -mdump_asm -o a.isa >log 2>&1)
    failed=$?
    t2=$(now)
    t_igc=$(ms "$t0" "$t1"); t_route=$(ms "$t1" "$t2")
    error=$(grep -m1 "error" "$dir/visa/log" | sed "s|$root/||" | cut -c1-220)
    kernels=$(ls "$dir/igc"/*.asm 2>/dev/null | xargs -rn1 basename | sed 's/\.asm$//')
    [ -z "$kernels" ] && kernels=$(ls "$dir/visa"/*.asm 2>/dev/null | xargs -rn1 basename | sed 's/\.asm$//')
    [ -z "$kernels" ] && kernels="?"
    for kernel in $kernels; do
      igc_own=$(header instCount "$dir/igc/$kernel.asm" 2>/dev/null)
      igc_count=; igc_spill=
      if [ -f "$dir/igc/$kernel.visaasm" ]; then
        mkdir -p "$dir/igc/$kernel" && cp "$dir/igc/$kernel.visaasm" "$dir/igc/$kernel/k.visaasm"
        if finalize_spilling "$dir/igc/$kernel" "$visa_platform"; then
          igc_count=$(header instCount "$dir/igc/$kernel/k.asm"); igc_spill=$(header "spill size" "$dir/igc/$kernel/k.asm")
        fi
      fi
      status=refused; ours=-; ours_spill=-; ratio=-; valid=-; t_visa=-
      if [ $failed = 0 ] && [ -f "$dir/visa/$kernel.asm" ]; then
        t_visa=$t_route
        status=accepted; ours=$(header instCount "$dir/visa/$kernel.asm"); ours_spill=$(header "spill size" "$dir/visa/$kernel.asm"); ours_spill=${ours_spill:-0}
        [ -n "$igc_count" ] && ratio=$(python3 -c "print(f'{$ours/$igc_count:.2f}')")
        if [ -n "$ir" ]; then
          "$cmc" validate "$ir" "$dir/visa/$kernel.visaasm" >"$dir/visa/$kernel.validate" 2>&1
          case $? in 0) valid=yes;; 1) valid=NO;; *) valid=cannot;; esac
        fi
      elif [ $failed != 0 ]; then
        # The finalizer's refusal names the kernel (its name made a dump name, as the kernel column is).
        refused=$(sed -n "s/^cmc: error: kernel '\(.*\)': the vISA finalizer (GenX_IR) failed.*/\1/p" <<<"$error" | LC_ALL=C sed 's/[^A-Za-z0-9.]/_/g')
        [ "$refused" = "$kernel" ] && status=rejected
      fi
      [ -n "$igc_own" ] || t_igc=-
      printf "$row" "$platform" "$name" "$kernel" "$status" "$ours" "$ours_spill" "${igc_count:--}" "${igc_spill:-0}" "${igc_own:--}" "$ratio" "$valid" "$t_visa" "$t_igc"
      [ "$status" != accepted ] && [ -n "$error" ] && echo "        $error"
    done
  done
done | tee "$work/report"
python3 - "$work/report" <<'EOF2'
import math, sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1] not in (' ', 'p') and len(l.split()) == 13]
def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float('nan')
for platform in sorted({r[0] for r in rows}):
    mine = [r for r in rows if r[0] == platform]
    ok = [r for r in mine if r[3] == 'accepted']
    ratios = [float(r[9]) for r in ok if r[9] != '-']
    over = sorted(((float(r[9]), r[2]) for r in ok if r[9] != '-' and float(r[9]) > 1.25), reverse=True)
    times = [int(r[11]) / int(r[12]) for r in ok if r[11] != '-' and r[12] != '-' and int(r[12]) > 0 and int(r[11]) > 0]
    spill_worse = [r[2] for r in ok if r[6] != '-' and int(r[5]) > 0 and int(r[7]) == 0]
    print(f"{platform}: {len(ok)} of {len(mine)} kernels through the vISA route and accepted by GenX_IR; "
          f"{len(ratios)} compared with IGC (same finalizer options): geometric mean {gmean(ratios):.3f}x, "
          f"max {max(ratios, default=float('nan')):.2f}x, {len(over)} above 1.25x"
          f"{' (' + ', '.join(f'{k} {x:.2f}' for x, k in over) + ')' if over else ''}; "
          f"spills ours {sum(int(r[5]) for r in ok)} B in {sum(int(r[5]) > 0 for r in ok)} kernels vs IGC "
          f"{sum(int(r[7]) for r in ok)} B in {sum(int(r[7]) > 0 for r in ok)}"
          f"{', spills where IGC has none: ' + ' '.join(spill_worse) if spill_worse else ''}; "
          f"our .visaasm (accepted kernels) against their IR: {sum(r[10] == 'yes' for r in mine)} agree, "
          f"{sum(r[10] == 'NO' for r in mine)} mismatch"
          f"{' (' + ' '.join(r[2] for r in mine if r[10] == 'NO') + ')' if any(r[10] == 'NO' for r in mine) else ''}, "
          f"{sum(r[10] == 'cannot' for r in mine)} cannot validate; "
          f"compile time vISA route / IGC route: geometric mean {gmean(times):.2f}x over {len(times)} kernels")
EOF2

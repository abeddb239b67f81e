#!/usr/bin/env bash
# The kernel interface of the vISA route's CISA objects against IGC's own -binary-format=cm output (the CM runtime's
# container), kernel by kernel over the corpus (docs/vc-backend.md, "The CM runtime's kernel interface").
#
# For each input and platform both routes start from the same front-end IR; IGC's .visaasm comes from
# `cmc -binary-format=cm -mdump_asm`, ours from `cmc -backend=visa -mdump_asm`. Per kernel it compares what the CM
# runtime sees: every user `.input` (class T/S/G, offset, size, in argument order; names differ and are ignored),
# the implicit inputs (by name, offset, size), the `.kernel_attr`s that describe the interface (SLMSize, Target;
# IGC's NoBarrier is a finalizer hint, reported but not a difference), and any `movs` of a constant into a surface
# or sampler argument (a binding the runtime does not know). SpillMemOffset (the per-thread private memory in front
# of the finalizer's spill area) is IGC's stack size when IGC's kernel sets up a stack (stack calls, or an alloca
# its promotion left in memory: docs/vc-backend.md); a kernel whose IGC object uses its stack (`%sp`) while ours
# has none gets a `note:` line instead of a difference; any other SpillMemOffset difference is one. Prints `same`
# or the differing lines; a kernel one route does not produce is `missing`. Exit 1 if any kernel differs.
#
# Usage: [ONLY=regex] scripts/cm-abi-audit.sh [platform...]   (default: icllp tgllp)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cmc=${CMC:-$root/target/release/cmc}
platforms=("$@"); [ ${#platforms[@]} -eq 0 ] && platforms=(icllp tgllp)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
inputs=("$root"/examples/*.cpp "$root"/tests/corpus/*.cpp "$root"/tests/lit/vc-bridge/Inputs/*.cpp)
if [ -n "${ONLY:-}" ]; then
  kept=(); for f in "${inputs[@]}"; do [[ $(basename "$f") =~ $ONLY ]] && kept+=("$f"); done; inputs=("${kept[@]}")
fi
differ=0
for platform in "${platforms[@]}"; do
  for input in "${inputs[@]}"; do
    name=$(basename "$input" .cpp); dir="$work/$platform/$name"; mkdir -p "$dir/igc" "$dir/ours"
    "$cmc" -march="$platform" -emit-llvm -S "$input" -o "$dir/ir.ll" >/dev/null 2>&1 || continue
    (cd "$dir/igc" && "$cmc" -march="$platform" -binary-format=cm -mdump_asm ../ir.ll -o a.isa >log 2>&1)
    (cd "$dir/ours" && "$cmc" -march="$platform" -backend=visa -mdump_asm ../ir.ll -o a.isa >log 2>&1)
    python3 - "$dir" "$platform" "$name" <<'EOF2' || differ=1
import os, re, sys
d, platform, name = sys.argv[1:]
def interface(path):
    text = open(path).read()
    cls = {m.group(1): m.group(2) for m in re.finditer(r'(?m)^\.decl (\S+) v_type=(\w)', text)}
    out = []
    for m in re.finditer(r'(?m)^\.input (\S+) offset=(\d+) size=(\d+)', text):
        var, off, size = m.groups()
        c = cls.get(var)
        out.append(f".input {c}{'' if c else ' ' + var} offset={off} size={size}")
    for m in re.finditer(r'(?m)^\.implicit_(\w+) \S+ offset=(\d+) size=(\d+)', text):
        out.append(f".implicit_{m.group(1)} offset={m.group(2)} size={m.group(3)}")
    for m in re.finditer(r'(?m)^\.kernel_attr (\w+)(=\S+)?', text):
        if m.group(1) != 'NoBarrier':
            out.append(m.group(0).strip())
    inputs = {m.group(1) for m in re.finditer(r'(?m)^\.input (\S+)', text)}
    for m in re.finditer(r'(?m)^\s*movs \(M1, 1\) ([TS]\d+)\(0\) (0x[0-9a-f]+)', text):
        if m.group(1) in inputs:
            out.append(f"movs into argument {m.group(1)} {m.group(2)}")
    return out
kernels = sorted({f[:-8] for sub in ('igc', 'ours') for f in os.listdir(f"{d}/{sub}") if f.endswith('.visaasm')})
bad = False
for k in kernels:
    a, b = (f"{d}/{s}/{k}.visaasm" for s in ('igc', 'ours'))
    if not (os.path.exists(a) and os.path.exists(b)):
        print(f"{platform:6} {name:28} {k:24} missing ({'igc' if not os.path.exists(a) else 'ours'})")
        continue
    # Sorted: each line carries its offset, and the two texts list their declarations in different orders.
    ia, ib = sorted(interface(a)), sorted(interface(b))
    # IGC's stack: its kernel reads or writes the stack pointer (an alias of %sp), ours never does.
    stack = {s: re.search(r'(?m)^\.decl \S+ .*alias=<%sp,', open(p).read()) is not None for s, p in (('igc', a), ('ours', b))}
    notes = []
    for l in [l for l in ia if l.startswith('.kernel_attr SpillMemOffset=')]:
        if l not in ib and not any(m.startswith('.kernel_attr SpillMemOffset=') for m in ib) and stack['igc'] and not stack['ours']:
            ia.remove(l)
            notes.append(f"        note: IGC keeps private memory on a stack ({l.split()[1]}); ours has none")
    if ia == ib:
        print(f"{platform:6} {name:28} {k:24} same ({sum(l.startswith('.input') for l in ia)} inputs)")
        for n in notes: print(n)
    else:
        bad = True
        print(f"{platform:6} {name:28} {k:24} DIFFERENT")
        for l in ia:
            if l not in ib: print(f"        igc only:  {l}")
        for l in ib:
            if l not in ia: print(f"        ours only: {l}")
sys.exit(1 if bad else 0)
EOF2
  done
done
exit $differ

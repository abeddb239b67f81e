#!/usr/bin/env bash
# The paper's linear filter (examples/linear_filter.cpp) on a real image, on the CPU executor: the output of the
# front end's IR (-O0: no middle end) and of the -O2 middle end must be byte-identical (the middle end's
# rewrites of this kernel, integer narrowing and shared row sums among them, are exact). With a second cmc
# (e.g. main's build) its -O2 output is compared too.
# Usage: scripts/linear-filter-identity.sh [image.png] [other-cmc]
# The default image is a screenshot shipped with the Rust documentation (1300x900 RGB).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cmc="$root/target/release/cmc"
image="${1:-$(rustc --print sysroot)/share/doc/rust/html/rustc/images/image1.png}"
other="${2:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
read -r w h < <(python3 "$root/scripts/png_to_rgb.py" "$image" "$work/in.rgb")
bytes=$((w * 3))
head -c $((bytes * h)) /dev/zero > "$work/zeros.bin"
pipeline="$("$cmc" -### -march=icllp "$root/examples/linear_filter.cpp" 2>&1 | sed -n 's/^ *middle end: //p' | sed 's/, then .*//' | head -1)"
"$cmc" -march=icllp -emit-llvm -S "$root/examples/linear_filter.cpp" -o "$work/o0.ll"
"$cmc" -passes="$pipeline" "$work/o0.ll" -S -o "$work/o2.ll"
variants=(o0 o2)
if [ -n "$other" ]; then
  other_pipeline="$("$other" -### -march=icllp "$root/examples/linear_filter.cpp" 2>&1 | sed -n 's/^ *middle end: //p' | sed 's/, then .*//' | head -1)"
  "$other" -passes="$other_pipeline" "$work/o0.ll" -S -o "$work/other.ll"
  variants+=(other)
fi
for v in "${variants[@]}"; do
  "$cmc" run "$work/$v.ll" --groups "$((w / 8)),$((h / 6))" --surface "0=image2d:${bytes}x${h}:$work/in.rgb" \
    --surface "1=image2d:${bytes}x${h}:$work/zeros.bin:$work/out.$v.bin" --arg surface:0 --arg surface:1 >/dev/null
done
echo "image ${w}x${h}; middle end: $pipeline"
md5sum "$work"/out.*.bin | sed "s|$work/||"
for v in "${variants[@]:1}"; do
  cmp "$work/out.o0.bin" "$work/out.$v.bin"
done
echo "identical"

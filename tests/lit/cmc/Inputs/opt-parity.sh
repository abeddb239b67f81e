#!/usr/bin/env bash
# opt-parity.sh OPT CMC ROOT PIPELINE: runs PIPELINE with opt (the plugin) and with cmc (in-process) on every .ll
# file under ROOT and compares what each prints (stdout and exit status; stderr may name the tool differently).
# Prints one line per difference and a closing count.
set -u
opt=$1 cmc=$2 root=$3 pipeline=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=0 differ=0
while IFS= read -r -d '' file; do
  files=$((files + 1))
  $opt -passes="$pipeline" -S "$file" -o "$work/opt.ll" 2>/dev/null; opt_status=$?
  $cmc -passes="$pipeline" -S "$file" -o "$work/cmc.ll" 2>/dev/null; cmc_status=$?
  if [ $opt_status -ne 0 ] || [ $cmc_status -ne 0 ]; then
    # Both must fail alike (a verifier error, a syntax error), and then neither may leave an output.
    if [ $((opt_status != 0)) -ne $((cmc_status != 0)) ]; then
      echo "differ: $file: opt exit $opt_status, cmc exit $cmc_status"; differ=$((differ + 1))
    fi
  elif ! cmp -s "$work/opt.ll" "$work/cmc.ll"; then
    echo "differ: $file: different IR"; differ=$((differ + 1))
  fi
  rm -f "$work/opt.ll" "$work/cmc.ll"
done < <(find "$root" -name '*.ll' -not -path '*/Output/*' -print0 | sort -z)
echo "opt-parity: $files files, $differ differ"

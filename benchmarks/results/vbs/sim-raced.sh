#!/bin/bash
# default with sim raced vs without, one run at a time, alternating
cd /work/main/benchmarks
tail -n +2 vbs.tsv | while IFS=$'\t' read -r path exp ev dia; do
  for b in nosim sim; do
    s=$(date +%s.%N)
    out=$(timeout 40 /tmp/bin/bopgo-$b check --json --timeout 20s "$path" 2>/dev/null)
    e=$(date +%s.%N)
    v=$(echo "$out" | jq -r '.verdict' 2>/dev/null); en=$(echo "$out" | jq -r '.engine' 2>/dev/null)
    printf '%s\t%s\t%s\t%s\t%s\t%.3f\n' "$path" "$exp" "$b" "$v" "$en" "$(echo "$e - $s" | bc)"
  done
done

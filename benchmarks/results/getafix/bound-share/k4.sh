#!/bin/bash
B=$1; out=$2; : > $out
while read f; do
  F=/work/shared/corpus/getafix-tnl/$f
  t0=$(date +%s.%N); $B check --rounds 4 --timeout 100s $F >/tmp/k4.out 2>/dev/null; t1=$(date +%s.%N)
  printf "%s\t%s\t%.2f\n" "${f#experiments/}" "$(tail -1 /tmp/k4.out | awk '{print $2}')" "$(echo "$t0 $t1" | awk '{print $2-$1}')" >> $out
done < /work/scratch/getafix/corpus-files.txt

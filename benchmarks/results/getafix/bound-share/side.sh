#!/bin/bash
# side by side: Getafix, bopgo default, bopgo explicit at K on goto and twoforloop
B=$1
D=/work/shared/corpus/getafix-tnl/experiments/old
S=/work/scratch/getafix/bin
for f in goto twoforloop; do for K in 2 3 4; do
  F=$D/SafeStack_seqcst_forCSEQ_$f.bp
  g=$(GETAFIX=$S/getafix-translate MUCKE=$S/mucke FORMULADIR=$S/formulae TIMEOUT=60 bash /work/main/benchmarks/getafix/run.sh $F $K)
  t0=$(date +%s.%N); $B check --rounds $K --timeout 60s $F >/tmp/o 2>/dev/null; t1=$(date +%s.%N)
  d=$(tail -1 /tmp/o | awk '{print $2}'); dt=$(echo "$t0 $t1" | awk '{printf "%.2f",$2-$1}')
  t0=$(date +%s.%N); $B check --engine explicit --rounds $K --timeout 60s $F >/tmp/o 2>/dev/null; t1=$(date +%s.%N)
  e=$(tail -1 /tmp/o | awk '{print $2}'); et=$(echo "$t0 $t1" | awk '{printf "%.2f",$2-$1}')
  echo -e "$f\t$K\tgetafix $g\tdefault $d $dt\texplicit $e $et"
done; done

#!/bin/bash
B=$1; out=$2; : > $out
cd /work/main
for f in benchmarks/scaled/*.bp benchmarks/families/mutex/*-k8-*.bp benchmarks/families/localworkers/*-n4-*.bp benchmarks/families/philosophers/*.bp benchmarks/families/ticketlock/*.bp benchmarks/families/rwlock/*.bp benchmarks/families/barrier/*.bp benchmarks/families/deepcount/*d14*.bp; do
  t0=$(date +%s.%N); $B check --timeout 20s $f >/tmp/pl.out 2>/dev/null; t1=$(date +%s.%N)
  printf "%s\t%s\t%.2f\n" "$(basename $f .bp)" "$(tail -1 /tmp/pl.out | awk '{print $2}')" "$(echo "$t0 $t1" | awk '{print $2-$1}')" >> $out
done

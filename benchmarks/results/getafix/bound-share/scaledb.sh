#!/bin/bash
# scaledb.sh BIN OUT: default under --rounds 2 and --contexts 3 on the scaled programs and some families
B=$1; out=$2; : > $out
cd /work/main
for f in benchmarks/scaled/*.bp benchmarks/families/mutex/*-k4-*.bp benchmarks/families/philosophers/*n3*.bp benchmarks/families/ticketlock/*n3*.bp benchmarks/families/rwlock/*n3*.bp benchmarks/families/ringbuffer/*.bp; do
 for bnd in "--rounds 2" "--contexts 3"; do
  t0=$(date +%s.%N); $B check $bnd --timeout 20s --json $f >/tmp/sb.json 2>/dev/null; t1=$(date +%s.%N)
  v=$(grep -m1 '"verdict"' /tmp/sb.json | cut -d'"' -f4); e=$(grep -m1 '"engine"' /tmp/sb.json | cut -d'"' -f4)
  printf "%s\t%s\t%s\t%s\t%.2f\n" "$(basename $f .bp)" "$bnd" "$v" "$e" "$(echo "$t0 $t1" | awk '{print $2-$1}')" >> $out
 done
done

#!/bin/bash
# usage: run-engines.sh ENGINE < files ; prints file, exit code, seconds
e=$1
while read f; do
  s=$(date +%s.%N)
  if [ "$e" = spin ]; then
    timeout 60 ${BOPGO:-bopgo} spin $EXTRA --timeout 20s "$f" > ${TMPDIR:-/tmp}/run-engines-out.txt 2>&1
  else
    timeout 60 ${BOPGO:-bopgo} check --engine $e $EXTRA --timeout 20s "$f" > ${TMPDIR:-/tmp}/run-engines-out.txt 2>&1
  fi
  rc=$?
  t=$(echo "$(date +%s.%N) - $s" | bc)
  v=$(grep -o 'VERIFICATION [A-Z]*' ${TMPDIR:-/tmp}/run-engines-out.txt | tail -1)
  printf "%s\t%s\t%s\t%.2f\n" "$f" "$rc" "$v" "$t"
done

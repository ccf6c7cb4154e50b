#!/bin/bash
# Side by side on Getafix's old/…_goto and old/…_twoforloop at K = 2, 3, 4
# rounds: Getafix (../../getafix/run.sh, built by ../../getafix/build.sh
# into $GETAFIX_BIN, default /work/scratch/getafix/bin), then bopgo A and
# B, the default and then the explicit engine alone, one run at a time.
#
#   side.sh BOPGO_A BOPGO_B
#
# Prints per file and K: Getafix's answer and seconds, then each
# binary's verdict and wall seconds, A | B.
A=$1; B=$2
here=$(cd "$(dirname "$0")" && pwd)
D=$here/../../corpus/getafix-tnl/experiments/old
S=${GETAFIX_BIN:-/work/scratch/getafix/bin}
t() { local t0=$(date +%s.%N); "$@" >/tmp/side.out 2>/dev/null; local t1=$(date +%s.%N); echo "$(tail -1 /tmp/side.out | awk '{print $2}') $(echo "$t0 $t1" | awk '{printf "%.2f",$2-$1}')"; }
for f in goto twoforloop; do for K in 2 3 4; do
  F=$D/SafeStack_seqcst_forCSEQ_$f.bp
  g=$(GETAFIX=$S/getafix-translate MUCKE=$S/mucke FORMULADIR=$S/formulae TIMEOUT=60 bash "$here/../../getafix/run.sh" "$F" $K)
  da=$(t "$A" check --rounds $K --timeout 60s "$F"); db=$(t "$B" check --rounds $K --timeout 60s "$F")
  ea=$(t "$A" check --engine explicit --rounds $K --timeout 60s "$F"); eb=$(t "$B" check --engine explicit --rounds $K --timeout 60s "$F")
  echo -e "$f\t$K\tgetafix $g\tdefault $da | $db\texplicit $ea | $eb"
done; done

#!/bin/bash
# The default under --rounds K (K = 1..4) on every distinct file of
# Getafix's experiments (../getafix/corpus.md's list), two binaries
# alternating per cell, 60 s each (LIMIT):
#
#   perk-ab.sh BOPGO_A BOPGO_B > perk-ab.tsv
#
# Prints file, K, then each binary's verdict and wall seconds.
A=$1; B=$2; limit=${LIMIT:-60}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/../../corpus/getafix-tnl/experiments
files=$(grep '^| ' "$here/../getafix/corpus.md" | grep -v '^| file ' | awk -F'|' '{ gsub(/ /, "", $2); if (!seen[$2]++) print $2 }')
run() {
	local t0=$(date +%s.%N)
	timeout $((limit + 30)) "$1" check --rounds "$2" --timeout "${limit}s" --max-memory 3GB "$3" >/tmp/perk-ab.out 2>/dev/null
	local t1=$(date +%s.%N)
	printf '%s\t%.2f' "$(tail -1 /tmp/perk-ab.out | awk '{print $2}')" "$(echo "$t1 - $t0" | bc)"
}
printf 'file\tK\tA\tA_s\tB\tB_s\n'
for f in $files; do
	[ -f "$corpus/$f" ] || continue
	for k in 1 2 3 4; do
		printf '%s\t%s\t%s\t%s\n' "$f" "$k" "$(run "$A" $k "$corpus/$f")" "$(run "$B" $k "$corpus/$f")"
	done
done

#!/bin/sh
# Runs bopgo binaries side by side: for each file, each binary in turn
# (alternating, so that the machine's noise falls on all alike), one run
# at a time, `bopgo check --max-memory 6GB --timeout TIMEOUT_S` with the
# default engine, and prints one TSV line per run: file, binary (its
# name as given), verdict, wall seconds.
#
#   benchmarks/sidebyside.sh TIMEOUT_S BIN... -- FILE... > runs.tsv
#
# The regression check of issue 21 ran it on the scaled programs and the
# workers and mutex families with the binary before a change and after.
set -u
limit=$1
shift
bins=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	bins="$bins $1"
	shift
done
[ $# -gt 0 ] && shift
now() { date +%s.%N; }
printf 'file\tbinary\tverdict\twall_s\n'
for f in "$@"; do
	for b in $bins; do
		start=$(now)
		out=$(timeout $((limit + 30)) "$b" check --max-memory 6GB --timeout "${limit}s" "$f" 2>/dev/null | tail -n1)
		end=$(now)
		case $out in
		"VERIFICATION SUCCESSFUL") v=SAFE ;; "VERIFICATION FAILED") v=UNSAFE ;; *) v=UNKNOWN ;;
		esac
		printf '%s\t%s\t%s\t%.2f\n' "$f" "$b" "$v" "$(echo "$end - $start" | bc)"
	done
done

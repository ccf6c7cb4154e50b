#!/bin/sh
# ic3abc.sh: bopgo's IC3 (one or more binaries) against ABC's pdr on the
# scaled programs, one run at a time, wall seconds with a 20 s limit.
#   benchmarks/ic3abc.sh BOPGO... [-- FILE.bp...]
# The first binary exports each program (--max-threads 3, as the scaled
# programs have at most 3 threads) to the AIGER file ABC reads. The two
# do not decide the same circuit: bopgo check's IC3 turns to the stronger
# property with Overflow bad after a budget of SAT calls, ABC gets the
# plain one. benchmarks/ic3perm.sh compares the two on the same files.
set -u
bins=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do bins="$bins $1"; shift; done
[ $# -gt 0 ] && shift
files="$*"
[ -z "$files" ] && files=$(ls "$(dirname "$0")"/scaled/*.bp)
first=${bins%% *}
[ -z "$first" ] && first=$(echo $bins | cut -d' ' -f1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{printf "%.2f", $2-$1}'; }
verdict() { grep -o 'VERIFICATION [A-Z]*\|Property proved\|Output 0 of miter .* was asserted\|Property DISPROVED\|Timeout\|UNDECIDED' "$1" | head -1 | awk '{print $NF}'; }
printf "%-12s" program
for b in $bins; do printf " %14s" "$(basename "$b")"; done
printf " %14s\n" "abc-pdr"
for f in $files; do
	n=$(basename "$f" .bp)
	$first export --format aiger --max-threads 3 "$f" > "$tmp/$n.aig"
	printf "%-12s" "$n"
	for b in $bins; do
		t0=$(now)
		timeout 25 "$b" check --engine ic3 --timeout 20s "$f" > "$tmp/out" 2>&1
		t1=$(now)
		printf " %8s %5s" "$(secs $t0 $t1)" "$(verdict "$tmp/out" | cut -c1-5)"
	done
	t0=$(now)
	timeout 20 berkeley-abc -c "&r $tmp/$n.aig; &put; pdr" > "$tmp/out" 2>&1
	t1=$(now)
	printf " %8s %5s\n" "$(secs $t0 $t1)" "$(verdict "$tmp/out" | cut -c1-5)"
done

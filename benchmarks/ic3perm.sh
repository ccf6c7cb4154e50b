#!/bin/sh
# ic3perm.sh: bopgo's IC3 against ABC's pdr on the same circuits, each
# also renumbered, since an IC3 run is chaotic: the same circuit with its
# latches and inputs in another order is another run, for either tool.
#   benchmarks/ic3perm.sh BOPGO [PERMS [FILE.bp...]]
# Each program is exported twice (--max-threads 3: the plain property,
# and --overflow-bad: the one bopgo's IC3 checks after a budget on the
# plain one); each export is decided as written and after ABC's
# "permute -S 1..PERMS" (default 3), by pdr and by bopgo circuit (IC3, 20
# s each, one run at a time), and by bopgo circuit on one core
# (GOMAXPROCS=1: one IC3 configuration, not the race of two), as pdr
# runs on one. Prints one line per run:
#   program property copy tool seconds verdict [SAT calls]
# where tool is pdr, bopgo (every core) or bopgo1 (one core).
set -u
bin=$1
perms=${2:-3}
[ $# -ge 2 ] && shift 2 || shift $#
files="$*"
[ -z "$files" ] && files=$(ls "$(dirname "$0")"/scaled/*.bp)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { echo "$1 $2" | awk '{printf "%.2f", $2-$1}'; }
for f in $files; do
	n=$(basename "$f" .bp)
	for prop in plain overflow; do
		flag=""
		[ $prop = overflow ] && flag="--overflow-bad"
		$bin export --format aiger --max-threads 3 $flag "$f" > "$tmp/p0.aig"
		for s in $(seq 1 "$perms"); do
			berkeley-abc -c "read $tmp/p0.aig; permute -S $s; write_aiger -s $tmp/p$s.aig" > /dev/null 2>&1
		done
		for s in $(seq 0 "$perms"); do
			t0=$(now)
			timeout 20 berkeley-abc -c "&r $tmp/p$s.aig; &put; pdr -v" > "$tmp/out" 2>&1
			t1=$(now)
			v=$(grep -o 'Property proved\|was asserted' "$tmp/out" | head -1 | awk '{print $NF}')
			calls=$(grep -o 'Call = *[0-9]*' "$tmp/out" | awk '{print $NF}')
			echo "$n $prop p$s pdr $(secs $t0 $t1) ${v:-none} ${calls:-}"
			for tool in bopgo bopgo1; do
				procs=""
				[ $tool = bopgo1 ] && procs=1
				t0=$(now)
				GOMAXPROCS=$procs timeout 25 $bin circuit --stats --timeout 20s "$tmp/p$s.aig" > "$tmp/out" 2>&1
				t1=$(now)
				v=$(grep -o 'VERIFICATION [A-Z]*' "$tmp/out" | awk '{print $2}')
				calls=$(grep '^answer SAT calls' "$tmp/out" | awk '{print $NF}')
				echo "$n $prop p$s $tool $(secs $t0 $t1) ${v:-none} ${calls:-}"
			done
		done
	done
done

#!/bin/sh
# localworkers.sh: bopgo's circuit engines against ABC's pdr on the
# benchmarks.LocalWorkersStepwise family (issue 21 item 4), one run at a time,
# side by side, wall and CPU (user+system) seconds, as the machine may be
# shared: bopgo check --engine ic3 (bmc and sim for the bug variant)
# on the program, and ABC's pdr on the circuit bopgo exports (N+1
# slots). Results: benchmarks/results/localworkers (base.tsv: ic3 as
# it is, sim's rows from its first version; prio.tsv: ic3 with the
# priority order of literals, tried and dropped, see mc/ic3/doc.go; bmc
# in base.tsv only, as it answers nothing new; final.tsv: the last
# commit, all engines, one run on a quieter machine).
#
#   benchmarks/localworkers.sh [TIMEOUT_S] [N,K...] > lw.tsv
#
# BOPGO (default: bopgo on PATH) names the binary, ENGINES (default: ic3
# bmc sim; bmc and sim, which never prove, run on the bug variant only)
# bopgo's engines, ABC (default: berkeley-abc) the peer.
set -u
limit=${1:-60}
[ $# -gt 0 ] && shift
cases=${*:-4,4 4,8 6,4 6,8 8,4 8,8}
engines=${ENGINES:-ic3 bmc sim}
. "$(dirname "$0")/peers.sh"
run() { # tool command...
	tool=$1
	shift
	timed "$@"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$k" "$variant" "$tool" "$(verdict "$out")" "$wall" "$cpu"
}
printf 'n\tk\tvariant\ttool\tverdict\twall_s\tcpu_s\n'
for nk in $cases; do
	n=${nk%,*}
	k=${nk#*,}
	for variant in safe bug; do
		f=$tmp/lw-$n-$k-$variant.bp
		flag=
		[ "$variant" = bug ] && flag=-bug
		genlocks -family stepwise -n "$n" -k "$k" $flag > "$f"
		for e in $engines; do
			case $e in bmc | sim) [ "$variant" = safe ] && continue ;; esac
			run "$e" "$bopgo" check --engine "$e" --timeout "${limit}s" "$f"
		done
		abcpdr $((n + 1)) "$f"
	done
done

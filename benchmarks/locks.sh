#!/bin/sh
# Runs the lock families (benchmarks.Workers: identical workers;
# benchmarks.Mutex: each worker its own procedure), N workers with K local
# steps, safe and with the bug, through bopgo's default, SPIN (bopgo spin,
# compilation included) and ABC's pdr on the exported circuit (N+1 slots),
# one run at a time, and prints one TSV line per run: family, n, variant,
# tool, verdict, wall seconds.
#
#   benchmarks/locks.sh [TIMEOUT_S] [K] [N...] > locks.tsv
#
# FAMILIES (default: workers mutex; also localworkers, guardedworkers) picks the
# families. BOPGO (default: bopgo on PATH) names the binary; ABC (default:
# berkeley-abc) the peer; a missing peer is skipped.
set -u
limit=${1:-60}
k=${2:-8}
shift 2 2>/dev/null || shift $#
ns=${*:-2 3 4 5 6 7 8}
. "$(dirname "$0")/peers.sh"
run() { # tool command...
	tool=$1
	shift
	timed "$@"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$family" "$n" "$variant" "$tool" "$(verdict "$out")" "$wall"
}
printf 'family\tn\tvariant\ttool\tverdict\twall_s\n'
for family in ${FAMILIES:-workers mutex}; do
	for n in $ns; do
		for variant in safe bug; do
			f=$tmp/$family-$n-$variant.bp
			flag=
			[ "$variant" = bug ] && flag=-bug
			genlocks -family "$family" -n "$n" -k "$k" $flag > "$f"
			run default "$bopgo" check --timeout "${limit}s" "$f"
			if command -v spin >/dev/null 2>&1; then
				run spin "$bopgo" spin --timeout "${limit}s" --max-threads $((n + 1)) "$f"
			fi
			abcpdr $((n + 1)) "$f"
		done
	done
done

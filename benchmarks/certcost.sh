#!/bin/sh
# The cost of the counter engine's certificate check on the lock
# families (issue 35 item 3): runs two bopgo binaries, one after the
# other on each program, with the default (the race) and with --engine
# counter, and ABC's pdr on the circuit bopgo exports (N+1 slots) once
# per program, and prints one TSV line per run: family, n, k, binary,
# configuration, verdict, wall seconds, CPU seconds (user+system), the
# check's seconds (--stats; for the race, the winner's), the winner.
#
#   BEFORE=/tmp/bopgo-old AFTER=/tmp/bopgo-new benchmarks/certcost.sh [TIMEOUT_S] [FAMILY,N,K...] > out.tsv
#
# (from the repository root). TIMEOUT_S defaults to 60; the cases to
# trylockworkers with k=2 and n=4..8, and workers, mutex, localworkers
# and stepwise with k=8 and n=4..8 (benchmarks/cmd/genlocks). ABC
# (default: berkeley-abc) names the peer; a missing peer is skipped.
# Needs jq.
set -u
limit=${1:-60}
[ $# -gt 0 ] && shift
cases=${*:-}
if [ -z "$cases" ]; then
	for f in trylockworkers,2 workers,8 mutex,8 localworkers,8 stepwise,8; do
		for n in 4 5 6 7 8; do
			cases="$cases ${f%,*},$n,${f#*,}"
		done
	done
fi
abc=${ABC:-berkeley-abc}
root=$(dirname "$0")/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
printf 'family\tn\tk\tbinary\tconfig\tverdict\twall_s\tcpu_s\tcheck_s\twinner\n'
for c in $cases; do
	family=${c%%,*}
	nk=${c#*,}
	n=${nk%,*}
	k=${nk#*,}
	f=$tmp/$family-$n-$k.bp
	(cd "$root" && go run ./benchmarks/cmd/genlocks -family "$family" -n "$n" -k "$k") >"$f"
	for config in default counter; do
		engine=
		[ $config = counter ] && engine="--engine counter"
		for b in before after; do
			bin=$BEFORE
			[ $b = after ] && bin=$AFTER
			start=$(now)
			# shellcheck disable=SC2086
			/usr/bin/time -f '%U %S' -o "$tmp/time" timeout $((limit + 30)) "$bin" check --json --stats --timeout "${limit}s" $engine "$f" >"$tmp/out" 2>/dev/null
			end=$(now)
			cpu=$(awk 'END {printf "%.2f", $1 + $2}' "$tmp/time")
			jq -r --arg fam "$family" --arg n "$n" --arg k "$k" --arg b $b --arg c $config --arg wall "$(echo "$end - $start" | bc)" --arg cpu "$cpu" \
				'[$fam, $n, $k, $b, $c, .verdict, ($wall | tonumber * 100 | round / 100), $cpu, ((.stats.check_seconds // 0) * 100 | round / 100), (.engine // "-")] | @tsv' "$tmp/out" 2>/dev/null ||
				printf '%s\t%s\t%s\t%s\t%s\terror\t%.2f\t%s\t0\t-\n' "$family" "$n" "$k" $b $config "$(echo "$end - $start" | bc)" "$cpu"
		done
	done
	if command -v "$abc" >/dev/null 2>&1; then
		"${AFTER}" export --format aiger --max-threads $((n + 1)) "$f" >"$tmp/c.aig"
		start=$(now)
		/usr/bin/time -f '%U %S' -o "$tmp/time" timeout "$limit" "$abc" -c "&r $tmp/c.aig; &put; pdr" >"$tmp/out" 2>/dev/null
		end=$(now)
		case $(tail -n3 "$tmp/out") in
		*"Property proved"*) v=safe ;;
		*"was asserted"* | *falsified*) v=unsafe ;;
		*) v=unknown ;;
		esac
		printf '%s\t%s\t%s\t-\tabc-pdr\t%s\t%.2f\t%s\t-\t-\n' "$family" "$n" "$k" $v "$(echo "$end - $start" | bc)" "$(awk 'END {printf "%.2f", $1 + $2}' "$tmp/time")"
	fi
done

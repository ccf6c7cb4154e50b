#!/bin/sh
# Runs `bopgo check --json` (the default portfolio, the program's own
# property) on every program of benchmarks/corpus/getafix-tnl, one at a
# time with a time limit, and writes results.tsv and table.md next to this
# script: verdict, answering engine, time, counterexample length, and the
# verdict the file name gives (_safe, _unsafe or _false), if any.
#
#   benchmarks/results/getafix/run.sh [TIMEOUT_S]
#
# BOPGO (default: bopgo on PATH) names the binary. Needs jq.
set -u
limit=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/../../corpus/getafix-tnl" && pwd)
bopgo=${BOPGO:-bopgo}
tsv=$here/results.tsv
md=$here/table.md
now() { date +%s.%N; }
expected() {
	case $1 in
	*_unsafe* | *_false*) echo unsafe ;;
	*_safe*) echo safe ;;
	*) echo - ;;
	esac
}
printf 'file\tnamed\tdialect\tverdict\tengine\twall_s\ttrace_steps\treason\n' >"$tsv"
find "$corpus" -type f -name '*.bp*' | LC_ALL=C sort | while read -r f; do
	rel=${f#"$corpus"/}
	start=$(now)
	json=$(cd "$corpus" && timeout $((limit + 30)) "$bopgo" check --json --timeout "${limit}s" "$rel" 2>/dev/null)
	end=$(now)
	row=$(printf '%s' "$json" | jq -r '[.dialect // "boppo", .verdict, .engine // "-", (.trace // [] | length), (.reason // "" | gsub("\t"; " "))] | @tsv' 2>/dev/null)
	[ -n "$row" ] || row=$(printf 'boppo\tcrash\t-\t0\tno JSON')
	printf '%s\t%s\t%s\t%.2f\n' "$rel" "$(expected "$rel")" "$row" "$(echo "$end - $start" | bc)" |
		awk -F'\t' 'BEGIN { OFS = "\t" } { print $1, $2, $3, $4, $5, $8, $6, $7 }' >>"$tsv"
done
{
	echo "| file | named | dialect | verdict | engine | time (s) | trace steps | reason |"
	echo "|---|---|---|---|---|---|---|---|"
	tail -n +2 "$tsv" | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, ($7 == 0 ? "" : $7), $8 }'
} >"$md"

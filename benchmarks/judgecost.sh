#!/bin/sh
# The cost of judging: runs two bopgo binaries, one after the other on
# each program, with each configuration, and writes one line per run to
# OUT/runs.tsv (binary, configuration, program, verdict, seconds,
# check_seconds, evidence kind, checked), then the totals and the worst
# check of each binary and configuration to OUT/summary.tsv.
#
#   BEFORE=/tmp/bopgo-old AFTER=/tmp/bopgo-new benchmarks/judgecost.sh [TIMEOUT] [OUT]
#
# (from the repository root). TIMEOUT defaults to 10s, OUT to
# benchmarks/results/judgecost. LIST (default: benchmarks/vbs.tsv and
# benchmarks/vbs-heldout.tsv) names the programs, CONFIGS (default:
# "explicit symbolic ic3 counter default") the configurations. Needs jq.
set -eu
limit=${1:-10s}
out=${2:-benchmarks/results/judgecost}
list=${LIST:-"benchmarks/vbs.tsv benchmarks/vbs-heldout.tsv"}
configs=${CONFIGS:-"explicit symbolic ic3 counter default"}
mkdir -p "$out"
runs="$out/runs.tsv"
printf 'binary\tconfig\tprogram\tverdict\tseconds\tcheck_seconds\tevidence\tchecked\n' >"$runs"
for l in $list; do
	tail -n +2 "$l" | cut -f1 | while read -r prog; do
		for c in $configs; do
			engine=""
			[ "$c" = default ] || engine="--engine $c"
			for b in before after; do
				bin=$BEFORE
				[ $b = after ] && bin=$AFTER
				# shellcheck disable=SC2086
				timeout 120 "$bin" check --json --stats --timeout "$limit" --max-memory 4GB $engine "benchmarks/$prog" 2>/dev/null |
					jq -r --arg b $b --arg c "$c" --arg p "$prog" \
						'[$b, $c, $p, .verdict, .stats.seconds, .stats.check_seconds, (.evidence.kind // "-"), (.evidence.checked // "-")] | @tsv' \
						>>"$runs" || true
			done
		done
	done
done
awk -F'\t' 'NR > 1 && $4 != "unknown" {
	k = $1 "\t" $2; n[k]++; t[k] += $6; s[k] += $5
	if ($6 > w[k]) { w[k] = $6; wp[k] = $3 }
	if ($8 == "true" || $7 == "counterexample") c[k]++
}
END {
	print "binary\tconfig\tdecided\tchecked\tcheck_seconds\tseconds\tworst_check\tworst_program"
	for (k in n) printf "%s\t%d\t%d\t%.2f\t%.2f\t%.3f\t%s\n", k, n[k], c[k], t[k], s[k], w[k], wp[k]
}' "$runs" | sort >"$out/summary.tsv"
cat "$out/summary.tsv"

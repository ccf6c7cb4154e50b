#!/bin/sh
# bopgo's bound on rounds, state by state and on the circuit: on every
# distinct file of benchmarks/corpus/getafix-tnl (corpus.md's list), one
# run at a time, 100 s each (LIMIT), --max-memory 3GB:
#
#   explicit, ic3: bopgo check --engine E --rounds 4 --progress, which
#     deepens from 1 round and says when each bound ended without a bug
#     ("no bug within k rounds (t s)"): the row of K is that line's time,
#     or the run's answer (a bug, or SAFE, found at a bound up to K), or
#     the limit that stopped it. One run gives K = 1..4: a run of
#     --rounds K does the same work up to K, under the same limit.
#   bmc: bopgo check --engine bmc --rounds K, which runs at K at once (it
#     never proves, so it cannot deepen), for each K where the explicit
#     engine found a bug within K or did not finish; where the explicit
#     engine showed there is none within K, BMC can only run to its limit,
#     and the row says so without running it ("no answer possible").
#
#   benchmarks/results/getafix/rounds-symbolic.sh [LIMIT_S]
#
# PERK=1 runs each engine once per K (--rounds K, K = 1..4) instead of
# reading K = 1..4 off one deepening run: the explicit engine deepens in
# one search, by thread bound first, and finds a bug of few threads and
# more rounds before it says its lower bounds, so one run's lines no
# longer give each K (and Getafix too runs once per K).
#
# ENGINES (default "explicit ic3") names the deepening engines; auto is
# the default race under the bound (each engine that honours it deepens,
# and an answer for every interleaving, SAFE or a bug, ends it). BMC=0
# leaves bmc out, TSV names the output (with ENGINES=auto BMC=0:
# bopgo-rounds-default.tsv).
#
# BOPGO names the binary (default bopgo on PATH). Writes
# bopgo-rounds-symbolic.tsv next to this script: file, engine, K,
# result (none: no bug within K rounds; UNSAFE; SAFE; timeout; memory;
# or the reason of another UNKNOWN), seconds.
set -u
limit=${1:-100}
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/../../corpus/getafix-tnl/experiments" && pwd)
bopgo=${BOPGO:-bopgo}
tsv=$here/${TSV:-bopgo-rounds-symbolic.tsv}
engines=${ENGINES:-explicit ic3}
bmc=${BMC:-1}
perk=${PERK:-0}
files=${FILES:-$(grep '^| ' "$here/corpus.md" | grep -v '^| file ' | awk -F'|' '{ gsub(/ /, "", $2); if (!seen[$2]++) print $2 }')}
now() { date +%s.%N; }

# run E K: one check; prints "result<TAB>seconds" lines, one per K it
# answers (deepening engines: K = 1..4; bmc: its K).
run() {
	engine=$1 k=$2 f=$3
	start=$(now)
	out=$(cd "$corpus" && timeout $((limit + 30)) "$bopgo" check ${engine:+--engine "$engine"} --rounds "$k" --progress \
		--timeout "${limit}s" --max-memory 3GB "$f" 2>&1)
	end=$(now)
	total=$(echo "$end - $start" | bc)
	printf '%s\n' "$out" | awk -v total="$total" -v k="$k" -v engine="$engine" -v once="$once" '
		/^bopgo: no bug within [0-9]+ rounds? \(/ {
			n = $5; t = $NF; gsub(/[()s]/, "", t); done[n] = t; last = n
		}
		/^reason: / { reason = substr($0, 9) }
		/^VERIFICATION FAILED/ { v = "UNSAFE" }
		/^VERIFICATION SUCCESSFUL/ { v = "SAFE" }
		/^VERIFICATION UNKNOWN/ { v = "UNKNOWN" }
		END {
			if (v == "UNKNOWN") {
				if (reason ~ /no bug within/) v = "none"
				else if (reason ~ /timeout/) v = "timeout"
				else if (reason ~ /memory/) v = "memory"
				else v = "unknown: " reason
			}
			if (v == "") v = "crash"
			from = (engine == "bmc" || once) ? k : 1
			for (i = from; i <= k; i++) {
				if (i <= last) printf "%d\tnone\t%.2f\n", i, done[i]
				else printf "%d\t%s\t%.2f\n", i, v, total
			}
		}'
}

printf 'file\tengine\tK\tresult\tseconds\n' >"$tsv"
for f in $files; do
	for engine in $engines; do
		if [ "$perk" = 1 ]; then
			for k in 1 2 3 4; do
				once=1 run "$engine" "$k" "$f" | while IFS='	' read -r kk res secs; do
					printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$engine" "$kk" "$res" "$secs" >>"$tsv"
				done
			done
			continue
		fi
		once=0 run "$engine" 4 "$f" | while IFS='	' read -r k res secs; do
			printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$engine" "$k" "$res" "$secs" >>"$tsv"
		done
	done
	[ "$bmc" = 0 ] && continue
	for k in 1 2 3 4; do
		explicit=$(awk -F'\t' -v f="$f" -v k="$k" '$1 == f && $2 == "explicit" && $3 == k { print $4 }' "$tsv")
		case $explicit in
		none | SAFE)
			printf '%s\tbmc\t%s\tno answer possible\t-\n' "$f" "$k" >>"$tsv"
			continue
			;;
		esac
		run bmc "$k" "$f" | while IFS='	' read -r kk res secs; do
			printf '%s\tbmc\t%s\t%s\t%s\n' "$f" "$kk" "$res" "$secs" >>"$tsv"
		done
	done
done

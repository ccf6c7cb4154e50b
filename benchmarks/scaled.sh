#!/bin/sh
# Runs the scaled-up random programs (benchmarks/scaled, written by
# benchmarks/cmd/genscaled) through bopgo's default and each of its
# engines, and ABC's pdr on the exported circuit, one run at a time, and
# prints one TSV line per program and configuration: program,
# configuration, verdict, wall seconds.
#
#   benchmarks/scaled.sh [TIMEOUT_S] > scaled.tsv
#
# BOPGO (default: bopgo on PATH) names the binary; ABC (default:
# berkeley-abc) the peer, skipped when missing. ENGINES (default: auto
# explicit symbolic ic3 counter) picks bopgo's configurations; "spin" among
# them runs SPIN through bopgo spin (3 threads, compilation included).
set -u
limit=${1:-60}
bopgo=${BOPGO:-bopgo}
abc=${ABC:-berkeley-abc}
dir=$(dirname "$0")/scaled
now() { date +%s.%N; }
printf 'program\tconfig\tverdict\twall_s\n'
for f in "$dir"/*.bp; do
	name=$(basename "$f" .bp)
	for e in ${ENGINES:-auto explicit symbolic ic3 counter}; do
		start=$(now)
		if [ "$e" = spin ]; then
			out=$(timeout $((limit + 5)) "$bopgo" spin --max-threads 3 --timeout "${limit}s" "$f" 2>/dev/null | tail -n1)
		else
			out=$(timeout $((limit + 5)) "$bopgo" check --engine "$e" --timeout "${limit}s" "$f" 2>/dev/null | tail -n1)
		fi
		end=$(now)
		case $out in
		"VERIFICATION SUCCESSFUL") v=SAFE ;; "VERIFICATION FAILED") v=UNSAFE ;; *) v=UNKNOWN ;;
		esac
		printf '%s\t%s\t%s\t%.2f\n' "$name" "$e" "$v" "$(echo "$end - $start" | bc)"
	done
	if command -v "$abc" >/dev/null 2>&1; then
		aig=$(mktemp --suffix=.aig)
		"$bopgo" export --format aiger --max-threads 3 "$f" > "$aig" 2>/dev/null
		start=$(now)
		out=$(timeout "$limit" "$abc" -c "&r $aig; &put; pdr" 2>/dev/null)
		end=$(now)
		case $out in
		*"Property proved"*) v=SAFE ;; *"was asserted"* | *"falsified"*) v=UNSAFE ;; *) v=UNKNOWN ;;
		esac
		printf '%s\t%s\t%s\t%.2f\n' "$name" abc-pdr "$v" "$(echo "$end - $start" | bc)"
		rm -f "$aig"
	fi
done

#!/bin/sh
# textbook.sh: the textbook families (benchmarks/textbook.go: rwlock,
# philosophers, barrier, ringbuffer, ticketlock; the committed instances
# of benchmarks/families) through bopgo's default, SPIN (bopgo spin,
# compilation included) and ABC's pdr on the circuit bopgo exports (the
# manifest's thread bound, n+1 slots), one run at a time, side by side
# (modelled on locks.sh). Prints a comment line (date, binary, load) and
# then one TSV line per run: program, expected verdict, tool, verdict,
# wall seconds, CPU seconds (user+system, as the machine may be shared),
# and for bopgo check the engine that answered (its --json "engine";
# "auto" when none did). A tool named after an engine (explicit, ic3,
# ...) runs bopgo check --engine with it.
#
#   benchmarks/textbook.sh [TIMEOUT_S] [FILE.bp...] > peers.tsv
#
# Without files, every instance of FAMILIES (default: the five) in
# benchmarks/families/MANIFEST.tsv. BOPGO (default: bopgo on PATH) names
# the binary, TOOLS (default: default spin abc-pdr) the runs, ABC
# (default: berkeley-abc) the peer; a missing peer is skipped.
set -u
limit=${1:-60}
[ $# -gt 0 ] && shift
bopgo=${BOPGO:-bopgo}
abc=${ABC:-berkeley-abc}
tools=${TOOLS:-default spin abc-pdr}
dir=$(dirname "$0")/families
manifest=$dir/MANIFEST.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
verdict() {
	case $1 in
	*'"verdict": "safe"'* | *"VERIFICATION SUCCESSFUL"* | *"Property proved"*) echo SAFE ;;
	*'"verdict": "unsafe"'* | *"VERIFICATION FAILED"* | *"was asserted"* | *"falsified"*) echo UNSAFE ;;
	*) echo UNKNOWN ;;
	esac
}
run() { # tool command...
	tool=$1
	shift
	start=$(now)
	/usr/bin/time -f 'cpu %U %S' -o "$tmp/time" timeout $((limit + 10)) "$@" > "$tmp/out" 2>/dev/null
	end=$(now)
	cpu=$(awk '/^cpu/ {printf "%.2f", $2 + $3}' "$tmp/time")
	engine=-
	if grep -q '^  "verdict":' "$tmp/out"; then # bopgo check --json
		engine=$(grep -m1 '^  "engine":' "$tmp/out" | sed 's/.*: "//; s/".*//')
		out=$(grep -m1 '^  "verdict":' "$tmp/out")
	else
		out=$(tail -n3 "$tmp/out")
	fi
	printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\n' "$name" "$expected" "$tool" "$(verdict "$out")" "$(echo "$end - $start" | bc)" "$cpu" "${engine:--}"
}
files=$*
if [ -z "$files" ]; then
	for family in ${FAMILIES:-rwlock philosophers barrier ringbuffer ticketlock}; do
		files="$files $(awk -F'\t' -v f="$family" '$2 == f {print $1}' "$manifest" | sed "s|^|$dir/|")"
	done
fi
printf '# textbook.sh %s s; %s %s, tree %s; %s; load average %s at the start\n' "$limit" "$bopgo" "$("$bopgo" version 2>/dev/null)" "$(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null)" "$(date -u +%Y-%m-%dT%H:%MZ)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'program\texpected\ttool\tverdict\twall_s\tcpu_s\tengine\n'
for f in $files; do
	rel=${f#"$dir"/}
	name=$(basename "$f" .bp)
	row=$(awk -F'\t' -v p="$rel" '$1 == p' "$manifest")
	expected=$(echo "$row" | cut -f4)
	threads=$(echo "$row" | cut -f7)
	[ -z "$threads" ] && threads=9
	for tool in $tools; do
		case $tool in
		default)
			run default "$bopgo" check --json --timeout "${limit}s" "$f"
			;;
		spin)
			command -v spin >/dev/null 2>&1 && run spin "$bopgo" spin --timeout "${limit}s" --max-threads "$threads" "$f"
			;;
		abc-pdr)
			if command -v "$abc" >/dev/null 2>&1; then
				"$bopgo" export --format aiger --max-threads "$threads" "$f" > "$tmp/c.aig"
				run abc-pdr timeout "$limit" "$abc" -c "&r $tmp/c.aig; &put; pdr"
			fi
			;;
		*)
			run "$tool" "$bopgo" check --json --engine "$tool" --timeout "${limit}s" "$f"
			;;
		esac
	done
done

#!/bin/sh
# Runs bopgo tts over one of the TTS benchmark sets of ../shared/tts and
# prints a TSV line per file: name, expected (regression only), verdict,
# exit status, wall seconds, threads of a failure, CPU seconds (user +
# system; on a loaded machine compare these, as bfc's figures have them).
#
#   benchmarks/tts.sh regression|ijit|wk-single|wk-unbounded [TIMEOUT_S] [EXTRA FLAGS...]
#
# BOPGO (default: bopgo on PATH) and SHARED (default: ../shared) say where
# things are.
set -u
set_name=$1; shift
limit=${1:-30}; [ $# -gt 0 ] && shift
bopgo=${BOPGO:-bopgo}
shared=${SHARED:-../shared}/tts
run() { # name expected dir tts args...
	name=$1 exp=$2 dir=$3 file=$4; shift 4
	start=$(date +%s.%N)
	cpu=$(mktemp)
	out=$(cd "$dir" && /usr/bin/time -f '%U %S' -o "$cpu" timeout "$limit" "$bopgo" tts --timeout "${limit}s" "$@" "$file" 2>/dev/null)
	code=$?
	end=$(date +%s.%N)
	cpu_s=$(awk 'END{print $1+$2}' "$cpu")
	rm -f "$cpu"
	verdict=$(printf '%s\n' "$out" | tail -n1)
	case $verdict in
	"VERIFICATION SUCCESSFUL") v=SAFE ;; "VERIFICATION FAILED") v=UNSAFE ;; "VERIFICATION UNKNOWN") v=UNKNOWN ;; *) v=ERROR ;;
	esac
	[ $code -eq 124 ] && v=TIMEOUT
	threads=$(printf '%s\n' "$out" | sed -n 's/^threads: //p')
	printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%.2f\n' "$name" "$exp" "$v" "$code" "$(echo "$end - $start" | bc)" "$threads" "$cpu_s"
}
printf 'name\texpected\tverdict\texit\twall_s\tthreads\tcpu_s\n'
case $set_name in
regression)
	for d in "$shared"/bfc-regression/*/; do
		t=$(basename "$d")
		opts=$(sed -n 3p "$d/test.desc" | tr -d '"')
		exp=$(grep -q '^^VERIFICATION SUCCESSFUL' "$d/test.desc" && echo SAFE || (grep -q '^^VERIFICATION FAILED' "$d/test.desc" && echo UNSAFE || echo UNKNOWN))
		target=$(printf '%s\n' "$opts" | sed -n 's/.*--target \([^ ]*\).*/\1/p')
		init=$(printf '%s\n' "$opts" | sed -n 's/.*--init \([^ ]*\).*/\1/p')
		[ -z "$target" ] && { printf '%s\t%s\tSKIP\t-\t-\t\n' "$t" "$exp"; continue; }
		# shellcheck disable=SC2086
		run "$t" "$exp" "$d" main.tts --target "$target" --init "${init:-0/0}" "$@"
	done ;;
ijit)
	for f in "$shared"/ijit/*/*.tts; do
		run "$(basename "$(dirname "$f")")/$(basename "$f" .tts)" - "$(dirname "$f")" "$(basename "$f")" --init '0|0' "$@"
	done ;;
wk-single | wk-unbounded)
	init='0|0'; [ "$set_name" = wk-unbounded ] && init='0/0'
	for d in "$shared"/wahl-kroening/*/; do
		run "$(basename "$d")" - "$d" main.tts --init "$init" "$@"
	done ;;
esac

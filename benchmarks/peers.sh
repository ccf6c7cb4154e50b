# peers.sh: what the scripts that run bopgo and its peers one run at a
# time, side by side, share (localworkers.sh, locks.sh). Sourced, not run:
# the script sets limit (seconds) first; this sets bopgo and abc (from
# BOPGO and ABC), root (the repository) and tmp (removed at exit).
bopgo=${BOPGO:-bopgo}
abc=${ABC:-berkeley-abc}
root=$(dirname "$0")/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# verdict OUTPUT: bopgo's, ABC's or SPIN's last lines as SAFE, UNSAFE or
# UNKNOWN.
verdict() {
	case $1 in
	*"VERIFICATION SUCCESSFUL"* | *"Property proved"*) echo SAFE ;;
	*"VERIFICATION FAILED"* | *"was asserted"* | *"falsified"*) echo UNSAFE ;;
	*) echo UNKNOWN ;;
	esac
}

# timed COMMAND...: runs it under timeout (limit + 10 s) and sets out
# (its last three lines), wall (seconds, %.2f) and cpu (user+system
# seconds, %.2f).
timed() {
	start=$(date +%s.%N)
	out=$(/usr/bin/time -f 'cpu %U %S' -o "$tmp/time" timeout $((limit + 10)) "$@" 2>/dev/null | tail -n3)
	wall=$(printf '%.2f' "$(echo "$(date +%s.%N) - $start" | bc)")
	cpu=$(awk '/^cpu/ {printf "%.2f", $2 + $3}' "$tmp/time")
}

# genlocks ARGS...: the program benchmarks/cmd/genlocks writes.
genlocks() {
	(cd "$root" && go run ./benchmarks/cmd/genlocks "$@")
}

# abcpdr N FILE: runs ABC's pdr (the tool abc-pdr) on the circuit bopgo
# exports from FILE with N slots, where ABC is installed.
abcpdr() {
	if command -v "$abc" >/dev/null 2>&1; then
		"$bopgo" export --format aiger --max-threads "$1" "$2" > "$tmp/c.aig"
		run abc-pdr timeout "$limit" "$abc" -c "&r $tmp/c.aig; &put; pdr"
	fi
}

#!/bin/bash
# k4_experiments.sh OUTDIR -- the experiments behind docs/semantics.md,
# "Two corpus files at K = 4": fib_4_unsafe.bp and
# old/SafeStack_seqcst_forCSEQ_goto.bp, where bopgo finds a bug at 4 rounds
# and Getafix does not. Writes the modified programs to OUTDIR and runs
# Getafix (run.sh here, env GETAFIX, MUCKE, FORMULADIR as for run.sh) and
# bopgo (env BOPGO, default bopgo on PATH) on each at the rounds given.
# One process at a time; the SafeStack runs of bopgo take 1 to 4 minutes
# each, Getafix's up to 2 minutes.
set -u
out=${1:?usage: k4_experiments.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
exp=$here/../corpus/getafix-tnl/experiments
bopgo=${BOPGO:-bopgo}
mkdir -p "$out"

# fib: a no-op write of a global before every `atomic, at := T, T`, which
# gives Getafix the switch point bopgo has there (T.c:3788-3853).
sed 's/^\(\s*\)atomic, at := T, T;/\1i0 := i0;\n\1atomic, at := T, T;/' \
	"$exp/fib_4_unsafe.bp" >"$out/fib_4_yield.bp"

ss=$exp/old/SafeStack_seqcst_forCSEQ_goto.bp
# only the first SLIC_ERROR of each thread keeps its name (Getafix's target)
awk '/^void thread/{n=0} /SLIC_ERROR:/{n++; if (n>1) sub(/SLIC_ERROR:/, "OTHER_ERROR" n ":")} {print}' \
	"$ss" >"$out/ss_first.bp"
# only the fifth, the one bopgo's trace at 4 rounds reaches (line 1160)
awk '/^void thread/{n=0} /SLIC_ERROR:/{n++; if (n!=5) sub(/SLIC_ERROR:/, "OTHER_ERROR" n ":")} {print}' \
	"$ss" >"$out/ss_fifth.bp"
# the same, and a no-op global write before the ten `atomic, at := T, T`
# where that trace switches threads
awk 'BEGIN{split("70 93 105 609 653 679 755 895 1004 1151", a, " "); for (i in a) s[a[i]] = 1}
	/^void thread/{n=0} /SLIC_ERROR:/{n++; if (n!=5) sub(/SLIC_ERROR:/, "OTHER_ERROR" n ":")}
	(NR in s){match($0, /^ */); print substr($0, 1, RLENGTH) "stack_head_0 := stack_head_0;"} {print}' \
	"$ss" >"$out/ss_fifth_trace.bp"

run() { # FILE K...
	f=$1; shift
	for k in "$@"; do
		printf '%s\tK=%s\tgetafix: %s' "$(basename "$f")" "$k" "$(TIMEOUT=600 "$here/run.sh" "$f" "$k")"
		"$bopgo" check --engine explicit --rounds "$k" --max-memory 3GB "$f" >"$out/bopgo.txt" 2>/dev/null
		printf '\tbopgo: %s\n' "$(grep -oE 'VERIFICATION [A-Z]+' "$out/bopgo.txt")"
	done
}
run "$exp/fib_4_unsafe.bp" 1 2 3 4 5
run "$out/fib_4_yield.bp" 1 2 3 4 5
run "$ss" 3 4
run "$out/ss_first.bp" 4
run "$out/ss_fifth.bp" 3 4
run "$out/ss_fifth_trace.bp" 3 4

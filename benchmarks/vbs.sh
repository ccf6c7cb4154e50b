#!/bin/sh
# Runs every raced engine alone and the default (the portfolio) on the
# programs of benchmarks/vbs.tsv, one run at a time, and writes the
# comparison of the default with the virtual best engine (VBS: for each
# program the fastest engine alone) into OUT: vbs.tsv (per program),
# summary.md and cactus.svg/png (benchmarks/cmd/vbs).
#
#   benchmarks/vbs.sh [TIMEOUT] [OUT]        (from the repository root)
#
# TIMEOUT defaults to 20s, OUT to benchmarks/results/vbs. LIST (default:
# benchmarks/vbs.tsv) names the programs: benchmarks/vbs-heldout.tsv is
# the set the portfolio's weights were not chosen on. The results
# file OUT/results.jsonl is resumable: running again does only the runs
# that are missing. CONFIGS (default: all) restricts the configurations
# run this time, e.g. CONFIGS=default after a change of the portfolio
# (remove the default's records first). BENCH names bopgo-bench (default:
# on PATH); it runs the bopgo next to it.
set -eu
limit=${1:-20s}
out=${2:-benchmarks/results/vbs}
bench=${BENCH:-bopgo-bench}
configs=${CONFIGS:-explicit symbolic ic3 counter default}
list=${LIST:-benchmarks/vbs.tsv}
mkdir -p "$out"
set --
for c in $configs; do
	case $c in
	default) set -- "$@" --config "default=check" ;;
	*) set -- "$@" --config "$c=check --engine $c" ;;
	esac
done
"$bench" --jobs 1 --timeout "$limit" --memory 12GB --out "$out/results.jsonl" "$@" "$list"
go run ./benchmarks/cmd/vbs --out "$out" --timeout "$limit" --expected "$list" "$out/results.jsonl"

#!/usr/bin/env bash
# The sweep behind benchmarks/results/summary.md, run from the repository
# root: bopgo (symbolic with and without POR, explicit, IC3, the
# portfolio) and SPIN on the BoPPo suite, the generated families and the
# corpus (bench-set.tsv: the manifest without getafix-tnl, whose dialect
# bopgo does not read, and without the .nbp renderings with corrupted
# labels). Re-running resumes; delete results.jsonl to start over.
set -euo pipefail
cd "$(dirname "$0")/../.."
bopgo=${BOPGO:-bopgo}
bench=${BOPGO_BENCH:-bopgo-bench}
"$bench" --bopgo "$(command -v "$bopgo")" --jobs 2 --timeout 15s --memory 2GB \
	--config 'symbolic=check --engine symbolic' \
	--config 'symbolic-nopor=check --engine symbolic --no-por' \
	--config 'explicit=check --engine explicit' \
	--config 'ic3=check --engine ic3' \
	--config 'auto=check --engine auto' \
	--config 'spin=spin' \
	--out benchmarks/results/results.jsonl \
	testdata/boppo/expected.tsv benchmarks/families/MANIFEST.tsv benchmarks/corpus/bench-set.tsv
"$bench" report --out benchmarks/results --scatter symbolic,ic3 benchmarks/results/results.jsonl

#!/usr/bin/env python3
"""Compares a benchmarks/tts.sh run with bfc's figures in ../shared/tts.

    compare.py [--cpu] BOPGO.tsv BFC.tsv [LIMIT_S]

Prints: files, decided by each, totals (an undecided file counts LIMIT_S,
default 30, for both tools, as in docs/counter.md), the ratio, the totals
where both decide, and every disagreement (a definite verdict against a
definite verdict or the expected one). With --cpu the times compared are
CPU seconds (cpu_s) rather than wall seconds: on a loaded machine these
are what stays comparable.
"""
import csv, sys

def load(path, key):
    with open(path) as f:
        return {key(r): r for r in csv.DictReader(f, delimiter='\t')}

args = sys.argv[1:]
col = 'wall_s'
if args and args[0] == '--cpu':
    col, args = 'cpu_s', args[1:]
limit = float(args[2]) if len(args) > 2 else 30.0
ours = load(args[0], lambda r: r['name'])
theirs = load(args[1], lambda r: r['name'].removesuffix('/main'))
decided = lambda v: v in ('SAFE', 'UNSAFE')
n = d_ours = d_bfc = 0
t_ours = t_bfc = both_ours = both_bfc = 0.0
bad = []
for name, r in sorted(ours.items()):
    if r['verdict'] == 'SKIP':
        continue
    b = theirs.get(name)
    if b is None:
        print('no bfc figure for', name, file=sys.stderr)
        continue
    n += 1
    ov, bv = r['verdict'], b['verdict']
    ot = float(r[col]) if decided(ov) else limit
    bt = float(b[col]) if decided(bv) else limit
    t_ours += ot; t_bfc += bt
    d_ours += decided(ov); d_bfc += decided(bv)
    if decided(ov) and decided(bv):
        both_ours += ot; both_bfc += bt
        if ov != bv:
            bad.append(f'{name}: bopgo {ov}, bfc {bv}')
    exp = r.get('expected', '-')
    if decided(ov) and exp in ('SAFE', 'UNSAFE') and ov != exp:
        bad.append(f'{name}: bopgo {ov}, expected {exp}')
print(f'files {n}  decided bopgo {d_ours} bfc {d_bfc}  total bopgo {t_ours:.1f}s bfc {t_bfc:.1f}s  ratio {t_ours/max(t_bfc,1e-9):.2f}  where both decide {both_ours:.1f}s / {both_bfc:.1f}s')
for b in bad:
    print('DISAGREE', b)

#!/usr/bin/env python3
"""Summarises a benchmarks/scaled.sh run.

    summary.py scaled.tsv [LIMIT_S]

Per program: the default's time, the fastest of bopgo's single engines,
their ratio, and ABC pdr; then totals (an undecided run counts LIMIT_S,
default 20) and the worst ratio. Disagreeing verdicts are printed.
"""
import csv, sys
from collections import defaultdict

limit = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
runs = defaultdict(dict)
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f, delimiter='\t'):
        runs[r['program']][r['config']] = (r['verdict'], float(r['wall_s']))
engines = ['explicit', 'symbolic', 'ic3', 'counter']
decided = lambda v: v in ('SAFE', 'UNSAFE')
t = lambda vr: vr[1] if decided(vr[0]) else limit
tot = defaultdict(float)
worst = (0, '')
print('program\tdefault\tfastest engine\tratio\tabc pdr')
for p in sorted(runs):
    rs = runs[p]
    verdicts = {v for v, _ in rs.values() if decided(v)}
    if len(verdicts) > 1:
        print('DISAGREE', p, rs)
    best = min(engines, key=lambda e: t(rs[e]))
    d = t(rs['auto'])
    ratio = d / max(t(rs[best]), 0.01)
    worst = max(worst, (ratio, p))
    for c, vr in rs.items():
        tot[c] += t(vr)
    tot['fastest'] += t(rs[best])
    print(f"{p}\t{d:.2f}\t{best} {t(rs[best]):.2f}\t{ratio:.2f}\t{t(rs.get('abc-pdr', ('', limit))):.2f}")
print('totals:', ', '.join(f'{c} {v:.1f}' for c, v in sorted(tot.items())))
print(f'worst ratio of the default to the fastest engine: {worst[0]:.2f} ({worst[1]})')

#!/usr/bin/env python3
"""table.py PEERS.tsv: the side-by-side table of benchmarks/textbook.sh's
output as Markdown (README.md's), then the lists: wrong answers (a
verdict that contradicts a peer's), (a) UNKNOWN by the default where a
peer answers, (b) bugs SPIN finds in under 1 s and the default takes
longer than 1 s for, (c) the totals. An UNKNOWN counts as the limit
(the first comment line's) in the totals."""
import sys

rows = {}
order = []
limit = 60.0
for line in open(sys.argv[1]):
    if line.startswith('#'):
        try:
            limit = float(line.split()[2])
        except (IndexError, ValueError):
            pass
        continue
    f = line.rstrip('\n').split('\t')
    if f[0] == 'program':
        continue
    prog, exp, tool, verdict, wall, cpu, engine = f
    if prog not in rows:
        rows[prog] = {'expected': exp}
        order.append(prog)
    rows[prog][tool] = (verdict, float(wall), float(cpu or 0), engine)

def cell(r, tool, engine=False):
    if tool not in r:
        return '-'
    v, w, c, e = r[tool]
    s = f'{v} {w:.2f}'
    if engine and v != 'UNKNOWN':
        s += f' ({e})'
    return s

def status(r):
    exp = r['expected'].upper()
    answers = [r[t][0] for t in ('spin', 'abc-pdr') if t in r and r[t][0] != 'UNKNOWN']
    if not answers:
        return 'unvalidated'
    if any(a != exp for a in answers):
        return 'PEER DISAGREES'
    return 'validated'

print('| program | expected | default (engine) | SPIN | ABC pdr | peers |')
print('|---|---|---|---|---|---|')
for p in order:
    r = rows[p]
    print(f"| {p} | {r['expected']} | {cell(r, 'default', True)} | {cell(r, 'spin')} | {cell(r, 'abc-pdr')} | {status(r)} |")

print()
print('Wrong answers (the default against the expected verdict or a peer):')
wrong = [p for p in order if rows[p].get('default', ('UNKNOWN',))[0] not in ('UNKNOWN', rows[p]['expected'].upper())]
print('  ' + (', '.join(wrong) if wrong else 'none'))
print('Peers against the expected verdict:')
dis = [p for p in order if status(rows[p]) == 'PEER DISAGREES']
print('  ' + (', '.join(dis) if dis else 'none'))

print('(a) default UNKNOWN, a peer answers:')
for p in order:
    r = rows[p]
    if r['default'][0] == 'UNKNOWN':
        ans = [f'{t} {r[t][0]} {r[t][1]:.2f}' for t in ('spin', 'abc-pdr') if t in r and r[t][0] != 'UNKNOWN']
        if ans:
            print(f'  {p}: ' + ', '.join(ans))
print('(b) bugs SPIN finds in under 1 s (wall) that the default takes longer than 1 s for:')
for p in order:
    r = rows[p]
    if 'spin' in r and r['spin'][0] == 'UNSAFE' and r['spin'][1] < 1 and r['default'][1] > 1:
        print(f"  {p}: spin {r['spin'][1]:.2f}, default {r['default'][1]:.2f}")
print('(b\') bugs SPIN finds in less wall time than the default:')
for p in order:
    r = rows[p]
    if 'spin' in r and r['spin'][0] == 'UNSAFE' and r['spin'][1] < r['default'][1]:
        print(f"  {p}: spin {r['spin'][1]:.2f}, default {r['default'][1]:.2f}")
print('(a\') a peer answers in less wall time than the default:')
for p in order:
    r = rows[p]
    for t in ('spin', 'abc-pdr'):
        if t in r and r[t][0] != 'UNKNOWN' and r[t][1] < r['default'][1]:
            print(f"  {p}: {t} {r[t][1]:.2f}, default {r['default'][1]:.2f} ({r['default'][0]})")

def t(r, tool, k):
    if tool not in r or r[tool][0] == 'UNKNOWN':
        return limit
    return r[tool][k]

print('(c) totals, an UNKNOWN counted as the limit:')
for k, what in ((1, 'wall'), (2, 'CPU')):
    d = sum(t(rows[p], 'default', k) for p in order)
    s = sum(t(rows[p], 'spin', k) for p in order)
    a = sum(t(rows[p], 'abc-pdr', k) for p in order)
    best = sum(min(t(rows[p], 'spin', k), t(rows[p], 'abc-pdr', k)) for p in order)
    print(f'  {what}: default {d:.1f} s, SPIN {s:.1f} s, ABC pdr {a:.1f} s, the faster peer on each program {best:.1f} s')
solved = {tool: sum(1 for p in order if tool in rows[p] and rows[p][tool][0] != 'UNKNOWN') for tool in ('default', 'spin', 'abc-pdr')}
print(f"  answered: default {solved['default']}, SPIN {solved['spin']}, ABC pdr {solved['abc-pdr']} of {len(order)}")
engines = {}
for p in order:
    e = rows[p]['default'][3]
    if rows[p]['default'][0] != 'UNKNOWN':
        engines[e] = engines.get(e, 0) + 1
print('  the default\'s winners: ' + ', '.join(f'{e} {n}' for e, n in sorted(engines.items(), key=lambda x: -x[1])))

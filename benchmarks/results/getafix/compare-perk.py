#!/usr/bin/env python3
"""Getafix's recorded answers at K = 1..4 (getafix-corpus.tsv and
getafix-corpus-k4.tsv) beside two runs of rounds-symbolic.sh with
PERK=1 ENGINES=auto (the default under --rounds K, once per K):

    python3 compare-perk.py auto-perk.tsv auto-perk-memo.tsv

prints file, K, Getafix, the first run, the second, and marks the
second where Getafix answered faster; then the count of cells where
Getafix answers (reachable or unreachable) and the second run is at
most its time."""
import csv
import sys


def rows(name):
    with open(name) as f:
        for row in csv.reader(f, delimiter='\t'):
            if row and row[0] != 'file' and not row[0].startswith('#'):
                yield row


getafix = {}
for name in ('getafix-corpus.tsv', 'getafix-corpus-k4.tsv'):
    for r in rows(name):
        getafix[(r[0].replace('experiments/', '', 1), int(r[1]))] = (r[2], float(r[3]))
old = {(r[0], int(r[2])): (r[3], float(r[4])) for r in rows(sys.argv[1])}
new = {(r[0], int(r[2])): (r[3], float(r[4])) for r in rows(sys.argv[2])}
within = slower = 0
for f, k in sorted(new):
    g, o, n = getafix.get((f, k)), old.get((f, k)), new[(f, k)]
    cell = lambda x: '%s %.2f' % x if x else '-'
    mark = ''
    if g and g[0] in ('reachable', 'unreachable'):
        if n[1] <= g[1]:
            within += 1
        else:
            slower += 1
            mark = '\tslower than Getafix'
    print('%s\t%d\t%s\t%s\t%s%s' % (f, k, cell(g), cell(o), cell(n), mark))
print('cells where Getafix answers: %d at most its time, %d slower' % (within, slower))

#!/usr/bin/env python3
"""Per-run cost of commands that start a process per query.

usage: startcmp.py ROUNDS PER FILE CMD...

Runs the commands interleaved (PER runs of each per round, ROUNDS rounds),
each with FILE as its last argument ("-" for none), and prints the mean
CPU time (user + system of the children, from getrusage) and wall time
per run. Interleaving spreads the load of a shared machine evenly over
the commands.
"""
import resource, shlex, subprocess, sys, time

rounds, per, f, cmds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4:]
cpu = {c: 0.0 for c in cmds}
wall = {c: 0.0 for c in cmds}
for _ in range(rounds):
    for c in cmds:
        argv = shlex.split(c) + ([f] if f != "-" else [])
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        for _ in range(per):
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t1 = time.perf_counter()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[c] += (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        wall[c] += t1 - t0
n = rounds * per
for c in cmds:
    print(f"{c}: {1000*cpu[c]/n:.2f} ms CPU, {1000*wall[c]/n:.2f} ms wall per run ({n} runs)")

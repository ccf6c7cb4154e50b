#!/usr/bin/env python3
"""Run QBF solvers side by side on every *.qdimacs file of a directory.

usage: sidebyside.py [--timeout S] OUT.tsv DIR NAME=COMMAND...
       sidebyside.py --report OUT.tsv [--worst N]
       sidebyside.py --remeasure OUT.tsv DIR K N NAME=COMMAND...
         (runs the K files of worst CPU ratio, second configuration over
         first, N more times each and prints the median CPU times)

Each configuration runs on each file, one after the other, in file order.
Recorded per run: the exit status (10 true, 20 false, anything else
unsolved), wall seconds, and CPU seconds (user + system of the child,
from getrusage), which a loaded machine disturbs far less than wall time.
"""
import glob, os, resource, shlex, subprocess, sys, time


def run(cmd, timeout):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        code = -1
    t1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return code, t1 - t0, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def measure(argv):
    timeout = 10.0
    if argv[0] == "--timeout":
        timeout, argv = float(argv[1]), argv[2:]
    out, d, configs = argv[0], argv[1], [c.split("=", 1) for c in argv[2:]]
    files = sorted(glob.glob(os.path.join(d, "*.qdimacs")))
    with open(out, "w") as f:
        f.write("file\tvars\t" + "\t".join(f"{n}_code\t{n}_wall\t{n}_cpu" for n, _ in configs) + "\n")
        for fn in files:
            nv = next((l.split()[2] for l in open(fn) if l.startswith("p")), "")
            cells = [os.path.basename(fn), nv]
            for _, cmd in configs:
                code, wall, cpu = run(shlex.split(cmd) + [fn], timeout)
                cells += [str(code), f"{wall:.4f}", f"{cpu:.4f}"]
            f.write("\t".join(cells) + "\n")
            f.flush()


def report(argv):
    path, worst = argv[0], int(argv[2]) if len(argv) > 2 else 5
    lines = [l.rstrip("\n").split("\t") for l in open(path)]
    head, rows = lines[0], lines[1:]
    names = [h[:-5] for h in head if h.endswith("_code")]
    col = {h: i for i, h in enumerate(head)}
    solved = lambda r, n: r[col[n + "_code"]] in ("10", "20")
    print(f"{len(rows)} files, {min(int(r[1]) for r in rows)} to {max(int(r[1]) for r in rows)} variables\n")
    print("| configuration | solved | true | false | unsolved | wall total (s) | CPU total (s) | CPU median (ms) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in names:
        cpus = sorted(float(r[col[n + "_cpu"]]) for r in rows)
        print(f"| {n} | {sum(solved(r, n) for r in rows)} | {sum(r[col[n+'_code']] == '10' for r in rows)} | "
              f"{sum(r[col[n+'_code']] == '20' for r in rows)} | {sum(not solved(r, n) for r in rows)} | "
              f"{sum(float(r[col[n+'_wall']]) for r in rows):.2f} | {sum(cpus):.2f} | {cpus[len(cpus)//2]*1000:.1f} |")
    both = [r for r in rows if all(solved(r, n) for n in names)]
    print(f"\nOn the {len(both)} files every configuration solved: " + ", ".join(
        f"{n} {sum(float(r[col[n + '_cpu']]) for r in both):.2f} s CPU, {sum(float(r[col[n + '_wall']]) for r in both):.2f} s wall"
        for n in names))
    dis = [r[0] for r in rows if len({r[col[n + "_code"]] for n in names if solved(r, n)}) > 1]
    print(f"\nDisagreements (two configurations solve a file with different answers): {len(dis)} {' '.join(dis[:10])}")
    base = names[0]
    for n in names[1:]:
        for kind in ("cpu", "wall"):
            rs = sorted(((float(r[col[f"{n}_{kind}"]]) / max(float(r[col[f"{base}_{kind}"]]), 0.001), r) for r in rows),
                        key=lambda x: -x[0])
            print(f"\nWorst {kind} ratios {n} / {base} (denominator floored at 1 ms; an unsolved run counts its time up to the limit):\n")
            print(f"| ratio | file | vars | {base} (ms) | {n} (ms) |\n|---:|---|---:|---:|---:|")
            for x, r in rs[:worst]:
                print(f"| {x:.1f} | {r[0]} | {r[1]} | {float(r[col[f'{base}_{kind}']])*1000:.1f} | {float(r[col[f'{n}_{kind}']])*1000:.1f} |")


def remeasure(argv):
    path, d, k, n, configs = argv[0], argv[1], int(argv[2]), int(argv[3]), [c.split("=", 1) for c in argv[4:]]
    lines = [l.rstrip("\n").split("\t") for l in open(path)]
    head, rows = lines[0], lines[1:]
    col = {h: i for i, h in enumerate(head)}
    a, b = configs[0][0], configs[1][0]
    rows.sort(key=lambda r: -float(r[col[b + "_cpu"]]) / max(float(r[col[a + "_cpu"]]), 0.001))
    print(f"| file | vars | {a} median CPU (ms) | {b} median CPU (ms) | ratio |\n|---|---:|---:|---:|---:|")
    for r in rows[:k]:
        med = []
        for _, cmd in configs[:2]:
            ts = sorted(run(shlex.split(cmd) + [os.path.join(d, r[0])], 60)[2] for _ in range(n))
            med.append(ts[n // 2])
        print(f"| {r[0]} | {r[1]} | {med[0]*1000:.1f} | {med[1]*1000:.1f} | {med[1]/max(med[0], 0.001):.1f} |")


if __name__ == "__main__":
    if sys.argv[1] == "--report":
        report(sys.argv[2:])
    elif sys.argv[1] == "--remeasure":
        remeasure(sys.argv[2:])
    else:
        measure(sys.argv[1:])

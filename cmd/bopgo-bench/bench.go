package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/bopgo/bopgo/internal/bench"
	"github.com/bopgo/bopgo/internal/cli"
)

// Exit statuses of bopgo-bench.
const (
	exitUsage        = cli.ExitUsage // 1
	benchFailed      = 2             // results could not be read or written
	exitBadInput     = 6             // an input could not be read
	benchInterrupted = 130           // stopped by a signal; finished runs are recorded
)

const benchUsage = `usage: bopgo-bench [flags] FILES|DIRS|MANIFESTS
       bopgo-bench merge -o OUT.jsonl RESULTS.jsonl...
       bopgo-bench report [--out DIR] [--scatter A,B] [--pages] RESULTS.jsonl...
       bopgo-bench slurm --dir DIR [flags] [FILES|DIRS|MANIFESTS]

Runs every program under every configuration as a separate process with a
time and a memory limit, and appends one JSON line per finished run to the
results file; running again skips what is done (docs/bench.md). Inputs are
programs (.bp, .nbp, .qdimacs, .qdimacs.gz), directories (searched
recursively), corpus manifests (*.tsv as benchmarks/corpus/MANIFEST.tsv) and
the BoPPo suite's expected.tsv, which give expected verdicts.

flags:
`

// repeated is a flag that may be given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, "; ") }
func (r *repeated) Set(s string) error { *r = append(*r, s); return nil }

// findBopgo is the bopgo that runs the configurations: the one next to
// this executable, else the one on PATH.
func findBopgo() (string, error) {
	if self, err := os.Executable(); err == nil {
		next := filepath.Join(filepath.Dir(self), "bopgo")
		if st, err := os.Stat(next); err == nil && st.Mode().IsRegular() {
			return next, nil
		}
	}
	return exec.LookPath("bopgo")
}

// runBench is the command: a subcommand, or runs of programs here.
func runBench(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return runBenchMerge(args[1:], stdout, stderr)
		case "report":
			return runBenchReport(args[1:], stdout, stderr)
		case "slurm":
			return runSlurm(args[1:], stdout, stderr)
		case "slurm-task":
			return runSlurmTask(args[1:], stderr)
		}
	}
	return runHere(args, stdout, stderr)
}

// runHere runs the configurations on the programs on this machine, into
// the results file.
func runHere(args []string, stdout, stderr io.Writer) int {
	var configs repeated
	var memory cli.ByteSize
	cmd := cli.New("bopgo-bench", benchUsage, stdout, stderr)
	fs := cmd.FlagSet
	fs.Var(&configs, "config", "a configuration `NAME=ARGS`: a bopgo subcommand and flags, or exec:COMMAND and flags; repeatable (default: symbolic=check --engine symbolic, explicit=check --engine explicit, bopgo-qbf=qbf)")
	jobs := fs.Int("jobs", 1, "runs at a time (`N`)")
	timeout := fs.Duration("timeout", time.Minute, "wall-time limit per run, `DURATION` (0: none)")
	fs.Var(&memory, "memory", "resident-memory limit per run, `SIZE`, e.g. 4GB (0: none)")
	out := fs.String("out", "results.jsonl", "results `FILE` (JSON Lines), appended to")
	csvOut := fs.String("csv", "", "also append each result to the CSV `FILE`")
	shard := fs.String("shard", "", "run only part `i/n` of the work (1 <= i <= n)")
	list := fs.Bool("list", false, "print the runs still to do, one per line, and run nothing")
	bopgoPath := fs.String("bopgo", "", "the bopgo executable that runs the configurations, `PATH` (default: the one next to bopgo-bench, else on PATH)")
	inputs, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	cfgs := bench.DefaultConfigs()
	if len(configs) > 0 {
		var err error
		if cfgs, err = bench.ParseConfigs(configs); err != nil {
			fmt.Fprintf(stderr, "bopgo-bench: %v\n", err)
			return exitUsage
		}
	}
	var part bench.Shard
	if *shard != "" {
		var err error
		if part, err = bench.ParseShard(*shard); err != nil {
			fmt.Fprintf(stderr, "bopgo-bench: %v\n", err)
			return exitUsage
		}
	}
	switch {
	case len(inputs) == 0:
		return cmd.Errorf("no programs given")
	case *jobs < 1 || *timeout < 0:
		fmt.Fprintln(stderr, "bopgo-bench: --jobs must be at least 1; --timeout must not be negative")
		return exitUsage
	case *out == "":
		fmt.Fprintln(stderr, "bopgo-bench: --out must name a file")
		return exitUsage
	}
	progs, err := bench.Collect(inputs)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench: %v\n", err)
		return exitBadInput
	}
	runs := bench.Plan(progs, cfgs, bench.Limits{Timeout: *timeout, Memory: uint64(memory)})

	res, done, err := bench.OpenResults(*out, *csvOut)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench: %v\n", err)
		return benchFailed
	}
	defer res.Close()
	todo := bench.Select(runs, part, bench.Done(done))
	if *list {
		for _, r := range todo {
			fmt.Fprintf(stdout, "%s\t%s\n", r.Config.Name, r.Program.Path)
		}
		return 0
	}
	self := *bopgoPath
	if self == "" {
		if self, err = findBopgo(); err != nil {
			fmt.Fprintf(stderr, "bopgo-bench: finding the bopgo executable (install it next to bopgo-bench, put it on PATH or give --bopgo): %v\n", err)
			return benchFailed
		}
	}
	fmt.Fprintf(stderr, "bopgo-bench: %d runs (%d programs, %d configurations); %d to do, results in %s\n",
		len(runs), len(progs), len(cfgs), len(todo), *out)

	return execRuns(stderr, self, *jobs, res, todo)
}

// execRuns runs the runs into the results file, jobs at a time, until
// they are done or a signal stops them, and returns the exit status.
func execRuns(stderr io.Writer, bopgo string, jobs int, res *bench.Results, todo []bench.Run) int {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	runner := &bench.Runner{Bopgo: bopgo, Jobs: jobs, Results: res, Progress: stderr, Terminal: cli.IsTerminal(stderr)}
	tally, err := runner.Run(ctx, todo)
	fmt.Fprintf(stderr, "bopgo-bench: %s\n", tally)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "bopgo-bench: interrupted; %d runs left, run the same command again to do them\n", len(todo)-tally.Done)
		return benchInterrupted
	case err != nil:
		fmt.Fprintf(stderr, "bopgo-bench: %v\n", err)
		return benchFailed
	}
	return 0
}

func runBenchMerge(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo-bench merge", "usage: bopgo-bench merge -o OUT.jsonl RESULTS.jsonl...\n\nJoins results files (shards), keeping the first record of each run, sorted.\n\nflags:\n", stdout, stderr)
	fs := cmd.FlagSet
	out := fs.String("o", "", "the merged results `FILE` (replaced)")
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	if *out == "" || len(files) == 0 {
		return cmd.Errorf("want -o OUT and at least one results file")
	}
	recs, torn, err := bench.ReadRecords(files...)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench merge: %v\n", err)
		return benchFailed
	}
	merged, conflicts := bench.Dedup(recs)
	for _, c := range conflicts {
		fmt.Fprintf(stderr, "bopgo-bench merge: conflict: %s\n", c)
	}
	if err := bench.WriteRecords(*out, merged); err != nil {
		fmt.Fprintf(stderr, "bopgo-bench merge: %v\n", err)
		return benchFailed
	}
	fmt.Fprintf(stderr, "bopgo-bench merge: %d records from %d files into %s (%d duplicates, %d conflicting, %d torn lines skipped)\n",
		len(merged), len(files), *out, len(recs)-len(merged), len(conflicts), torn)
	return 0
}

func runBenchReport(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo-bench report", "usage: bopgo-bench report [--out DIR] [--scatter A,B] [--pages] RESULTS.jsonl...\n\nWrites DIR/summary.md, the same as a page, DIR/index.html, DIR/results.csv,\nDIR/cactus.{png,svg} and DIR/scatter-A-vs-B.{png,svg}; with --pages also\nDIR/pages/*.html, the page of each program's answer, linked from the summary.\n\nflags:\n", stdout, stderr)
	fs := cmd.FlagSet
	out := fs.String("out", "bench-report", "the report's `DIR`")
	scatter := fs.String("scatter", "", "plot configuration A against B (`A,B`; default: the first two by name)")
	pages := fs.Bool("pages", false, "draw the page of each program a bopgo check configuration answered correctly (again with --html, by the quickest configuration of those whose answer came with a certificate, else with checked evidence, else any) into DIR/pages and link them from the summary")
	bopgoPath := fs.String("bopgo", "", "with --pages, the bopgo executable, `PATH` (default: the one next to bopgo-bench, else on PATH)")
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	var pair []string
	if *scatter != "" {
		pair = strings.Split(*scatter, ",")
		if len(pair) != 2 || pair[0] == "" || pair[1] == "" {
			fmt.Fprintf(stderr, "bopgo-bench report: --scatter %q: want A,B\n", *scatter)
			return exitUsage
		}
	}
	if len(files) == 0 {
		return cmd.Errorf("no results files given")
	}
	recs, torn, err := bench.ReadRecords(files...)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench report: %v\n", err)
		return benchFailed
	}
	if torn > 0 {
		fmt.Fprintf(stderr, "bopgo-bench report: %d torn last lines skipped\n", torn)
	}
	merged, conflicts := bench.Dedup(recs)
	for _, c := range conflicts {
		fmt.Fprintf(stderr, "bopgo-bench report: conflict: %s\n", c)
	}
	if len(merged) == 0 {
		fmt.Fprintln(stderr, "bopgo-bench report: no records")
		return benchFailed
	}
	var set *bench.PageSet
	if *pages {
		self := *bopgoPath
		if self == "" {
			if self, err = findBopgo(); err != nil {
				fmt.Fprintf(stderr, "bopgo-bench report: finding the bopgo executable for --pages (give --bopgo): %v\n", err)
				return benchFailed
			}
		}
		ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer cancel()
		s, err := bench.Pages(ctx, merged, *out, bench.PageOptions{Bopgo: self, Progress: stderr})
		if err != nil {
			fmt.Fprintf(stderr, "bopgo-bench report: %v\n", err)
			return benchFailed
		}
		for _, p := range s.Problems {
			fmt.Fprintf(stderr, "bopgo-bench report: no page for %s\n", p)
		}
		set = &s
	}
	written, err := bench.ReportPages(merged, *out, pair, set)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo-bench report: %v\n", err)
		return benchFailed
	}
	for _, w := range written {
		fmt.Fprintln(stdout, filepath.ToSlash(w))
	}
	return 0
}

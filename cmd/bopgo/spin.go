package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/spin"
	"github.com/bopgo/bopgo/internal/cli"
)

const spinUsage = `usage: bopgo spin [flags] FILE.bp

Checks the program in FILE.bp with the SPIN model checker: exports it as
Promela (bopgo export --format promela), compiles SPIN's verifier with gcc
and runs it. Prints the verdict lines and exit statuses of bopgo check
(--json: the same schema, engine "spin", no trace). Needs spin and gcc on
PATH (exit status 4 if they are missing). See docs/promela.md.

flags:
`

// spinQuickCompile compiles pan without optimisation; tests set it, their
// models are small.
var spinQuickCompile = false

type spinFlags struct {
	label      string
	maxThreads int
	maxMemory  cli.ByteSize
	timeout    time.Duration
	json       bool
	stats      bool
	noReduce   bool
}

func runSpin(args []string, stdout, stderr io.Writer) int {
	f := spinFlags{maxMemory: spin.DefaultMaxMemory}
	cmd := cli.New("bopgo spin", spinUsage, stdout, stderr)
	fs := cmd.FlagSet
	fs.StringVar(&f.label, "l", "", "check that no statement labelled `LABEL` is reachable (instead of assertions)")
	fs.IntVar(&f.maxThreads, "max-threads", promela.DefaultMaxThreads, "bound on live threads, main included (`N`); reaching it gives UNKNOWN, never SUCCESSFUL")
	fs.Var(&f.maxMemory, "max-memory", "SPIN's memory limit (`SIZE`, e.g. 2GB; pan's -DMEMLIM)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with UNKNOWN after `DURATION`, compilation included (0: no limit)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object (docs/json.md) instead of text")
	fs.BoolVar(&f.stats, "stats", false, "print SPIN's statistics")
	fs.BoolVar(&f.noReduce, "no-reduce", false, "turn off SPIN's partial-order reduction (-DNOREDUCE)")
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	name, ok := cmd.OneFile(files)
	if !ok {
		return exitUsage
	}
	if f.maxThreads < 1 || f.maxThreads > promela.MaxThreads || f.timeout < 0 {
		fmt.Fprintf(stderr, "bopgo spin: --max-threads must be in 1..%d; --timeout must not be negative\n", promela.MaxThreads)
		return exitUsage
	}
	out := newPrinter(stdout, f.json)
	prog := loadOrReport(name, stderr, out)
	if prog == nil {
		return exitBadInput
	}
	start := time.Now()
	opts := bopgo.Options{Label: f.label}
	res := bopgo.Result{Property: opts.Property(), Engine: "spin"}
	var sr spin.Details
	targets := prog.Targets(f.label)
	if f.label != "" && len(prog.FindLabel(f.label)) == 0 {
		return checkError(name, fmt.Errorf("%w %s", bopgo.ErrNoSuchLabel, f.label), stderr, out)
	}
	if ok, why := prog.TargetReachable(targets, f.label); !ok {
		// The same static answer as bopgo check, without running SPIN.
		res.Verdict, res.Reason = bopgo.Safe, why
	} else {
		ctx, cancel := withTimeout(context.Background(), f.timeout)
		defer cancel()
		p := &engine.Problem{Prog: prog, Label: f.label, Targets: targets}
		er, got, err := spin.Verify(ctx, p, f.maxThreads, spin.Options{MaxMemory: uint64(f.maxMemory), NoReduce: f.noReduce, QuickCompile: spinQuickCompile})
		if err != nil {
			fmt.Fprintf(stderr, "bopgo spin: %v\n", err)
			if errors.Is(err, spin.ErrMissing) {
				return exitPeerMissing
			}
			return exitUsage
		}
		sr = got
		res.Verdict, res.Limit, res.Reason = er.Verdict, er.Limit, er.Reason
	}
	res.Counters = bopgo.Counters{}.Count("states", int(sr.States)).Level(bopgo.CounterThreadBound, f.maxThreads).Duration(bopgo.CounterSeconds, time.Since(start)).Duration(bopgo.CounterCheckSeconds, 0)
	if f.json || !f.stats {
		out.result(name, prog, res, false)
	} else {
		printSpinText(stdout, name, res, sr)
	}
	switch res.Verdict {
	case bopgo.Safe:
		return exitSafe
	case bopgo.Unsafe:
		return exitUnsafe
	}
	return exitUnknown
}

func printSpinText(w io.Writer, file string, res bopgo.Result, sr spin.Details) {
	fmt.Fprintf(w, "file: %s\nproperty: %s\nengine: %s\n", file, res.Property, res.Engine)
	if res.Reason != "" {
		fmt.Fprintf(w, "\nreason: %s\n", res.Reason)
	}
	fmt.Fprintf(w, "\nstates: %d\ndepth: %d\nmemory: %.1f MB\npan runs: %d\nthread bound: %d\ntime: %.3fs\n",
		sr.States, sr.Depth, sr.Memory, sr.Runs, res.Counters.Int(bopgo.CounterThreadBound), res.Counters.Get(bopgo.CounterSeconds))
	fmt.Fprintln(w)
	fmt.Fprintln(w, verdictLine(res.Verdict))
}

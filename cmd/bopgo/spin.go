package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/internal/spin"
)

const spinUsage = `usage: bopgo spin [flags] FILE.bp

Checks the program in FILE.bp with the SPIN model checker: exports it as
Promela (bopgo export --format promela), compiles SPIN's verifier with gcc
and runs it. Prints the verdict lines and exit statuses of bopgo check
(--json: the same schema, engine "spin", no trace). Needs spin and gcc on
PATH (exit status 1 if they are missing). See docs/promela.md.

flags:
`

// spinQuickCompile compiles pan without optimisation; tests set it, their
// models are small.
var spinQuickCompile = false

type spinFlags struct {
	label      string
	maxThreads int
	maxMemory  byteSize
	timeout    time.Duration
	json       bool
	stats      bool
	noReduce   bool
}

func runSpin(args []string, stdout, stderr io.Writer) int {
	f := spinFlags{maxMemory: spin.DefaultMaxMemory}
	fs := flag.NewFlagSet("spin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.label, "l", "", "check that no statement labelled `LABEL` is reachable (instead of assertions)")
	fs.IntVar(&f.maxThreads, "max-threads", promela.DefaultMaxThreads, "bound on live threads, main included (`N`); reaching it gives UNKNOWN, never SUCCESSFUL")
	fs.Var(&f.maxMemory, "max-memory", "SPIN's memory limit (`SIZE`, e.g. 2GB; pan's -DMEMLIM)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with UNKNOWN after `DURATION`, compilation included (0: no limit)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object (docs/json.md) instead of text")
	fs.BoolVar(&f.stats, "stats", false, "print SPIN's statistics")
	fs.BoolVar(&f.noReduce, "no-reduce", false, "turn off SPIN's partial-order reduction (-DNOREDUCE)")
	fs.Usage = func() {
		fmt.Fprint(stderr, spinUsage)
		fs.PrintDefaults()
	}
	files, status, stop := parseArgs(fs, args)
	if stop {
		return status
	}
	name, ok := oneFile("bopgo spin", files, fs, stderr)
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
	res.Stats.ThreadBound = f.maxThreads
	var sr spin.Result
	if ok, why := prog.TargetReachable(prog.Targets(f.label), f.label); !ok {
		// The same static answer as bopgo check, without running SPIN.
		res.Verdict, res.Reason = bopgo.Safe, why
	} else {
		if err := spin.Available(); err != nil {
			fmt.Fprintf(stderr, "bopgo spin: %v\n", err)
			return exitUsage
		}
		var model bytes.Buffer
		if err := promela.Write(&model, prog, promela.Options{Label: f.label, MaxThreads: f.maxThreads}); err != nil {
			fmt.Fprintf(stderr, "bopgo spin: %v\n", err)
			return exitUsage
		}
		ctx, cancel := withTimeout(context.Background(), f.timeout)
		defer cancel()
		var err error
		sr, err = spin.Check(ctx, model.Bytes(), spin.Options{MaxMemory: uint64(f.maxMemory), NoReduce: f.noReduce, QuickCompile: spinQuickCompile})
		if err != nil {
			fmt.Fprintf(stderr, "bopgo spin: %v\n", err)
			return exitUsage
		}
		res.Verdict, res.Reason = spinVerdict(sr, f.label)
		if sr.Verdict == spin.Unknown && ctx.Err() == context.DeadlineExceeded {
			res.Reason = fmt.Sprintf("timeout after %v", f.timeout)
		}
		res.Stats.States = int(sr.States)
	}
	res.Stats.Duration = time.Since(start)
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

// spinVerdict words SPIN's answer as bopgo's.
func spinVerdict(sr spin.Result, label string) (bopgo.Verdict, string) {
	switch sr.Verdict {
	case spin.Safe:
		return bopgo.Safe, ""
	case spin.Unsafe:
		if label != "" {
			return bopgo.Unsafe, fmt.Sprintf("label %s reached", label)
		}
		return bopgo.Unsafe, "assertion can fail (pan: " + sr.Reason + ")"
	}
	return bopgo.Unknown, sr.Reason
}

func printSpinText(w io.Writer, file string, res bopgo.Result, sr spin.Result) {
	fmt.Fprintf(w, "file: %s\nproperty: %s\nengine: %s\n", file, res.Property, res.Engine)
	if res.Reason != "" {
		fmt.Fprintf(w, "\nreason: %s\n", res.Reason)
	}
	fmt.Fprintf(w, "\nstates: %d\ndepth: %d\nmemory: %.1f MB\npan runs: %d\nthread bound: %d\ntime: %.3fs\n",
		sr.States, sr.Depth, sr.Memory, sr.Runs, res.Stats.ThreadBound, res.Stats.Duration.Seconds())
	fmt.Fprintln(w)
	fmt.Fprintln(w, verdictLine(res.Verdict))
}

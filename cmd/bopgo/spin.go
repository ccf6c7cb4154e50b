package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/internal/cli"
)

const spinUsage = `usage: bopgo spin [flags] FILE.bp

Checks the program in FILE.bp with the SPIN model checker: exports it as
Promela (bopgo export --format promela), compiles SPIN's verifier with gcc
and runs it. Prints the verdict lines and exit statuses of bopgo check
(--json: the same schema, engine "spin"). A violation comes with SPIN's
counterexample, its trail mapped back to the program and replayed as
every engine's is; a safe answer is SPIN's own, which pan gives no
certificate for ("unchecked": true). Needs spin and gcc on PATH (exit status 4
if they are missing). The same as bopgo check --engine spin, with SPIN's
own flags. See docs/promela.md.

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
	dialect    dialectFlag
}

func runSpin(args []string, stdout, stderr io.Writer) int {
	f := spinFlags{maxMemory: cli.ByteSize(bopgo.DefaultSpinMemory)}
	cmd := cli.New("bopgo spin", spinUsage, stdout, stderr)
	fs := cmd.FlagSet
	fs.StringVar(&f.label, "l", "", "check that no statement labelled `LABEL` is reachable, instead of the program's own property (SLIC_ERROR in Getafix's dialect, else the assertions)")
	fs.IntVar(&f.maxThreads, "max-threads", bopgo.DefaultMaxThreads, "bound on live threads, main included (`N`); reaching it gives UNKNOWN, never SUCCESSFUL")
	fs.Var(&f.maxMemory, "max-memory", "SPIN's memory limit (`SIZE`, e.g. 2GB; pan's -DMEMLIM)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with UNKNOWN after `DURATION`, compilation included (0: no limit)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object (docs/json.md) instead of text")
	fs.BoolVar(&f.stats, "stats", false, "print SPIN's statistics")
	fs.BoolVar(&f.noReduce, "no-reduce", false, "turn off SPIN's partial-order reduction (-DNOREDUCE)")
	f.dialect.register(fs)
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	if f.maxThreads < 1 || f.maxThreads > promela.MaxThreads || f.timeout < 0 {
		fmt.Fprintf(stderr, "bopgo spin: --max-threads must be in 1..%d; --timeout must not be negative\n", promela.MaxThreads)
		return exitUsage
	}
	out := newPrinter(stdout, f.json)
	prog := loadOrReport(name, bp.LoadOptions{Dialect: f.dialect.d}, stderr, out)
	if prog == nil {
		return exitBadInput
	}
	opts := bopgo.Options{Label: f.label, Engine: bopgo.Spin, MaxThreads: f.maxThreads, Timeout: f.timeout,
		Spin: bopgo.SpinOptions{MaxMemory: uint64(f.maxMemory), NoReduce: f.noReduce, QuickCompile: spinQuickCompile}}
	res, err := bopgo.Check(context.Background(), prog, opts)
	if err != nil {
		return checkError("bopgo spin", name, err, stderr, out)
	}
	out.result(name, prog, res, f.stats)
	return exitStatus(res.Verdict, nil)
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

const checkUsage = `usage: bopgo check [flags] FILE.bp

Checks that no assertion of the program in FILE.bp can fail (or, with -l,
that no statement labelled LABEL can be reached) in any interleaving of its
threads. Diagnostics go to stderr; stdout ends with the verdict line.

flags:
`

// checkFlags are the flags of bopgo check.
type checkFlags struct {
	label      string
	engine     string
	maxThreads int
	maxStates  int
	maxDepth   int
	maxMemory  byteSize
	timeout    time.Duration
	json       bool
	stats      bool
	dumpQBF    string
	noPOR      bool
	por        bool
	exact      bool
}

func (f *checkFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.label, "l", "", "check that no statement labelled `LABEL` is reachable (instead of assertions)")
	fs.StringVar(&f.engine, "engine", string(bopgo.DefaultEngine), "checking `ENGINE`: symbolic (SAT and QBF on parametric states), explicit (state by state), ic3 (IC3/PDR on the program as a circuit), bmc (bounded model checking of the circuit: finds bugs, never proves), kind (k-induction on the circuit) or auto (symbolic and ic3 raced; the first answer wins)")
	fs.BoolVar(&f.noPOR, "no-por", false, "turn off partial-order reduction (symbolic engine)")
	fs.BoolVar(&f.por, "por", true, "partial-order reduction (the default; sound: the verdict never depends on it)")
	fs.StringVar(&f.dumpQBF, "dump-qbf", "", "write every subsumption query of the symbolic engine as QDIMACS into `DIR`")
	fs.IntVar(&f.maxThreads, "max-threads", 8, "bound on live threads, main included (`N`); reaching it gives UNKNOWN, never SUCCESSFUL")
	fs.IntVar(&f.maxDepth, "max-depth", 0, "bmc, kind: give up with UNKNOWN past unrolling depth `N` (0: no limit)")
	fs.IntVar(&f.maxStates, "max-states", 0, "give up with UNKNOWN after `N` states (0: no limit)")
	fs.Var(&f.maxMemory, "max-memory", "give up with UNKNOWN when the heap exceeds `SIZE`, e.g. 2GB (0: no limit)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with UNKNOWN after `DURATION`, e.g. 30s (0: no limit)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object (docs/json.md) instead of text")
	fs.BoolVar(&f.stats, "stats", false, "print statistics")
	fs.BoolVar(&f.exact, "exact-trace", false, "print the counterexample with the values of one execution, dead variables included (as boppo --compact-trace does)")
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.register(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, checkUsage)
		fs.PrintDefaults()
	}
	files, status, stop := parseArgs(fs, args)
	if stop {
		return status
	}
	name, ok := oneFile("bopgo check", files, fs, stderr)
	if !ok || !validLimits("bopgo check", f.engine, f.maxThreads, f.timeout, stderr) {
		return exitUsage
	}
	if f.maxStates < 0 || f.maxDepth < 0 {
		fmt.Fprintln(stderr, "bopgo check: --max-states and --max-depth must not be negative")
		return exitUsage
	}
	out := newPrinter(stdout, f.json)
	prog := loadOrReport(name, stderr, out)
	if prog == nil {
		return exitBadInput
	}
	ctx, cancel := withTimeout(context.Background(), f.timeout)
	defer cancel()
	if f.dumpQBF != "" {
		if err := os.MkdirAll(f.dumpQBF, 0o755); err != nil {
			fmt.Fprintf(stderr, "bopgo: %v\n", err)
			return exitUsage
		}
	}
	opts := bopgo.Options{Label: f.label, Engine: bopgo.Engine(f.engine), MaxThreads: f.maxThreads, MaxStates: f.maxStates, MaxDepth: f.maxDepth, MaxMemory: uint64(f.maxMemory), DumpQBF: f.dumpQBF, NoPOR: f.noPOR || !f.por}
	res, err := bopgo.Check(ctx, prog, opts)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo: %v\n", err)
		return exitUsage
	}
	explainTimeout(ctx, &res, f.timeout)
	if f.exact {
		exactTrace(prog, f.label, &res, stderr, "bopgo")
	}
	out.result(name, prog, res, f.stats)
	switch res.Verdict {
	case bopgo.Safe:
		return exitSafe
	case bopgo.Unsafe:
		return exitUnsafe
	}
	return exitUnknown
}

// loadFile reads and loads a program; on failure it returns nil and every
// diagnostic, file:line:col first.
// loadOrReport loads a program; if it cannot, it prints every error on
// stderr and, given a printer, the error result (JSON), and returns nil.
func loadOrReport(name string, stderr io.Writer, out *printer) *bp.Program {
	prog, msgs := loadFile(name)
	for _, m := range msgs {
		fmt.Fprintln(stderr, m)
	}
	if prog == nil && out != nil {
		out.inputError(name, msgs)
	}
	return prog
}

func loadFile(name string) (*bp.Program, []string) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, []string{"bopgo: " + err.Error()}
	}
	prog, err := bp.Load(name, src)
	if err == nil {
		return prog, nil
	}
	list, ok := err.(bp.ErrorList)
	if !ok {
		return nil, []string{err.Error()}
	}
	msgs := make([]string, len(list))
	for i, e := range list {
		msgs[i] = e.Error()
	}
	return nil, msgs
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/verdict"
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
	maxStack   int
	contexts   int
	rounds     int
	keepCalls  bool
	noSlice    bool
	maxMemory  cli.ByteSize
	timeout    time.Duration
	json       bool
	stats      bool
	dumpQBF    string
	noPOR      bool
	por        bool
	progress   bool
	every      time.Duration
	broadcast  string
	exact      bool
	rawTrace   bool
	html       string
	dialect    dialectFlag
}

func (f *checkFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.label, "l", "", "check that no statement labelled `LABEL` is reachable, instead of the program's own property (SLIC_ERROR in Getafix's dialect, else the assertions)")
	fs.StringVar(&f.engine, "engine", string(bopgo.DefaultEngine), "checking `ENGINE`: "+engineHelp())
	fs.BoolVar(&f.noPOR, "no-por", false, "turn off partial-order reduction (symbolic and explicit engines)")
	fs.BoolVar(&f.por, "por", true, "partial-order reduction (the default; sound: the verdict never depends on it)")
	fs.StringVar(&f.dumpQBF, "dump-qbf", "", "write every subsumption query the symbolic engine asks the QBF solver (not those answered from its cache) as QDIMACS into `DIR`")
	fs.IntVar(&f.maxThreads, "max-threads", 0, fmt.Sprintf("bound on live threads, main included (`N`); reaching it gives UNKNOWN, never SUCCESSFUL (0: the program's own bound if its thread creation is bounded, else %d)", bopgo.DefaultMaxThreads))
	fs.IntVar(&f.maxStack, "max-stack", 0, fmt.Sprintf("a program with recursive functions and threads: give up with UNKNOWN past calls nested `N` deep (0: %d; one thread is decided whatever the depth)", bopgo.DefaultMaxStack))
	fs.BoolVar(&f.keepCalls, "keep-calls", false, "lower every call as a call into a procedure of its own (decided with procedure summaries on one thread) instead of inlining the calls of functions that do not recurse; for comparison")
	fs.BoolVar(&f.noSlice, "no-slice", false, "check the program as given, without first cutting out the variables that cannot affect the property (for comparison; traces show every variable either way)")
	fs.IntVar(&f.contexts, "contexts", 0, enginesHitting(verdict.Contexts)+": explore only executions with at most `K` context switches; the bounds 1 to K in turn (at K only for bmc and sim, which never prove), each said with --progress; bugs found are real; none found gives UNKNOWN; 0: every interleaving")
	fs.IntVar(&f.rounds, "rounds", 0, enginesHitting(verdict.Rounds)+": explore only executions of at most `K` rounds, Getafix's bound: each round runs every thread for a context, possibly empty, in the order of their ids (source order in Getafix's dialect, else creation order); the bounds 1 to K in turn (at K only for bmc and sim, which never prove), each said with --progress; bugs found are real; none found gives UNKNOWN; 0: every interleaving")
	fs.IntVar(&f.maxDepth, "max-depth", 0, enginesHitting(verdict.Depth)+": give up with UNKNOWN past unrolling depth `N` (frames for ic3; 0: no limit)")
	fs.IntVar(&f.maxStates, "max-states", 0, enginesHitting(verdict.States)+": give up with UNKNOWN after `N` states (0: no limit)")
	fs.Var(&f.maxMemory, "max-memory", "give up with UNKNOWN when the heap exceeds `SIZE`, e.g. 2GB, also the runtime's soft memory limit (0: no limit)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with UNKNOWN after `DURATION`, e.g. 30s (0: no limit)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object (docs/json.md) instead of text")
	fs.BoolVar(&f.stats, "stats", false, "print statistics")
	fs.StringVar(&f.broadcast, "broadcast", "blocking", "the reading of broadcast assignments (x$), `READING`: blocking (a passive thread that cannot take the step blocks it) or monotone (it stays unchanged; SAFE then holds under both)")
	fs.BoolVar(&f.progress, "progress", false, "print a progress line on stderr about once a second (the default when stderr is a terminal)")
	fs.DurationVar(&f.every, "progress-every", 0, "print a progress line every `DURATION` instead (implies --progress; 0: once a second)")
	fs.BoolVar(&f.exact, "exact-trace", false, "print the counterexample with the values of one execution, dead variables included (as boppo --compact-trace does)")
	fs.BoolVar(&f.rawTrace, "raw-trace", false, "print the counterexample as the engine found it, not shortened (by default steps that the violation does not need are dropped and each thread's steps gathered, and the shorter trace is replayed)")
	htmlFlag(fs, &f.html)
	f.dialect.register(fs)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	var f checkFlags
	cmd := cli.New("bopgo check", checkUsage, stdout, stderr)
	f.register(cmd.FlagSet)
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	if msg := badLimits(f.engine, f.maxThreads, f.timeout); msg != "" {
		return cmd.Errorf("%s", msg)
	}
	if msg := badBounds(&f); msg != "" {
		return cmd.Errorf("%s", msg)
	}
	reading, ok := bp.ParseReading(f.broadcast)
	if !ok {
		return cmd.Errorf("--broadcast must be blocking or monotone, not %q", f.broadcast)
	}
	if f.maxStates < 0 || f.maxDepth < 0 || f.maxStack < 0 || f.every < 0 {
		return cmd.Errorf("--max-states, --max-depth, --max-stack and --progress-every must not be negative")
	}
	out := newPrinter(stdout, f.json)
	out.reading = reading
	prog := loadOrReport(name, bp.LoadOptions{Dialect: f.dialect.d, KeepCalls: f.keepCalls}, stderr, out)
	if prog == nil {
		return exitBadInput
	}
	if f.dumpQBF != "" {
		if err := os.MkdirAll(f.dumpQBF, 0o755); err != nil {
			fmt.Fprintf(stderr, "bopgo: %v\n", err)
			return exitUsage
		}
	}
	opts := bopgo.Options{Label: f.label, Engine: bopgo.Engine(f.engine), MaxThreads: f.maxThreads, MaxStates: f.maxStates, MaxDepth: f.maxDepth, MaxStack: f.maxStack, Contexts: f.contexts, Rounds: f.rounds, MaxMemory: uint64(f.maxMemory), Timeout: f.timeout, Broadcast: reading, NoSlice: f.noSlice, RawTrace: f.rawTrace,
		Symbolic: bopgo.SymbolicOptions{DumpQBF: f.dumpQBF, NoPOR: f.noPOR || !f.por},
		Explicit: bopgo.ExplicitOptions{NoPOR: f.noPOR || !f.por}}
	progress := newProgressLine(stderr, f.progress || f.every > 0)
	if progress != nil {
		opts.Progress, opts.ProgressEvery = progress.show, f.every
	}
	bopgo.CollectNearLimit(opts)
	start := time.Now()
	res, err := bopgo.CheckBounded(context.Background(), prog, opts, boundDone(progress.writer(), &f, start))
	progress.clear()
	if err != nil {
		return checkError("bopgo", name, err, stderr, out)
	}
	for _, err := range res.Failures {
		fmt.Fprintf(stderr, "bopgo: warning: %v\nplease report this bug with the input file\n", err)
	}
	if f.exact || f.html != "" {
		// A page shows what each step changed: only one execution's
		// values say that truly.
		exactTrace(prog, prog.CheckedLabel(f.label), reading, &res, stderr, "bopgo")
	}
	out.result(name, prog, res, f.stats)
	if f.html != "" {
		if err := writeHTML(f.html, name, prog, reading, res); err != nil {
			fmt.Fprintf(stderr, "bopgo: writing %s: %v\n", f.html, err)
			return exitUsage
		}
	}
	return exitStatus(res.Verdict, nil)
}

// checkError reports an error of bopgo.Check (or CheckCircuit) and
// returns the exit status: a label that does not exist is bad input; an
// engine's failure is an internal error; who names the command.
func checkError(who, file string, err error, stderr io.Writer, out *printer) int {
	status := exitStatus(verdict.Unknown, err)
	switch status {
	case exitBadInput:
		msg := fmt.Sprintf("%s: %v", file, err)
		fmt.Fprintln(stderr, msg)
		out.inputError(file, []string{msg})
	case exitInternal:
		fmt.Fprintf(stderr, "%s: %v\n", who, err)
		if pe, ok := errors.AsType[*bopgo.PanicError](err); ok {
			fmt.Fprintln(stderr, strings.TrimSpace(pe.Stack))
		}
		fmt.Fprintln(stderr, "please report this bug with the input file")
	default:
		fmt.Fprintf(stderr, "%s: %v\n", who, err)
	}
	return status
}

// enginesHitting lists the engines of the table that enforce limit l,
// for the help of the flag that sets it.
func enginesHitting(l verdict.Limit) string {
	var names []string
	for _, e := range bopgo.EngineTable() {
		if e.Hits(l) && e.Name != bopgo.Auto {
			names = append(names, string(e.Name))
		}
	}
	return strings.Join(names, ", ")
}

// engineHelp lists the engines of the table for --engine's help.
func engineHelp() string {
	var parts []string
	for _, e := range bopgo.EngineTable() {
		parts = append(parts, fmt.Sprintf("%s (%s)", e.Name, e.Summary))
	}
	return strings.Join(parts, ", ")
}

// loadOrReport loads a program with opts (its dialect, whether calls are
// kept) and prints its notes on stderr; if it cannot, it prints every
// error on stderr and, given a printer, the error result (JSON), and
// returns nil.
func loadOrReport(name string, opts bp.LoadOptions, stderr io.Writer, out *printer) *bp.Program {
	prog, msgs := loadFile(name, opts)
	for _, m := range msgs {
		fmt.Fprintln(stderr, m)
	}
	if prog == nil && out != nil {
		out.inputError(name, msgs)
	}
	if prog != nil {
		printNotes(stderr, prog)
	}
	return prog
}

func loadFile(name string, opts bp.LoadOptions) (*bp.Program, []string) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, []string{"bopgo: " + err.Error()}
	}
	prog, err := bp.LoadWith(name, src, opts)
	if err == nil {
		return prog, nil
	}
	list, ok := err.(syntax.ErrorList)
	if !ok {
		return nil, []string{err.Error()}
	}
	msgs := make([]string, len(list))
	for i, e := range list {
		msgs[i] = e.Error()
	}
	return nil, msgs
}

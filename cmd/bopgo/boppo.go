package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/verdict"
)

// BoPPo compatibility mode (docs/boppo.md): the command line and output of
// BoPPo, for clients such as SatAbs that run "boppo --compact-trace --por
// FILE" and scrape stdout.

const boppoUsage = `usage: boppo [flags] FILE.bp       (or: bopgo boppo [flags] FILE.bp)

BoPPo compatibility mode of bopgo: checks that no assertion of the program
can fail (with -l, that LABEL is unreachable) and prints BoPPo's verdict
line, VERIFICATION SUCCESSFUL or VERIFICATION FAILED (VERIFICATION UNKNOWN
when a limit stopped the search). Exit status 0 on SUCCESSFUL or FAILED,
5 on UNKNOWN, 6 on bad input, 1 on a usage error. See docs/boppo.md.

flags (-x and --x are the same):
`

// boppoIgnored are BoPPo's flags that tune its algorithm, not its answer
// or output; bopgo accepts them and does nothing.
var boppoIgnored = []struct{ name, usage string }{
	{"small-history", "BoPPo's smaller history; ignored"},
	{"no-qbf-cache", "BoPPo without its QBF cache; ignored"},
	{"tvs", "BoPPo's TVS mode; ignored"},
	{"ct", "BoPPo's CT simulator; ignored"},
}

// boppoUnsupported are BoPPo's flags that change what it prints or how it
// exits; accepting them silently would give a client wrong output.
var boppoUnsupported = []string{
	"f", "slam-race", "promela", "smv", "gui", "show-parse", "show-boolean-program",
	"show-goto-program", "show-goto-functions", "show-program-formula",
	"show-program-variables", "show-alive", "show-cycles",
}

type boppoFlags struct {
	label      string
	por        bool
	noPOR      bool
	compact    bool
	loops      bool
	statistics bool
	version    bool
	verbosity  int
	ignored    bool
	engine     string
	maxThreads int
	timeout    time.Duration
	dialect    dialectFlag
	// unsupported holds one flag per boppoUnsupported name.
	unsupported []bool
}

func (f *boppoFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.label, "l", "", "check that `LABEL` is unreachable, instead of the program's own property (SLIC_ERROR in Getafix's dialect, else the assertions)")
	fs.BoolVar(&f.por, "por", false, "partial-order reduction; on by default, the verdict never depends on it")
	fs.BoolVar(&f.noPOR, "no-por", false, "turn off bopgo's partial-order reduction")
	fs.BoolVar(&f.compact, "compact-trace", false, "print the counterexample as TRACE lines, one per step")
	fs.BoolVar(&f.loops, "loop-detection", false, "bracket a lasso of the counterexample with LOOP [ and LOOP ]")
	fs.BoolVar(&f.statistics, "statistics", false, "print statistics before the verdict")
	fs.BoolVar(&f.version, "version", false, "print the version")
	fs.IntVar(&f.verbosity, "verbosity", 0, "verbosity `N`; ignored")
	fs.IntVar(&f.verbosity, "v", 0, "verbosity `N`; ignored")
	for _, ig := range boppoIgnored {
		fs.BoolVar(&f.ignored, ig.name, false, ig.usage)
	}
	fs.StringVar(&f.engine, "engine", string(bopgo.DefaultEngine), "bopgo's checking `ENGINE`")
	fs.IntVar(&f.maxThreads, "max-threads", 0, fmt.Sprintf("bopgo's bound on live threads, main included (`N`; 0: the program's own bound if its thread creation is bounded, else %d)", bopgo.DefaultMaxThreads))
	fs.DurationVar(&f.timeout, "timeout", 0, "give up with VERIFICATION UNKNOWN after `DURATION` (0: no limit)")
	f.dialect.register(fs)
	f.unsupported = make([]bool, len(boppoUnsupported))
	for i, name := range boppoUnsupported {
		fs.BoolVar(&f.unsupported[i], name, false, "BoPPo's; not supported by bopgo")
	}
}

// runAs is the whole command as invoked under name (the base name of
// argv[0]): through a link named boppo it is the compatibility mode.
func runAs(name string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if ext := filepath.Ext(name); strings.EqualFold(ext, ".exe") {
		name = strings.TrimSuffix(name, ext)
	}
	if name == "boppo" {
		return runBoPPo(args, stdout, stderr)
	}
	return run(args, stdin, stdout, stderr)
}

func runBoPPo(args []string, stdout, stderr io.Writer) int {
	var f boppoFlags
	cmd := cli.New("boppo", boppoUsage, stdout, stderr)
	fs := cmd.FlagSet
	f.register(fs)
	cmd.Flags = func(w io.Writer) {
		// List the flags that work, not the rejected ones.
		shown := flag.NewFlagSet("boppo", flag.ContinueOnError)
		shown.SetOutput(w)
		fs.VisitAll(func(fl *flag.Flag) {
			if !slices.Contains(boppoUnsupported, fl.Name) {
				shown.Var(fl.Value, fl.Name, fl.Usage)
				shown.Lookup(fl.Name).DefValue = fl.DefValue
			}
		})
		shown.PrintDefaults()
		fmt.Fprintf(w, "\nBoPPo's options that change its output are rejected: -%s.\n", strings.Join(boppoUnsupported, ", -"))
	}
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	if f.version {
		fmt.Fprintln(stdout, "bopgo", version, "(BoPPo compatibility mode)")
		return 0
	}
	for i, set := range f.unsupported {
		if set {
			dash := "--"
			if len(boppoUnsupported[i]) == 1 {
				dash = "-"
			}
			fmt.Fprintf(stderr, "boppo: option %s%s is not supported by bopgo's BoPPo compatibility mode (see docs/boppo.md)\n", dash, boppoUnsupported[i])
			return exitUsage
		}
	}
	name, ok := cmd.OneFile(files)
	if !ok {
		return exitUsage
	}
	if msg := badLimits(f.engine, f.maxThreads, f.timeout); msg != "" {
		return cmd.Errorf("%s", msg)
	}
	prog := loadOrReport(name, bp.LoadOptions{Dialect: f.dialect.d}, stderr, nil)
	if prog == nil {
		return exitBadInput
	}
	res, err := bopgo.Check(context.Background(), prog, bopgo.Options{Label: f.label, Engine: bopgo.Engine(f.engine), MaxThreads: f.maxThreads, Timeout: f.timeout, Symbolic: bopgo.SymbolicOptions{NoPOR: f.noPOR}, Explicit: bopgo.ExplicitOptions{NoPOR: f.noPOR}})
	if errors.Is(err, bopgo.ErrNoSuchLabel) {
		// BoPPo's answer to a label that no statement carries.
		res, err = bopgo.Result{Verdict: verdict.Safe, Reason: err.Error()}, nil
	}
	if err != nil {
		fmt.Fprintf(stderr, "boppo: %v\n", err)
		return exitStatus(verdict.Unknown, err)
	}
	exactTrace(prog, prog.CheckedLabel(f.label), bp.Blocking, &res, stderr, "boppo") // SatAbs re-simulates every step with the printed values
	writeBoPPoResult(stdout, prog, res, &f)
	if status := exitStatus(res.Verdict, nil); status == exitUnknown {
		return status
	}
	return 0 // BoPPo's contract: the verdict is on stdout, not in the status
}

// writeBoPPoResult prints the counterexample (compact or bopgo's text),
// the reason of an UNKNOWN, statistics, and last the verdict line.
func writeBoPPoResult(w io.Writer, prog *bp.Program, res bopgo.Result, f *boppoFlags) {
	if tr := res.Trace; tr != nil {
		switch {
		case f.compact && tr.Exec != nil:
			writeCompactTrace(w, prog, tr.Exec, f.loops)
		default:
			writeTrace(w, tr)
			if f.loops && tr.Exec != nil {
				if from, to := findLoop(tr.Exec); from >= 0 {
					fmt.Fprintf(w, "loop: steps %d to %d lead back to the state before step %d\n", from+1, to+1, from+1)
				}
			}
			fmt.Fprintln(w)
		}
	}
	var stats func(io.Writer, bopgo.Result)
	if f.statistics {
		stats = writeBoPPoStats
	}
	writeAnswer(w, res, stats)
}

// writeBoPPoStats prints BoPPo's statistics.
func writeBoPPoStats(w io.Writer, res bopgo.Result) {
	c := res.Counters
	fmt.Fprintf(w, "states: %d\nthread bound: %d\ntime: %.3fs\n", c.Int("states"), c.Int(bopgo.CounterThreadBound), c.Get(bopgo.CounterSeconds))
}

package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/spin"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/race"
	"github.com/bopgo/bopgo/shorten"
	"github.com/bopgo/bopgo/trace"
	"github.com/bopgo/bopgo/verdict"
)

// Errors of Check, for errors.Is.
var (
	// ErrUnknownEngine: Options.Engine names no engine of the table.
	ErrUnknownEngine = errors.New("unknown engine")
	// ErrNoSuchLabel: no statement carries Options.Label.
	ErrNoSuchLabel = errors.New("no statement is labelled")
	// ErrInternal: an engine failed, or gave an answer that did not pass
	// its check (a trace that does not replay, a certificate that does
	// not hold). It is a bug in bopgo, never a verdict.
	ErrInternal = errors.New("internal error")
	// ErrPeerMissing: a peer tool that an engine runs (spin, gcc) is not
	// installed.
	ErrPeerMissing = spin.ErrMissing
)

// DefaultMaxThreads is the thread bound when Options.MaxThreads is 0 and
// the program can create unboundedly many threads. It is declared once,
// by the Promela writer, the lowest package that needs it (bp/promela
// imports only bp), so that a model SPIN checks and the engines'
// answers use the same bound.
const DefaultMaxThreads = promela.DefaultMaxThreads

// MaxBound is the largest bound on rounds or context switches (Options):
// the explicit engine packs the count into 16 bits of a state's standing
// (engine/explicit/standing.go).
const MaxBound = 1<<16 - 1

// staticBoundCap: a program whose thread creation is bounded by more
// threads than this is treated as unbounded for the default bound, since
// raising the bound one by one that far would not end in useful time.
const staticBoundCap = 64

// Check decides whether prog satisfies the property of opts. It honours
// ctx and opts.Timeout: when either ends the check the verdict is Unknown,
// with the limit (Time, or Cancelled) and its words. The error is non-nil
// only when the check could not run (bad options, an unknown label, a peer
// tool missing: ErrPeerMissing) or an engine failed (ErrInternal).
//
// Every answer is checked before it leaves: an Unsafe trace is replayed by
// bp/interp, and a certificate of Safe is re-checked by an independent SAT
// call; an answer that fails its check is an ErrInternal error naming the
// engine. A peer's Safe, which cannot be checked (the Spin engine's),
// leaves marked Result.Unchecked.
func Check(ctx context.Context, prog *bp.Program, opts Options) (Result, error) {
	return check(ctx, prog, opts, nil)
}

// check is Check. Under a bound on rounds or context switches, with done
// not nil (CheckBounded), the default's race deepens the bound in each
// engine that honours it, telling done of each bound that ends without a
// bug (portfolio.go, runRace).
func check(ctx context.Context, prog *bp.Program, opts Options, done func(k int)) (res Result, err error) {
	start := time.Now()
	name := opts.Engine
	if name == "" {
		name = DefaultEngine
	}
	// An internal failure must not take down a caller that checks many
	// programs in one process.
	defer recovered(name, &err)
	info, err := checkOptions(prog, name, &opts)
	if err != nil {
		return Result{}, err
	}
	// The limits are the contexts' causes (verdict.Cause): the code that
	// stops on them reports the limit in these words, and nothing
	// downstream rewrites them.
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	if ctx.Err() != nil {
		// Promised: a context that has ended gives Unknown, even where an
		// engine could answer without looking at it.
		r := engine.Stopped(ctx)
		return Result{Verdict: verdict.Unknown, Limit: r.Limit, Reason: r.Reason, Property: opts.Property(), Engine: name}, nil
	}
	ctx, stop := race.WatchMemory(ctx, opts.MaxMemory)
	defer stop()
	p, err := problemOf(prog, info, opts)
	if err != nil {
		return Result{}, err
	}
	defer reportProgress(opts.Progress, opts.ProgressEvery, name, p.Meter, start)()
	if ok, why := prog.TargetReachable(p.Targets, opts.Label); !ok {
		res, err = controlFlowAnswer(ctx, info, p, why)
	} else {
		res, err = answer(ctx, info, p, opts, done)
	}
	if err != nil {
		return Result{}, err
	}
	if res.Trace != nil && !opts.RawTrace {
		p.Meter.SetPhase(fmt.Sprintf("shortening a counterexample of %d steps", len(res.Trace.Steps)))
		shortenTrace(ctx, prog, opts, &res, start)
	}
	res.Property = opts.Property()
	if p.Slice != nil {
		res.Sliced = &SliceCounts{Globals: p.Slice.CutGlobals, Locals: p.Slice.CutLocals, Targets: p.Slice.CutTargets}
	}
	res.Counters = withRoot(info.Counters, res.Counters, time.Since(start))
	return res, nil
}

// answer answers p: Safe on the control flow with the fixed globals'
// branches decided, as the judge checked it (static.go), or else the
// engine's answer (the race's for Auto).
func answer(ctx context.Context, info EngineInfo, p *engine.Problem, opts Options, done func(k int)) (Result, error) {
	// Only where the engine asked for could prove (bmc and sim never
	// do), and under a bound on rounds or context switches only for the
	// default, whose race answers Safe beyond the bound where an engine
	// proves it (CheckBounded); an engine named under a bound answers "no
	// bug within the bound", never Safe.
	// Tried and dropped (2026-11-29): under a bound, the walk's proof as
	// an entrant of the default's race instead, holding a core beside the
	// bounded search. "No bug within K" came first at small K (Getafix's
	// 01/…_inlined_unrolled_underapprox_safe at 1 and 2 rounds 0.14 and
	// 1.3 s instead of 10.2 and 11.2 s), but the check beside a search
	// took twice its time alone (18.8 s against 7.9 s, the two sharing
	// the memory's bandwidth), and at 4 rounds the answer came in 20.0 s
	// instead of 8.2 s (01/…_underapprox_safe at 3 and 4 rounds 4.8 s
	// instead of 3.4 and 2.6 s).
	if info.Proves && (info.Name == Auto || opts.Contexts == 0 && opts.Rounds == 0) {
		if res, ok, err := staticProof(ctx, info, p); ok || err != nil {
			return res, err
		}
	}
	if info.Name == Auto {
		return portfolio(ctx, p, opts, done)
	}
	if info.DeepensBounds && (p.Rounds > 0 || p.Contexts > 0) {
		p.BoundDone = done
	}
	// An engine named alone has the machine (IC3 races its
	// configurations on it); the race's entrants hold a core each.
	p.Cores = runtime.GOMAXPROCS(0)
	return runAndJudge(ctx, info, p, opts)
}

// checkOptions checks the options Check is given for prog and engine
// name, and sets opts.Label to the property checked: the program's own
// (Getafix's SLIC_ERROR) unless the caller names one.
func checkOptions(prog *bp.Program, name Engine, opts *Options) (EngineInfo, error) {
	info, ok := name.Info()
	if !ok {
		return info, fmt.Errorf("%w %q (known: %v)", ErrUnknownEngine, name, Engines)
	}
	if prog == nil {
		return info, errors.New("no program")
	}
	if opts.Contexts > 0 && opts.Rounds > 0 {
		return info, errors.New("a bound on context switches and one on rounds: give one")
	}
	if opts.Contexts > MaxBound || opts.Rounds > MaxBound {
		return info, fmt.Errorf("a bound on context switches or rounds above %d", MaxBound)
	}
	opts.Label = prog.CheckedLabel(opts.Label)
	if opts.Label != "" && len(prog.FindLabel(opts.Label)) == 0 {
		return info, fmt.Errorf("%w %s", ErrNoSuchLabel, opts.Label)
	}
	return info, nil
}

// problemOf is the engines' problem for prog under opts: the sliced
// program where slicing cuts something and the engine's answers are
// checked.
func problemOf(prog *bp.Program, info EngineInfo, opts Options) (*engine.Problem, error) {
	p := &engine.Problem{
		Prog: prog, Label: opts.Label, Targets: prog.Targets(opts.Label),
		MaxStates: opts.MaxStates, MaxDepth: opts.MaxDepth, MaxStack: opts.MaxStack, Contexts: opts.Contexts, Rounds: opts.Rounds,
		Broadcast: opts.Broadcast,
		Meter:     &engine.Meter{},
	}
	// A peer (SPIN) gets the program as given: its answer is the peer's
	// on the user's program, and comparisons with it stay fair.
	if !opts.NoSlice && !info.Unchecked {
		if sl := bp.Sliced(prog); sl != nil {
			// Checked like an answer: a Safe of the sliced program is one
			// of the program only if the cut is closed as slicing requires.
			if err := judge.VerifySlice(sl); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrInternal, err)
			}
			p.Prog, p.Slice = sl.Prog, sl
		}
	}
	return p, nil
}

// shortenTrace replaces res's counterexample by a shorter execution of
// the same violation, replayed by the judge, in a budget of its own
// (package shorten): presentation only.
func shortenTrace(ctx context.Context, prog *bp.Program, opts Options, res *Result, start time.Time) {
	short, st := shorten.Trace(ctx, prog, judge.Options{Label: opts.Label, Broadcast: opts.Broadcast}, res.Trace.Exec, shorten.Budget(time.Since(start)))
	if short == res.Trace.Exec {
		return
	}
	res.Trace, res.Shortened = trace.New(prog, short, opts.Label), &st.Before
	if res.Evidence.Kind == "counterexample" {
		res.Evidence.Words = shortenedWords(st)
	}
}

// shortenedWords is the evidence of a shortened counterexample: the
// judge replayed the engine's trace, and the shortened one too.
func shortenedWords(st shorten.Stats) string {
	how := fmt.Sprintf("shortened from the engine's %d", st.Before.Steps)
	if st.After.Steps == st.Before.Steps {
		how = fmt.Sprintf("the engine's reordered, with %d context switches for its %d", st.After.Switches, st.Before.Switches)
	}
	return fmt.Sprintf("a counterexample of %d steps (%s), replayed step by step by the reference semantics", st.After.Steps, how)
}

// rootCounters are the counters Check adds after the engine's, zero.
var rootCounters = Counters{}.
	Level(CounterThreadBound, 0).
	Duration(CounterSeconds, 0).
	Duration(CounterCheckSeconds, 0)

// withRoot is cs after the engine's declared counters, with the root's
// (zero where no engine ran) and the check's wall time.
func withRoot(declared, cs Counters, elapsed time.Duration) Counters {
	out := declared.Add(cs)
	for _, c := range rootCounters {
		if !out.Has(c.Name) {
			out = append(out, c)
		}
	}
	return out.Add(Counters{}.Duration(CounterSeconds, elapsed))
}

// runEngine runs one engine under the shared policy (thread bounds),
// without checking its answer. The result's counters are the engine's
// declared ones, added up over the bounds, then the bound of the last.
func runEngine(ctx context.Context, info EngineInfo, p *engine.Problem, opts Options) (engine.Result, error) {
	var r engine.Result
	var err error
	bound := 0
	run := info.new(&opts)
	switch {
	case !info.Broadcasts && p.Prog.HasBroadcasts():
		r.Reason = fmt.Sprintf("the %s engine does not read broadcast assignments (x$)", info.Name)
	case !info.Recursion && p.Prog.HasCalls():
		r.Reason = fmt.Sprintf("the %s engine does not run recursive functions (the explicit engine does)", info.Name)
	case info.Threads == AnyThreads:
		r, err = run(ctx, p, 0, true)
	default:
		r, bound, err = runBounds(ctx, run, info, p, threadBound(p.Prog, opts))
	}
	switch {
	case errors.Is(err, ErrPeerMissing):
		return r, err // not a bug of bopgo's, and the error names the tool
	case err != nil:
		return r, fmt.Errorf("%w in the %s engine: %w", ErrInternal, info.Name, err)
	}
	r.Counters = info.Counters.Add(r.Counters).Add(Counters{}.Level(CounterThreadBound, bound))
	return r, nil
}

// threadBound is the largest thread bound Check tries, and whether it is
// the program's own (static) bound.
func threadBound(prog *bp.Program, opts Options) int {
	n, bounded := prog.MaxThreads()
	switch {
	case opts.MaxThreads > 0 && bounded && n < opts.MaxThreads:
		return max(n, 1)
	case opts.MaxThreads > 0:
		return opts.MaxThreads
	case bounded && n <= staticBoundCap:
		return max(n, 1)
	}
	return DefaultMaxThreads
}

// runBounds runs an engine at thread bounds first, first+1, … maxThreads
// (first is 1, or what the engine's thread policy says): the first bound
// with a bug, or one that no thread start exceeds, decides; at the last
// bound an exceeded bound gives Unknown with the Threads limit. It
// returns the answer, with the counters added up over the bounds, and
// the last bound. A search that stopped at its bound on context switches,
// rounds or call depth and suppressed a thread start goes on to the next
// thread bound: the thread it left out may be the one with the bug
// (Getafix's SafeStack programs' bug needs all three threads, and with
// --contexts the search stopped at two), and every execution of a bound
// is one of the next with that thread never run, so the last bound's
// answer holds.
func runBounds(ctx context.Context, run engine.Run, info EngineInfo, p *engine.Problem, maxThreads int) (engine.Result, int, error) {
	var sum Counters
	for bound := firstBound(info, p.Prog, maxThreads); ; bound++ {
		last := bound >= maxThreads
		p.Meter.SetBound(bound)
		r, err := run(ctx, p, bound, last)
		if err != nil {
			return r, bound, err
		}
		sum = sum.Add(r.Counters)
		r.Counters = sum
		switch {
		case r.Verdict == verdict.Unsafe:
			return r, bound, nil
		case r.Verdict == verdict.Unknown && r.BoundHit && !last && (r.Limit == engine.Contexts || r.Limit == engine.Rounds || r.Limit == engine.Stack):
			continue
		case r.Verdict == verdict.Unknown && r.Limit != engine.Threads:
			return r, bound, nil
		case !r.BoundHit:
			return r, bound, nil
		case last:
			return engine.Result{Limit: engine.Threads, Counters: sum,
				Reason: fmt.Sprintf("thread bound reached: no bug with %s, but the program can have more", threads(maxThreads))}, bound, nil
		}
	}
}

// firstBound is the thread bound an engine starts at (its Threads column).
func firstBound(info EngineInfo, prog *bp.Program, maxThreads int) int {
	switch info.Threads {
	case FromStaticBound:
		if n, bounded := prog.MaxThreads(); bounded {
			return min(max(n, 1), maxThreads)
		}
	case AtFinalBound:
		return maxThreads
	}
	return 1
}

// threads words a thread bound.
func threads(n int) string {
	if n == 1 {
		return "1 thread"
	}
	return fmt.Sprintf("up to %d threads", n)
}

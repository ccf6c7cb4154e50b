package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// The portfolio (Auto, the default) races engines: as many at once as
// there are cores (GOMAXPROCS), and at least two. The first definite
// answer (Safe or Unsafe) that passes its check wins, and the others are
// cancelled. An engine that gives up (the counter engine on a program it
// does not translate, the explicit one on a step with too many choices)
// makes room for the next engine of the list; so does a race that runs
// long (lateStart), so that every engine gets its turn.
//
// The list is the table's: the engines with a Race position, in that
// order, less those that cannot take the question (one without a thread
// bound when Options.MaxThreads asks a bounded one, one that does not
// read the program's broadcasts). Two cheap features of the program,
// each measured to pick the engine that wins by far where it holds,
// move the engine they Lead to the front:
//   - ManyThreads (thread creation without bound, a kind of thread with
//     three or more threads, or five threads in all): the counter engine.
//     It counts identical threads instead of enumerating their
//     interleavings, reasons thread-modularly before it searches, and
//     alone it proves safety for any number of threads. Workers n=6 k=8
//     (identical): 0.2 s, where explicit takes 20 s or more; six workers
//     each of its own procedure with a lock (7 threads): 5.2 s, IC3 4.8 s,
//     explicit and symbolic more than 30 s; with four (5 threads) 1.4 s,
//     IC3 2.0 s, symbolic 1.3 s, explicit 2.6 s. (Racing IC3 rather than
//     explicit beside it was measured: within noise, 5.1 against 5.5 s on
//     the six.)
//   - WideStep (a constrained step with at least wideChoices
//     non-deterministic choices): symbolic simulation. The explicit
//     engine enumerates the step's outcomes one by one (WideParity v=16:
//     symbolic 0.01 s, explicit more than 10 s).
// ManyThreads applies after WideStep (featureOrder): where both hold, the
// counter engine goes first, symbolic second. Otherwise explicit and IC3
// go first, then symbolic, then the counter engine (the Race column): on
// the scaled-up random programs
// (benchmarks/scaled) the fastest engine is explicit on some and IC3 on
// others, by factors up to 30 either way, nothing cheap tells which, and
// one core each keeps the winner near its own speed (benchmarks/README.md).
//
// Which engine wins can differ from run to run, and with it the trace;
// Result.Engine names the winner, and each engine's own output is
// deterministic.

// wideChoices is the number of choices under a constraint from which a
// step counts as wide: the explicit engine enumerates 2^wideChoices
// outcomes of it from every state.
const wideChoices = 12

// identicalThreads and manyThreads are the numbers of threads of one
// kind, and in all, from which a program has ManyThreads.
const (
	identicalThreads = 3
	manyThreads      = 5
)

// lateStart is how long a race runs before the next engine of the list
// joins it; each later one waits lateStartGrowth times as long again.
const (
	lateStart       = 30 * time.Second
	lateStartGrowth = 4
)

// portfolioOrder is the list Auto races for prog under opts, the likely
// winners first (see above): the table's raced engines by Race, then the
// engines led by each feature prog has moved to the front, features in
// their order.
func portfolioOrder(prog *bp.Program, opts Options) []Engine {
	var rows []EngineInfo
	for _, e := range engineTable {
		switch {
		case e.Race == 0:
		case e.Threads == AnyThreads && opts.MaxThreads != 0:
			// A bounded question: an answer for any number of threads
			// could show a bug with more threads than asked.
		case prog.HasBroadcasts() && !e.Broadcasts:
		case prog.HasCalls() && !e.Recursion:
		default:
			rows = append(rows, e)
		}
	}
	slices.SortStableFunc(rows, func(a, b EngineInfo) int { return a.Race - b.Race })
	for _, f := range featureOrder {
		if !f.holds(prog) {
			continue
		}
		lead := slices.DeleteFunc(slices.Clone(rows), func(e EngineInfo) bool { return e.Lead != f })
		rest := slices.DeleteFunc(rows, func(e EngineInfo) bool { return e.Lead == f })
		rows = append(lead, rest...)
	}
	order := make([]Engine, len(rows))
	for i, e := range rows {
		order[i] = e.Name
	}
	return order
}

// featureOrder is the order in which the features move their engines to
// the front of the list: the last one's engine ends first.
var featureOrder = []Feature{WideStep, ManyThreads}

// holds reports whether prog has feature f.
func (f Feature) holds(prog *bp.Program) bool {
	switch f {
	case WideStep:
		return hasWideStep(prog)
	case ManyThreads:
		identical, bounded := prog.MaxIdenticalThreads()
		all, _ := prog.MaxThreads()
		return !bounded || identical >= identicalThreads || all >= manyThreads
	}
	return false
}

// hasWideStep reports whether some step of prog has at least wideChoices
// non-deterministic choices under a constraint.
func hasWideStep(prog *bp.Program) bool {
	for _, proc := range prog.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Constraint != nil && st.Choices >= wideChoices {
				return true
			}
		}
	}
	return false
}

// RacedEngines are the engines Auto starts at once on this machine for
// prog under opts: one per available CPU, at least two.
func RacedEngines(prog *bp.Program, opts Options) []Engine {
	order := portfolioOrder(prog, opts)
	return order[:min(max(2, runtime.GOMAXPROCS(0)), len(order))]
}

func portfolio(ctx context.Context, p *engine.Problem, opts Options) (Result, error) {
	order := portfolioOrder(p.Prog, opts)
	slots := len(RacedEngines(p.Prog, opts))
	var unknown []Result
	var errs []error
	for len(order) > 0 {
		res, rest, failed := race(ctx, p, opts, order, slots, &unknown, &errs)
		if !failed {
			if res.Verdict != Unknown {
				res.Failures = errs
				return res, nil
			}
			break
		}
		order = rest // an answer did not check: the others race again
	}
	if len(unknown) == 0 {
		return Result{}, errors.Join(errs...)
	}
	// No engine decided: report why each stopped, in the list's order.
	res := unknown[0]
	var why []string
	for _, name := range portfolioOrder(p.Prog, opts) {
		for _, u := range unknown {
			if u.Engine == name {
				why = append(why, fmt.Sprintf("%s: %s", name, u.Reason))
				if u.Limit != NoLimit {
					res.Limit = u.Limit
				}
			}
		}
	}
	for _, err := range errs {
		why = append(why, err.Error())
	}
	res.Reason = strings.Join(why, "; ")
	if len(errs) == 0 && allSame(unknown) {
		res.Reason = unknown[0].Reason // every engine stopped for the same reason
	}
	res.Engine = Auto
	return res, nil
}

// race runs the engines of order, slots at a time, until one gives a
// definite answer. The others are cancelled before that answer is checked,
// so that the check has the machine to itself (with the explicit engine
// still running, the counter engine's certificate check on five distinct
// mutex workers took twice as long: 3.4 to 4.2 s against 1.7 to 2.2). race returns the checked answer; or, when
// the answer did not check (an internal error, added to errs), failed and
// the engines that had not finished, to race again. Engines that end
// without an answer are added to unknown.
func race(parent context.Context, p *engine.Problem, opts Options, order []Engine, slots int, unknown *[]Result, errs *[]error) (res Result, rest []Engine, failed bool) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	type answer struct {
		info EngineInfo
		raw  engine.Result
		err  error
	}
	// The channel has room for every answer: engines cancelled after a
	// winner stop on their own, and nobody waits for them.
	answers := make(chan answer, len(order))
	started := 0
	running := map[Engine]bool{}
	start := func() {
		info, _ := order[started].Info()
		started++
		running[info.Name] = true
		go func() {
			r, err := runEngine(ctx, info, p, opts)
			answers <- answer{info, r, err}
		}()
	}
	for started < min(slots, len(order)) {
		start()
	}
	wait := lateStart
	late := time.NewTimer(wait)
	defer late.Stop()
	for len(running) > 0 {
		var a answer
		select {
		case a = <-answers:
		case <-late.C:
			if ctx.Err() == nil && started < len(order) {
				start() // a long race: the next engine joins
			}
			wait *= lateStartGrowth
			late.Reset(wait)
			continue
		}
		delete(running, a.info.Name)
		switch {
		case a.err != nil:
			*errs = append(*errs, a.err)
		case a.raw.Verdict != Unknown:
			cancel()
			res, err := finishAnswer(parent, a.info, p, a.raw)
			if err == nil && res.Verdict == Unknown {
				// The caller's context ended during the check.
				*unknown = append(*unknown, res)
				return Result{}, nil, false
			}
			if err == nil {
				return res, nil, false
			}
			*errs = append(*errs, err)
			for _, name := range order {
				if running[name] {
					rest = append(rest, name)
				}
			}
			return Result{}, append(rest, order[started:]...), true
		default:
			res, _ := finishAnswer(parent, a.info, p, a.raw) // nothing to check
			*unknown = append(*unknown, res)
		}
		if ctx.Err() == nil && started < len(order) {
			start() // a core is free
		}
	}
	return Result{Verdict: Unknown}, nil, false
}

// allSame reports whether every result has the same reason.
func allSame(rs []Result) bool {
	for _, r := range rs[1:] {
		if r.Reason != rs[0].Reason {
			return false
		}
	}
	return true
}

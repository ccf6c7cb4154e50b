package counter

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// Run is the counter engine on a Boolean program (engine.Run): the
// program as a thread-transition system (encode/threads), coverability
// for any number of threads (tts/cover). It ignores the thread bound:
// Safe holds for every number of threads, and an Unsafe trace has as few
// threads as the bounded forward search could show. Its certificate is
// re-checked by the judge (package judge), which shares no code with tts/cover.
//
// Where the threads read local data, Run first decides the program with
// that data forgotten (bp.Havocked), within forgetfulElements: a Safe
// answer there is one of the program (its certificate re-checks the
// abstraction too); anything else, and the program itself is searched.
func Run(ctx context.Context, p *engine.Problem, _ int, _ bool) (r engine.Result, err error) {
	if abs := bp.Havocked(p.Prog); abs != nil {
		if r, ok := forgetful(ctx, p, abs); ok {
			return r, nil
		}
	}
	return search(ctx, p, p.Prog, p.MaxStates)
}

// forgetfulElements bounds the backward elements of the search of the
// program with its local data forgotten: TangledWorkers n=10 k=4 takes
// 133,494 states (elements and forward configurations), 1.9 s. Where it
// fails, its cost is at most this on top of the search of the program.
// Problem.MaxStates bounds each of the two searches.
const forgetfulElements = 200_000

// forgetful decides abs, p's program with its local data forgotten, and
// reports the answer when it is Safe.
func forgetful(ctx context.Context, p *engine.Problem, abs *bp.Program) (engine.Result, bool) {
	limit := forgetfulElements
	if p.MaxStates > 0 {
		limit = min(limit, p.MaxStates)
	}
	r, err := search(ctx, p, abs, limit)
	if err != nil || r.Verdict != engine.Safe {
		return engine.Result{}, false
	}
	r.Evidence.(*engine.CounterProof).Abstraction = abs
	r.Reason += ", with the threads' local data forgotten"
	return r, true
}

// search decides prog, p's program or its abstraction, within maxElements
// backward elements (0: no limit).
func search(ctx context.Context, p *engine.Problem, prog *bp.Program, maxElements int) (r engine.Result, err error) {
	tp, err := threads.Build(ctx, prog, p.Label)
	if ctx.Err() != nil {
		return engine.Stopped(ctx), nil
	}
	if err != nil {
		// The program is not one this engine translates: an answer of
		// Unknown, with the Choices limit when a step has more outcomes
		// than the translation enumerates.
		res := engine.Result{Reason: err.Error(), Counters: Counters()}
		if errors.Is(err, threads.ErrTooWide) {
			res.Limit = engine.Choices
		}
		return res, nil
	}
	opts := cover.Options{Init: tp.Init, Target: tp.Target, MaxElements: maxElements}
	res, err := cover.Check(ctx, tp.Sys, opts)
	if err != nil {
		return engine.Result{}, err
	}
	defer func() { r.Counters = CountersOf(res.Stats) }()
	p.Meter.AddStates(res.Stats.Elements + res.Stats.Forward)
	switch res.Verdict {
	case verdict.Safe:
		cert := &certificate{cert: res.Cert, tp: tp}
		return engine.Result{Verdict: engine.Safe, Reason: fmt.Sprintf("safe for any number of threads (%d thread states)", tp.Sys.Locals),
			Evidence: proof(tp, res.Cert), Explain: cert.explain}, nil
	case verdict.Unsafe:
		tr, err := tp.Trace(res.Path)
		if err != nil {
			return engine.Result{}, fmt.Errorf("mapping the counter path to a trace: %w", err)
		}
		if prog.HasBroadcasts() && p.Broadcast == bp.Blocking && tp.NeedsMonotone(res.Path) {
			// The path is one under the monotone reading; under the
			// blocking reading a passive thread without an outcome
			// blocks the step instead, and the translation says one
			// does.
			return engine.Result{Reason: fmt.Sprintf("a path with %d threads exists under the monotone reading of broadcasts, but it is not an execution under the %s reading", res.Path.Threads, p.Broadcast)}, nil
		}
		why := "assertion can fail"
		if p.Label != "" {
			why = "label " + p.Label + " reached"
		}
		// With broadcasts the trace is the translation's word that it is
		// an execution under the reading asked: the judge replays it, and
		// one that does not replay is no answer (MonotoneOnly), not an
		// error.
		return engine.Result{Verdict: engine.Unsafe, Reason: fmt.Sprintf("%s, with %d threads", why, res.Path.Threads),
			Evidence: &engine.Execution{Trace: tr, MonotoneOnly: prog.HasBroadcasts()}}, nil
	}
	// The search returns the limit that stopped it; the context's cause
	// words the end of the context.
	switch res.Limit {
	case verdict.Time, verdict.Cancelled:
		return engine.Stopped(ctx), nil
	case verdict.States:
		return engine.Result{Limit: engine.States, Reason: res.Reason}, nil
	}
	return engine.Result{Reason: res.Reason}, nil
}

// Counters are the counters the counter engine reports, zero: the engine
// table's declaration.
func Counters() engine.Counters { return CountersOf(cover.Stats{}) }

// CountersOf are a search's Stats as the engine reports them (and
// bopgo.CheckTTS, for a thread-transition system): states are the
// backward elements and the forward configurations together.
func CountersOf(s cover.Stats) engine.Counters {
	return engine.Counters{}.
		Count(engine.CountStates, s.Elements+s.Forward).
		Count("backward_elements", s.Elements).
		Count("forward_configurations", s.Forward).
		Level("forward_bound", s.Bound).
		Count("karp_miller_nodes", s.Accelerated).
		Count("pruned", s.Pruned).
		Level("basis", s.Basis)
}

// certificate is the counter engine's proof, for its explanation in the
// program's terms (the judge checks the proof itself: engine.CounterProof).
type certificate struct {
	cert *cover.Certificate
	tp   *threads.Program
}

// explain shows the certificate's two parts a line each, in the
// program's terms (threads.Program): the basis's minimal configurations
// ("bad from"), then the invariant's boxes ("reachable within").
func (c *certificate) explain() engine.Explanation {
	e := engine.Explanation{
		Kind: "for any number of threads: every configuration that covers a \"bad from\" line can reach the violation and none is reachable from the start; " +
			"every reachable configuration lies within a \"reachable within\" line (an inductive invariant). A line: the globals, then how many threads are where",
		Size: len(c.cert.Basis) + len(c.cert.Boxes), Unit: "minimal configurations and boxes",
	}
	// Only the lines shown are described: a basis of 100,000 elements
	// took longer to describe than to check.
	for _, cf := range c.cert.Basis[:min(len(c.cert.Basis), engine.MaxExplained)] {
		e.Lines = append(e.Lines, "bad from: "+c.tp.DescribeConfig(cf.Shared, cf.Locals))
	}
	for _, b := range c.cert.Boxes[:min(len(c.cert.Boxes), engine.MaxExplained-len(e.Lines))] {
		e.Lines = append(e.Lines, "reachable within: "+c.tp.DescribeBox(b.Shared, boxBounds(b), b.Others))
	}
	e.Omitted = e.Size - len(e.Lines)
	return e
}

// boxBounds are a box's bounds as pairs (local, most threads; -1 any).
func boxBounds(b cover.Box) [][2]int {
	out := make([][2]int, len(b.Bounds))
	for i, bd := range b.Bounds {
		out[i] = [2]int{bd.Local, bd.Max}
	}
	return out
}

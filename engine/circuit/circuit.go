package circuit

import (
	"context"
	"errors"
	"fmt"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/mc/kind"
	"github.com/bopgo/bopgo/mc/sim"
	"github.com/bopgo/bopgo/verdict"
)

// The circuit engines, each an engine.Run: the program as a sequential
// circuit with bound thread slots, decided by one mc engine.
var (
	BMC        = RunWith(bmc.Check)
	KInduction = RunWith(kind.Check)
	IC3        = RunWith(probeFirst(ic3.Check))
	Sim        = RunWith(sim.Check)
)

// probeLength is the longest random walk of the probe that runs before
// IC3 (probeFirst).
const probeLength = 256

// probeFirst runs one sweep of random walks (sim.Probe) before check, and
// answers with the bug they find. IC3 finds shallow bugs among many
// interleavings slowly, random schedules hit them at once:
// TangledWorkers k=8 with the bug, n = 2, 4, 5, 7 and 8, IC3 alone 0.17
// to 0.55 s before, 0.03 to 0.05 s with the probe. Where RunWith checks
// the strong property after the plain one, the second sweep repeats the
// first (Overflow is unreachable there); it costs milliseconds after at
// least plainCalls SAT calls, so RunWith does not tell the two apart.
func probeFirst(check mc.Engine) mc.Engine {
	return func(ctx context.Context, sys *mc.System, opts mc.Options) mc.Result {
		if r := sim.Probe(ctx, sys, probeLength); r.Verdict == verdict.Unsafe {
			return r
		}
		return check(ctx, sys, opts)
	}
}

// plainCalls is the SAT call budget of the plain property when Overflow
// is unreachable (see RunWith): on the scaled programs the plain runs that
// answer at all take up to 1,300 calls but one (21,000), and about 0.1 ms
// each.
var plainCalls = 4000

// RunWith makes an engine of an mc engine. At a bound that is not the
// last, a thread start that finds no free slot is a bad state of its own
// (overflow): reaching it before any bug means "try more slots"
// (BoundHit). At the last bound the circuit is checked again with
// overflow harmless, since a bug that needs a suppressed start is still a
// bug.
//
// When the control flow bounds the threads (bp.Program.MaxThreads) by n,
// from n slots on Overflow is unreachable: the circuit is checked without
// it in Bad first (the circuit "bopgo export --format aiger" writes), for
// plainCalls SAT calls, then with it. (The root starts these engines at
// n slots, their row's thread policy FromStaticBound, not at 1.)
func RunWith(check mc.Engine) engine.Run {
	return func(ctx context.Context, p *engine.Problem, slots int, last bool) (res engine.Result, err error) {
		bound := enc.Bound{Rounds: p.Rounds, Contexts: p.Contexts}
		cr := &circuitRun{ctx: ctx, check: check, p: p, bound: bound}
		defer func() { res.Counters = CountersOf(cr.st, cr.depth) }()
		c, err := enc.BuildWith(p.Prog, p.Label, slots, enc.Options{Reading: p.Broadcast, Bound: bound})
		if err != nil {
			return engine.Result{}, err
		}
		cr.c = c
		if n, bounded := p.Prog.MaxThreads(); bounded && n <= slots {
			return cr.withinSlots()
		}
		r, sys := cr.run(true, 0)
		switch r.Verdict {
		case verdict.Safe:
			return cr.proved(sys, r, false)
		case verdict.Unknown:
			return engine.Result{Limit: r.Limit, Reason: r.Reason}, nil
		}
		res, err = trace(c, r)
		if !errors.Is(err, enc.ErrOverflow) {
			return res, err
		}
		hit := engine.Result{Limit: engine.Threads, BoundHit: true, Reason: fmt.Sprintf("a thread start finds no free slot among %d", slots)}
		if !last {
			return hit, nil
		}
		r, sys = cr.run(false, 0)
		switch {
		case r.Verdict == verdict.Unsafe:
			return trace(c, r)
		case ctx.Err() != nil:
			return engine.Stopped(ctx), nil
		case r.Verdict == verdict.Safe && !bound.IsZero():
			return cr.proved(sys, r, true)
		}
		// Proved, or bounded by depth, with overflow harmless: either way
		// the thread bound is what stops a proof for every number.
		return hit, nil
	}
}

// circuitRun is one run of RunWith: the circuit of the program at a
// number of slots, checked once or twice, and the work done.
type circuitRun struct {
	ctx         context.Context
	check       mc.Engine
	p           *engine.Problem
	c           *enc.Circuit
	bound       enc.Bound
	overflowBad bool // the last check's Bad included Overflow
	st          mc.Stats
	depth       int
}

// run checks the circuit, with Overflow bad or not, for at most maxCalls
// SAT calls (0: no bound).
func (cr *circuitRun) run(stopAtOverflow bool, maxCalls int) (mc.Result, *mc.System) {
	cr.overflowBad = stopAtOverflow
	sys := cr.c.System(stopAtOverflow)
	r := cr.check(cr.ctx, sys, mc.Options{MaxDepth: cr.p.MaxDepth, MaxSATCalls: maxCalls, Workers: cr.p.Cores})
	cr.st.SATCalls += r.Stats.SATCalls
	cr.st.RivalSATCalls += r.Stats.RivalSATCalls
	cr.st.SATTime += r.Stats.SATTime
	cr.st.Clauses += r.Stats.Clauses
	cr.depth = r.Depth
	return r, sys
}

// proved is the answer to a proof of sys. Under a bound, a proof is one
// of the bounded circuit: no bug within the bound, which may have cut
// executions.
func (cr *circuitRun) proved(sys *mc.System, r mc.Result, boundHit bool) (engine.Result, error) {
	if !cr.bound.IsZero() {
		limit, words := engine.Within(cr.p.Rounds, cr.p.Contexts)
		return engine.Result{Limit: limit, BoundHit: boundHit, Reason: words}, nil
	}
	return safe(cr.c, sys, r, cr.overflowBad)
}

// withinSlots checks a program no execution of which creates more
// threads than there are slots: Overflow is unreachable, and either
// property is the program's. Without Overflow in Bad IC3 needs no lemmas
// about thread counts, and is fastest on most programs; but on some those
// lemmas are what makes the proof (scaled-0535: 8,000 calls with
// Overflow bad, no answer in 64,000 without). So the plain property
// first, for a budget in SAT calls (the same answer on every machine),
// then the strong one.
func (cr *circuitRun) withinSlots() (engine.Result, error) {
	r, sys := cr.run(false, plainCalls)
	if r.Verdict == verdict.Unknown && cr.ctx.Err() == nil && r.Stats.SATCalls >= plainCalls {
		r, sys = cr.run(true, 0)
	}
	switch r.Verdict {
	case verdict.Safe:
		return cr.proved(sys, r, false)
	case verdict.Unknown:
		return engine.Result{Limit: r.Limit, Reason: r.Reason}, nil
	}
	return trace(cr.c, r)
}

// Counters are the counters the circuit engines report, zero: the
// engine table's declaration.
func Counters() engine.Counters { return CountersOf(mc.Stats{}, 0) }

// CountersOf are a run's counters (the engine's, and bopgo.CheckCircuit's
// on a circuit), in this order: the SAT calls of every circuit checked at
// the bound, the deepest unrolling (bmc, kind), the frames (ic3) or the
// longest walk (sim) of the last, IC3's learned clauses, and of the SAT
// calls those of the searches whose answers were taken (IC3 named alone
// runs two searches at once: ic3.Check).
func CountersOf(st mc.Stats, depth int) engine.Counters {
	return engine.Counters{}.
		Count(engine.CountSATCalls, st.SATCalls).
		Duration(engine.CountSATSeconds, st.SATTime).
		Level(engine.CountDepth, depth).
		Count("learned_clauses", st.Clauses).
		Count(engine.CountAnswerSATCalls, st.SATCalls-st.RivalSATCalls)
}

// safe is a Safe answer with its evidence for the judge, and its
// explanation.
func safe(c *enc.Circuit, sys *mc.System, r mc.Result, overflowBad bool) (engine.Result, error) {
	ev, err := evidence(c, r, overflowBad)
	if err != nil {
		return engine.Result{}, err
	}
	return engine.Result{Verdict: engine.Safe, Evidence: ev, Explain: certificate(c, r).Explain}, nil
}

// trace maps an Unsafe answer to a result with a program trace.
func trace(c *enc.Circuit, r mc.Result) (engine.Result, error) {
	ex, err := c.Trace(r.Trace)
	if err != nil {
		if errors.Is(err, enc.ErrOverflow) {
			return engine.Result{}, err
		}
		return engine.Result{}, fmt.Errorf("mapping the counterexample: %w", err)
	}
	why := "assertion can fail"
	if c.Label != "" {
		why = fmt.Sprintf("label %s reached", c.Label)
	}
	return engine.Result{Verdict: engine.Unsafe, Reason: why, Evidence: &engine.Execution{Trace: ex}}, nil
}

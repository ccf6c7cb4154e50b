package explicit

import (
	"context"

	"github.com/bopgo/bopgo/engine"
)

// New returns the explicit engine under c, for one check (engine.Run).
func New(c Config) engine.Run {
	return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
		return run(ctx, p, bound, last, c)
	}
}

// run is the explicit engine at one thread bound under c. A program
// with recursive functions and one thread is decided with procedure
// summaries (summary.go), whatever the depth of its calls. With threads,
// it is searched with bounded stacks, the bound raised from 2 by fourfold
// steps to the problem's MaxStack (or DefaultMaxStack): the first search
// that finds a bug, or that never meets its bound (the reachable stacks
// are finite), decides.
func run(ctx context.Context, p *engine.Problem, bound int, last bool, c Config) (engine.Result, error) {
	opts := Options{Label: p.Label, MaxStates: p.MaxStates, Broadcast: p.Broadcast, Stored: p.Meter.AddStates, Contexts: p.Contexts, Rounds: p.Rounds,
		BoundDone: p.BoundDone, FinalBound: last, Footprint: p.Meter.SetBytes, Phase: p.Meter.SetPhase, Config: c}
	if !p.Prog.HasCalls() {
		return searchOnce(ctx, p, opts, bound), nil
	}
	if !p.Prog.StartsThreads() {
		res, facts := Summaries(ctx, p.Prog, opts)
		p.Meter.AddStates(facts % StoredEvery)
		res.Counters = counters(facts, 0, 0)
		return res, nil
	}
	limit := p.MaxStack
	if limit <= 0 {
		limit = DefaultMaxStack
	}
	if n, bounded := p.Prog.MaxCallDepth(); bounded && n <= limit {
		// No recursion (calls kept as calls, bp.LoadOptions.KeepCalls):
		// the stacks are bounded by the program, one search decides.
		opts.MaxStack = max(n, 1)
		return searchOnce(ctx, p, opts, bound), nil
	}
	var counters engine.Counters
	for depth := min(2, limit); ; depth = min(4*depth, limit) {
		opts.MaxStack = depth
		res := searchOnce(ctx, p, opts, bound)
		counters = counters.Add(res.Counters)
		res.Counters = counters
		if res.Limit != engine.Stack || depth >= limit {
			return res, nil
		}
	}
}

// searchOnce is one search, its states counted.
func searchOnce(ctx context.Context, p *engine.Problem, opts Options, bound int) engine.Result {
	res, states := Search(ctx, p.Prog, opts, bound)
	p.Meter.AddStates(states % StoredEvery) // the rest was reported as it was stored
	p.Meter.SetBytes(0)                     // the states are garbage now
	return res
}

// Counters are the counters the explicit engine reports, zero: the
// engine table's declaration.
func Counters() engine.Counters { return counters(0, 0, 0) }

// counters are the explicit engine's counters, in this order: states
// stored, and the expansions by a stubborn set that stayed reduced and
// that the cycle proviso (or a missing key move) made full (reduce.go).
func counters(states, reduced, proviso int) engine.Counters {
	return engine.Counters{}.Count(engine.CountStates, states).
		Count("reduced_expansions", reduced).
		Count("proviso_expansions", proviso)
}

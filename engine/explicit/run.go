package explicit

import (
	"context"

	"github.com/bopgo/bopgo/engine"
)

// DefaultMaxStack is the bound on the depth of calls of recursive
// functions in a program with threads when the problem gives none.
const DefaultMaxStack = 32

// Run is the explicit engine at one thread bound (engine.Run). A program
// with recursive functions and one thread is decided with procedure
// summaries (summary.go), whatever the depth of its calls. With threads,
// it is searched with bounded stacks, the bound raised from 2 by fourfold
// steps to the problem's MaxStack (or DefaultMaxStack): the first search
// that finds a bug, or that never meets its bound (the reachable stacks
// are finite), decides.
func Run(ctx context.Context, p *engine.Problem, bound int, _ bool) (engine.Result, error) {
	opts := Options{Label: p.Label, MaxStates: p.MaxStates, Broadcast: p.Broadcast, Stored: p.Meter.AddStates, Contexts: p.Contexts,
		Footprint: p.Meter.SetBytes}
	if !p.Prog.HasCalls() {
		return searchOnce(ctx, p, opts, bound), nil
	}
	if !p.Prog.StartsThreads() {
		res, facts := Summaries(ctx, p.Prog, opts)
		p.Meter.AddStates(facts % StoredEvery)
		res.Counters = engine.Counters{}.Count(engine.CountStates, facts)
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
	res.Counters = engine.Counters{}.Count(engine.CountStates, states)
	return res
}

// Counters are the counters the explicit engine reports, zero: the
// engine table's declaration.
func Counters() engine.Counters { return engine.Counters{}.Count(engine.CountStates, 0) }

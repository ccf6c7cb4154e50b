package explicit

import (
	"context"

	"github.com/bopgo/bopgo/engine"
)

// Run is the explicit engine at one thread bound (engine.Run).
func Run(ctx context.Context, p *engine.Problem, bound int, _ bool) (engine.Result, error) {
	opts := Options{Label: p.Label, MaxStates: p.MaxStates, Broadcast: p.Broadcast, Stored: p.Meter.AddStates}
	res, states := Search(ctx, p.Prog, opts, bound)
	p.Meter.AddStates(states % StoredEvery) // the rest was reported as it was stored
	res.Counters = engine.Counters{}.Count(engine.CountStates, states)
	return res, nil
}

// Counters are the counters the explicit engine reports, zero: the
// engine table's declaration.
func Counters() engine.Counters { return engine.Counters{}.Count(engine.CountStates, 0) }

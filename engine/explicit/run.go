package explicit

import (
	"context"

	"github.com/bopgo/bopgo/engine"
)

// Run is the explicit engine at one thread bound (engine.Run).
func Run(ctx context.Context, p *engine.Problem, bound int, _ bool, stats *engine.Stats) (engine.Result, error) {
	opts := Options{Label: p.Label, MaxStates: p.MaxStates, Broadcast: p.Broadcast, Stored: p.Meter.AddStates}
	res, states := Search(ctx, p.Prog, opts, bound)
	stats.States += states
	p.Meter.AddStates(states % StoredEvery) // the rest was reported as it was stored
	return res, nil
}

package explicit

import (
	"context"

	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
)

// Run is the explicit engine at one thread bound (engine.Run).
func Run(ctx context.Context, p *engine.Problem, bound int, _ bool) (engine.Result, error) {
	io := interp.Options{Label: p.Label, MaxStates: p.MaxStates, Broadcast: p.Broadcast, Stored: p.Meter.AddStates}
	r, hit, err := interp.Search(ctx, p.Prog, io, bound)
	if err != nil {
		return engine.Result{}, err
	}
	p.Meter.AddStates(r.States % interp.StoredEvery) // the rest was reported as it was stored
	res := engine.Result{Reason: r.Reason, Trace: r.Trace, BoundHit: hit}
	switch r.Outcome {
	case interp.Safe:
		res.Verdict = engine.Safe
	case interp.Unsafe:
		res.Verdict = engine.Unsafe
	default:
		switch {
		case ctx.Err() != nil:
			res = engine.Stopped(ctx)
		case p.MaxStates > 0 && r.States >= p.MaxStates:
			res.Limit = engine.States
		}
	}
	res.Counters = engine.Counters{}.Count(engine.CountStates, r.States)
	return res, nil
}

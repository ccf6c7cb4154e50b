package bopgo

import (
	"context"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// CheckBounded is Check under a bound of opts.Rounds rounds or
// opts.Contexts context switches, by iterative deepening: the bounds 1,
// 2, … K in turn, done (when not nil) told of each bound that ends
// without a bug as it ends, until a bound finds a bug, an answer holds
// beyond the bound (SAFE from an engine of the default's race that
// ignores it), another limit stops the check, or the last bound ends. A
// bug within few rounds is found without the states of many.
// opts.Timeout is the whole deepening's, and the counters add up over
// the bounds. An engine that never proves (BMC, simulation) cannot say
// "no bug within k", so it runs once, at K: it finds every bug within
// K. Without a bound it is Check.
func CheckBounded(ctx context.Context, prog *bp.Program, opts Options, done func(k int)) (Result, error) {
	bound, limit := &opts.Rounds, verdict.Rounds
	if opts.Contexts > 0 {
		bound, limit = &opts.Contexts, verdict.Contexts
	}
	info, _ := opts.Engine.Info()
	if *bound <= 0 || opts.Rounds > 0 && opts.Contexts > 0 || opts.Engine != "" && !info.Proves {
		return Check(ctx, prog, opts)
	}
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	last := *bound
	var spent Counters
	for k := 1; ; k++ {
		*bound = k
		res, err := Check(ctx, prog, opts)
		if err != nil {
			return res, err
		}
		spent = spent.Add(res.Counters)
		res.Counters = spent
		if k >= last || res.Verdict != verdict.Unknown || res.Limit != limit {
			return res, nil
		}
		if done != nil {
			done(k)
		}
	}
}

// CheckRounds is CheckBounded, by its name from when only the bound on
// rounds deepened.
func CheckRounds(ctx context.Context, prog *bp.Program, opts Options, done func(rounds int)) (Result, error) {
	return CheckBounded(ctx, prog, opts, done)
}

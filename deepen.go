package bopgo

import (
	"context"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// CheckRounds is Check under a bound of opts.Rounds rounds, by iterative
// deepening: the bounds 1, 2, … opts.Rounds in turn, done (when not nil)
// told of each bound that ends without a bug as it ends, until a bound
// finds a bug, an answer holds beyond the bound (SAFE from an engine of
// the default's race that ignores it), another limit stops the check, or
// the last bound ends. A bug within few rounds is found without the
// states of many. opts.Timeout is the whole deepening's, and the
// counters add up over the bounds. Without a bound it is Check.
func CheckRounds(ctx context.Context, prog *bp.Program, opts Options, done func(rounds int)) (Result, error) {
	if opts.Rounds <= 0 {
		return Check(ctx, prog, opts)
	}
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	last := opts.Rounds
	var spent Counters
	for k := 1; ; k++ {
		opts.Rounds = k
		res, err := Check(ctx, prog, opts)
		if err != nil {
			return res, err
		}
		spent = spent.Add(res.Counters)
		res.Counters = spent
		if k >= last || res.Verdict != verdict.Unknown || res.Limit != verdict.Rounds {
			return res, nil
		}
		if done != nil {
			done(k)
		}
	}
}

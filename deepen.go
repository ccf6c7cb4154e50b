package bopgo

import (
	"context"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
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
// K. An engine that checks the bounds in order (DeepensBounds: the
// explicit engine, whose search expands a state of round k+1, or k+1
// switches, only after every state of k) runs once, at K, and tells
// done of each bound as it passes it. The default (Auto) races once: each engine
// that honours the bound deepens it at its own pace, done hears of each
// bound from the first to end it, and the engines that ignore the bound
// run once, for every interleaving. Without a bound it is Check.
func CheckBounded(ctx context.Context, prog *bp.Program, opts Options, done func(k int)) (Result, error) {
	if done == nil {
		// The race deepens whether or not a caller listens: the shares
		// and the runs must not depend on whether progress is shown.
		done = func(int) {}
	}
	info, _ := opts.Engine.Info()
	switch {
	case opts.Rounds <= 0 && opts.Contexts <= 0, opts.Rounds > 0 && opts.Contexts > 0, opts.Engine != "" && !info.Proves:
		return Check(ctx, prog, opts)
	case opts.Engine == "" || opts.Engine == Auto:
		// Each raced engine that honours the bound deepens on its own
		// (runRace).
		return check(ctx, prog, opts, done)
	case info.DeepensBounds:
		// One run checks the bounds in order and tells done (answer).
		return check(ctx, prog, opts, done)
	}
	ctx, cancel := verdict.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	return deepen(&opts.Rounds, &opts.Contexts, done, func() (Result, error) { return Check(ctx, prog, opts) })
}

// deepen runs check under the bound on rounds or on context switches
// (whichever is positive) at the bounds 1, 2, … K in turn, setting it
// before each, done (when not nil) told of each bound that ends without
// a bug, until a bound finds a bug, an answer holds beyond the bound,
// another limit stops it, or the last bound ends; the counters add up
// over the bounds.
func deepen(rounds, contexts *int, done func(k int), check func() (Result, error)) (Result, error) {
	limit, _ := engine.Within(*rounds, *contexts)
	bound := rounds
	if *contexts > 0 {
		bound = contexts
	}
	last := *bound
	var spent Counters
	for k := 1; ; k++ {
		*bound = k
		res, err := check()
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

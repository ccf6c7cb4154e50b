package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// badRounds checks --rounds against the other flags; it returns what is
// wrong, or "". The bound is the explicit engine's (and the default's,
// which races it): an engine that does not enforce it would answer for
// every interleaving, and the flag would mean nothing.
func badRounds(f *checkFlags) string {
	switch info, _ := bopgo.Engine(f.engine).Info(); {
	case f.rounds < 0:
		return "--rounds must not be negative"
	case f.rounds == 0:
		return ""
	case f.contexts > 0:
		return "--contexts and --rounds are two bounds: give one"
	case !info.Hits(verdict.Rounds):
		return fmt.Sprintf("--rounds is a bound of the %s engine and of auto, which races it, not of %s", enginesHitting(verdict.Rounds), f.engine)
	}
	return ""
}

// checkRounds is bopgo.Check under a bound of opts.Rounds rounds, by
// iterative deepening: the bounds 1, 2, … opts.Rounds in turn, each
// bound that ends without a bug said on progress (when not nil) as it
// ends, until a bound finds a bug, an answer holds beyond the bound
// (SAFE from an engine of the default's race that ignores it), another
// limit stops the check, or the last bound ends. A bug within few rounds
// is found without the states of many. The timeout is the whole
// deepening's, and the counters add up over the bounds.
func checkRounds(prog *bp.Program, opts bopgo.Options, progress io.Writer) (bopgo.Result, error) {
	ctx, cancel := withTimeout(context.Background(), opts.Timeout)
	defer cancel()
	last := opts.Rounds
	var spent bopgo.Counters
	for k := 1; ; k++ {
		opts.Rounds = k
		res, err := bopgo.Check(ctx, prog, opts)
		if err != nil {
			return res, err
		}
		spent = spent.Add(res.Counters)
		res.Counters = spent
		if k >= last || res.Verdict != verdict.Unknown || res.Limit != verdict.Rounds {
			return res, nil
		}
		if progress != nil {
			fmt.Fprintf(progress, "bopgo: no bug within %d round%s\n", k, plural(k))
		}
	}
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

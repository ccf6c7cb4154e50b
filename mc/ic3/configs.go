package ic3

import (
	"context"
	"math"
	"sync/atomic"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// A config is one way to run IC3. IC3's path through the frames is
// chaotic (the package comment): a change that helps one circuit hurts
// another, so where there are cores for two searches, two different
// configurations run at once (race).
type config struct {
	// carry: obligations blocked at the top level are asked again at
	// the next level (blockCarried).
	carry bool
	// ternary: predecessors are lifted by ternary simulation alone, as
	// ABC's pdr lifts them (xlift), instead of by a SAT call.
	ternary bool
}

// configs are the configurations Check runs as many of as
// Options.Workers at once (race). The second is the first's best partner
// as measured (the package comment, "Two configurations"), not the best
// configuration alone.
var configs = []config{{carry: true}, {ternary: true}}

// alone is the configuration Check runs on one core (Options.Workers
// below 2; the default's race runs IC3 so). It is neither of the pair:
// carrying with ternary lifting was the best alone as measured on one
// core (the package comment, "One configuration on one core").
var alone = config{carry: true, ternary: true}

// race runs one IC3 per configuration at once. Of their definite
// answers, the one found with the fewest SAT calls wins, the earlier
// configuration on a tie: that choice does not depend on which search
// runs faster, so the output is the same from run to run. A search stops
// as soon as it cannot win (its rival limit: a configuration before the
// one that answered with c calls may make c calls, one after it c-1).
// Without a definite answer, the first configuration's is returned. The
// SAT calls reported are those of all the searches, and of them the
// others' are RivalSATCalls.
func race(ctx context.Context, sys *mc.System, opts mc.Options, cfgs []config) mc.Result {
	type ended struct {
		i int
		r mc.Result
	}
	ends := make(chan ended, len(cfgs))
	limits := make([]atomic.Int64, len(cfgs))
	for i, c := range cfgs {
		limits[i].Store(math.MaxInt64)
		go func() { ends <- ended{i, checkWith(ctx, sys, opts, c, &limits[i])} }()
	}
	results := make([]mc.Result, len(cfgs))
	winner := -1
	for range cfgs {
		e := <-ends
		results[e.i] = e.r
		if e.r.Verdict == verdict.Unknown {
			continue
		}
		c := int64(e.r.Stats.SATCalls)
		if winner >= 0 && !before(c, e.i, int64(results[winner].Stats.SATCalls), winner) {
			continue
		}
		winner = e.i
		for j := range limits {
			bound := c
			if j > e.i {
				bound = c - 1
			}
			lower(&limits[j], bound)
		}
	}
	winner = max(winner, 0)
	out := results[winner]
	out.Stats.SATCalls, out.Stats.SATTime = 0, 0
	for i, r := range results {
		out.Stats.SATCalls += r.Stats.SATCalls
		out.Stats.SATTime += r.Stats.SATTime
		if i != winner {
			out.Stats.RivalSATCalls += r.Stats.SATCalls
		}
	}
	return out
}

// before orders answers: fewer SAT calls first, then the earlier
// configuration.
func before(c int64, i int, d int64, j int) bool {
	return c < d || c == d && i < j
}

// lower sets a to v if v is smaller.
func lower(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v >= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

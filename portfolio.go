package bopgo

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// Auto is the portfolio: the engines of PortfolioEngines race on the same
// program, the first definite answer (Safe or Unsafe) wins, and the others
// are cancelled.
const Auto Engine = "auto"

// PortfolioEngines are the engines Auto races, chosen because they fail on
// different programs: symbolic simulation with QBF fix-points is strong
// where data is wide and threads are few, IC3 where a small invariant over
// the circuit exists (SatAbs's PrngSimp and Stack programs, SLAM's Peterson
// variants); both also find bugs. BMC and k-induction add nothing that these
// two do not find first on the benchmarks (benchmarks/README.md), so they
// would only take a core.
var PortfolioEngines = []Engine{Symbolic, IC3}

// portfolio runs PortfolioEngines concurrently on prog. Each engine gets
// the caller's options except the memory bound, which Check's own watchdog
// enforces for the whole race.
func portfolio(ctx context.Context, prog *bp.Program, opts Options) (Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		res Result
		err error
	}
	answers := make(chan answer, len(PortfolioEngines))
	for _, e := range PortfolioEngines {
		o := opts
		o.Engine, o.MaxMemory = e, 0
		go func() {
			r, err := Check(ctx, prog, o)
			if err == nil {
				r.Engine = o.Engine
			}
			answers <- answer{r, err}
		}()
	}
	var unknown []Result
	var errs []error
	for range PortfolioEngines {
		a := <-answers
		switch {
		case a.err != nil:
			errs = append(errs, a.err)
		case a.res.Verdict != Unknown:
			// The others see the cancelled context and stop on their own
			// (the channel has room for their answers): a caller should
			// not wait for IC3's next check of its context.
			return a.res, nil
		default:
			unknown = append(unknown, a.res)
		}
	}
	if len(unknown) == 0 {
		return Result{}, errors.Join(errs...)
	}
	// No engine decided: report why each stopped, in a fixed order.
	res := unknown[0]
	var why []string
	for _, e := range PortfolioEngines {
		for _, u := range unknown {
			if u.Engine == e {
				why = append(why, fmt.Sprintf("%s: %s", e, u.Reason))
			}
		}
	}
	for _, err := range errs {
		why = append(why, err.Error())
	}
	res.Reason = strings.Join(why, "; ")
	res.Engine = Auto
	return res, nil
}

package bopgo

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/engine"
)

// portfolio races RacedEngines on the same problem: the first definite
// answer (Safe or Unsafe) that passes its check wins, and the others are
// cancelled. Symbolic simulation with QBF fix-points is strong where data
// is wide and threads are few, the explicit search where data is narrow,
// IC3 where a small invariant over the circuit exists; all find bugs. BMC
// and k-induction add nothing that these do not find first on the
// benchmarks (benchmarks/README.md), so they would only take a core.
//
// Which engine wins can differ from run to run, and with it the trace;
// Result.Engine names the winner.
func portfolio(ctx context.Context, p *engine.Problem, opts Options) (Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		res Result
		err error
	}
	raced := RacedEngines()
	answers := make(chan answer, len(raced))
	for _, name := range raced {
		info, _ := name.Info()
		go func() {
			r, err := checkWith(ctx, info, p, opts)
			answers <- answer{r, err}
		}()
	}
	var unknown []Result
	var errs []error
	for range raced {
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
	// No engine decided: report why each stopped, in the table's order.
	res := unknown[0]
	var why []string
	for _, name := range raced {
		for _, u := range unknown {
			if u.Engine == name {
				why = append(why, fmt.Sprintf("%s: %s", name, u.Reason))
				if u.Limit != NoLimit {
					res.Limit = u.Limit
				}
			}
		}
	}
	for _, err := range errs {
		why = append(why, err.Error())
	}
	res.Reason = strings.Join(why, "; ")
	if len(errs) == 0 && allSame(unknown) {
		res.Reason = unknown[0].Reason // every engine stopped for the same reason
	}
	res.Engine = Auto
	return res, nil
}

// allSame reports whether every result has the same reason.
func allSame(rs []Result) bool {
	for _, r := range rs[1:] {
		if r.Reason != rs[0].Reason {
			return false
		}
	}
	return true
}

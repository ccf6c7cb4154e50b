package bopgo

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// The portfolio (Auto, the default) races engines: one per available core
// (GOMAXPROCS), and at least three. The first definite answer (Safe or
// Unsafe) that passes its check wins, and the others are cancelled. An
// engine that gives up early (the counter engine on a program it does not
// translate, the explicit one on a step with too many choices) makes room
// for the next engine of the list.
//
// The list, in order: the counter engine where it applies (no explicit
// thread bound: it proves safety for any number of threads and counts
// identical threads), then the explicit search (strong where data is
// narrow, as in most programs SatAbs writes), IC3 (strong where a small
// invariant over the circuit exists), and symbolic simulation with QBF
// fix-points (strong where data is wide); all find bugs. Without the
// counter engine symbolic comes first. BMC and k-induction add nothing
// that these do not find first on the benchmarks (benchmarks/README.md).
//
// Why three on two cores: on the scaled-up random programs
// (benchmarks/scaled) the fastest engine is the explicit one on some and
// IC3 on others, by factors up to 30 either way, and nothing cheap tells
// which beforehand. Racing two left the default up to 29 times slower
// than the fastest engine; racing three costs the fastest about half as
// much again when both cores are busy (benchmarks/README.md).
//
// Which engine wins can differ from run to run, and with it the trace;
// Result.Engine names the winner, and each engine's own output is
// deterministic.

// PortfolioEngines are the engines Auto may race, in the order it starts
// them when the counter engine does not apply.
var PortfolioEngines = []Engine{Symbolic, Explicit, IC3}

// portfolioOrder is the list Auto races for prog under opts.
func portfolioOrder(prog *bp.Program, opts Options) []Engine {
	if info, _ := Counter.Info(); opts.MaxThreads == 0 && (info.Broadcasts || !prog.HasBroadcasts()) {
		return []Engine{Counter, Explicit, IC3, Symbolic}
	}
	return PortfolioEngines
}

// RacedEngines are the engines Auto starts at once on this machine for
// prog under opts: one per available CPU, at least three.
func RacedEngines(prog *bp.Program, opts Options) []Engine {
	order := portfolioOrder(prog, opts)
	return order[:min(max(3, runtime.GOMAXPROCS(0)), len(order))]
}

func portfolio(ctx context.Context, p *engine.Problem, opts Options) (Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		res Result
		err error
	}
	order := portfolioOrder(p.Prog, opts)
	slots := len(RacedEngines(p.Prog, opts))
	answers := make(chan answer, len(order))
	started := 0
	start := func() {
		info, _ := order[started].Info()
		started++
		go func() {
			r, err := checkWith(ctx, info, p, opts)
			answers <- answer{r, err}
		}()
	}
	for started < slots {
		start()
	}
	var unknown []Result
	var errs []error
	for finished := 0; finished < started; finished++ {
		a := <-answers
		switch {
		case a.err != nil:
			errs = append(errs, a.err)
		case a.res.Verdict != Unknown:
			// The others see the cancelled context and stop on their own
			// (the channel has room for their answers): a caller should
			// not wait for IC3's next check of its context.
			a.res.Failures = errs
			return a.res, nil
		default:
			unknown = append(unknown, a.res)
		}
		if ctx.Err() == nil && started < len(order) {
			start() // a core is free
		}
	}
	if len(unknown) == 0 {
		return Result{}, errors.Join(errs...)
	}
	// No engine decided: report why each stopped, in the list's order.
	res := unknown[0]
	var why []string
	for _, name := range order {
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

package bmc

import (
	"context"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/sat"
	"github.com/bopgo/bopgo/verdict"
)

// Check runs BMC on sys to opts.MaxDepth (0: until ctx ends).
func Check(ctx context.Context, sys *mc.System, opts mc.Options) mc.Result {
	u := NewUnroller(sys)
	res := mc.Result{Verdict: verdict.Unknown, Depth: -1}
	for k := 0; opts.MaxDepth <= 0 || k <= opts.MaxDepth; k++ {
		r, tr := u.Reach(ctx, k)
		st := u.Stats()
		res.Stats.SATCalls, res.Stats.SATTime = int(st.Calls), st.Time
		switch r {
		case sat.Sat:
			res.Verdict, res.Trace = verdict.Unsafe, tr
			return res
		case sat.Unknown:
			res.Limit, res.Reason = verdict.Stopped(ctx)
			return res
		}
		res.Depth = k
	}
	res.Limit = verdict.Depth
	res.Reason = fmt.Sprintf("depth bound reached: no counterexample of up to %d steps", opts.MaxDepth)
	return res
}

// Unroller is incremental BMC: the unrolling from the initial states and
// the solver that holds it.
type Unroller struct {
	sys *mc.System
	u   *logic.Roll
	s   *sat.Solver
}

// NewUnroller starts an unrolling of sys.
func NewUnroller(sys *mc.System) *Unroller {
	u := logic.NewRoll(sys.S)
	return &Unroller{sys: sys, u: u, s: sat.New(u.C)}
}

// Reach asks whether Bad holds after exactly k steps. It returns sat.Sat
// with a counterexample, sat.Unsat (then ¬Bad@k is kept as a clause: later
// depths may rely on it), or sat.Unknown when ctx ended.
func (b *Unroller) Reach(ctx context.Context, k int) (int, *mc.Trace) {
	if ctx.Err() != nil {
		return sat.Unknown, nil
	}
	bad := b.u.At(b.sys.Bad, k)
	b.s.Assume(bad)
	switch r := b.s.SolveContext(ctx); r {
	case sat.Sat:
		return r, Extract(b.u, b.s.Value, b.sys, k)
	case sat.Unsat:
		b.s.Add(bad.Not())
		return r, nil
	default:
		return r, nil
	}
}

// Stats are the solver's counters.
func (b *Unroller) Stats() sat.Stats { return b.s.Stats() }

// Extract reads a k-step trace of sys from a model of unrolling u whose
// frame 0 holds the initial state.
func Extract(u *logic.Roll, value func(z.Lit) bool, sys *mc.System, k int) *mc.Trace {
	tr := &mc.Trace{}
	for _, l := range sys.S.Latches {
		tr.Init = append(tr.Init, value(u.At(l, 0)))
	}
	for d := 0; d < k; d++ {
		in := make([]bool, len(sys.Inputs))
		for i, m := range sys.Inputs {
			in[i] = value(u.At(m, d))
		}
		tr.Inputs = append(tr.Inputs, in)
	}
	return tr
}

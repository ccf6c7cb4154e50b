package kind

import (
	"context"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/sat"
	"github.com/bopgo/bopgo/verdict"
)

// Check runs k-induction on sys to opts.MaxDepth (0: until ctx ends).
func Check(ctx context.Context, sys *mc.System, opts mc.Options) mc.Result {
	base := bmc.NewUnroller(sys)
	step := newStepCase(sys)
	res := mc.Result{Verdict: verdict.Unknown, Depth: -1}
	stats := func() {
		b, c := base.Stats(), step.s.Stats()
		res.Stats.SATCalls, res.Stats.SATTime = int(b.Calls+c.Calls), b.Time+c.Time
	}
	for k := 0; opts.MaxDepth <= 0 || k <= opts.MaxDepth; k++ {
		r, tr := base.Reach(ctx, k)
		if r == sat.Sat {
			res.Verdict, res.Trace = verdict.Unsafe, tr
			stats()
			return res
		}
		if r == sat.Unknown {
			res.Limit, res.Reason = verdict.Stopped(ctx)
			stats()
			return res
		}
		r = step.inductive(ctx, k)
		stats()
		switch r {
		case sat.Unsat:
			res.Verdict, res.K, res.Depth = verdict.Safe, k+1, k
			return res
		case sat.Unknown:
			res.Limit, res.Reason = verdict.Stopped(ctx)
			return res
		}
		res.Depth = k
	}
	res.Limit = verdict.Depth
	res.Reason = fmt.Sprintf("depth bound reached: no counterexample of up to %d steps, and the property is not %d-inductive", opts.MaxDepth, opts.MaxDepth+1)
	return res
}

// stepCase is the unrolling from an arbitrary state and its solver.
type stepCase struct {
	sys  *mc.System
	u    *logic.Roll
	s    *sat.Solver
	good int // frames 0..good-1 carry ¬Bad as clauses
}

func newStepCase(sys *mc.System) *stepCase {
	free := sys.S.Copy()
	for _, l := range free.Latches {
		free.SetInit(l, z.LitNull)
	}
	u := logic.NewRoll(free)
	return &stepCase{sys: sys, u: u, s: sat.New(u.C)}
}

// inductive asks for a path s0..s(k+1) of pairwise different states, good
// in s0..sk and bad in s(k+1); Unsat means the property is
// (k+1)-inductive.
func (c *stepCase) inductive(ctx context.Context, k int) int {
	for ; c.good <= k; c.good++ {
		c.s.Add(c.u.At(c.sys.Bad, c.good).Not())
	}
	bad := c.u.At(c.sys.Bad, k+1)
	for {
		if ctx.Err() != nil {
			return sat.Unknown
		}
		c.s.Assume(bad)
		r := c.s.SolveContext(ctx)
		if r != sat.Sat {
			return r
		}
		i, j, ok := c.equalPair(k + 1)
		if !ok {
			return sat.Sat
		}
		c.s.Add(c.differ(i, j))
	}
}

// equalPair finds two equal states among frames 0..n of the model.
func (c *stepCase) equalPair(n int) (int, int, bool) {
	seen := map[string]int{}
	buf := make([]byte, len(c.u.S.Latches))
	for d := 0; d <= n; d++ {
		for i, l := range c.u.S.Latches {
			buf[i] = '0'
			if c.s.Value(c.u.At(l, d)) {
				buf[i] = '1'
			}
		}
		if e, ok := seen[string(buf)]; ok {
			return e, d, true
		}
		seen[string(buf)] = d
	}
	return 0, 0, false
}

// differ is "frames i and j differ in some latch".
func (c *stepCase) differ(i, j int) z.Lit {
	ms := make([]z.Lit, 0, len(c.u.S.Latches))
	for _, l := range c.u.S.Latches {
		ms = append(ms, c.u.C.Xor(c.u.At(l, i), c.u.At(l, j)))
	}
	return c.u.C.Ors(ms...)
}

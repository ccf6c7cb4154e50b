package ic3

import (
	"context"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// pdr is the state of one run.
type pdr struct {
	ctx    context.Context
	sys    *mc.System
	s      *logic.S
	g      *gini.Gini
	acts   []z.Lit  // activation literal of each level; acts[0] is Init
	frames [][]cube // frames[k]: the cubes blocked at level k (none at 0)
	halted bool     // the context ended during a query

	satCalls, learned, seq int
}

var _ mc.Engine = Check

// Check decides sys by IC3/PDR (see the package comment). A Safe answer
// carries the inductive invariant, an Unsafe one a trace; the answer is
// Unknown when ctx ends or opts.MaxDepth levels did not suffice.
func Check(ctx context.Context, sys *mc.System, opts mc.Options) (res mc.Result) {
	p := newPDR(ctx, sys)
	defer func() {
		if r := recover(); r != nil {
			res = mc.Result{Verdict: mc.Unknown, Reason: fmt.Sprintf("internal error in ic3: %v", r)}
		}
		res.Stats = mc.Stats{SATCalls: p.satCalls, Clauses: p.learned}
	}()
	p.newFrame()
	for {
		n := p.top()
		for {
			r, st := p.badState(n)
			if r == 0 {
				return p.unknown()
			}
			if r == -1 {
				break
			}
			root := &obligation{cube: p.lift(st, nil, []z.Lit{sys.Bad.Not()}), level: n}
			if tr := p.block(root); tr != nil {
				return mc.Result{Verdict: mc.Unsafe, Trace: tr, Depth: n}
			}
			if p.halted {
				return p.unknown()
			}
		}
		p.newFrame()
		if inv, ok := p.propagate(); ok {
			return mc.Result{Verdict: mc.Safe, Invariant: inv, Depth: p.top()}
		}
		if p.halted {
			return p.unknown()
		}
		if opts.MaxDepth > 0 && n >= opts.MaxDepth {
			return mc.Result{Verdict: mc.Unknown, Depth: n, Reason: fmt.Sprintf("no answer within %d frames", opts.MaxDepth)}
		}
	}
}

func newPDR(ctx context.Context, sys *mc.System) *pdr {
	s := sys.S
	p := &pdr{ctx: ctx, sys: sys, s: s, g: gini.New()}
	roots := []z.Lit{sys.Bad}
	for _, l := range s.Latches {
		roots = append(roots, s.Next(l))
	}
	s.CnfSince(p.g, nil, roots...)
	// Make the solver know every circuit variable before it allocates
	// activation literals of its own; the clause is true.
	p.g.Add(s.T)
	p.g.Add(z.Var(s.Len() - 1).Pos())
	p.g.Add(0)
	// Level 0 is the initial states: the fixed inits behind acts[0].
	p.frames = [][]cube{nil}
	p.acts = []z.Lit{p.g.Lit()}
	for _, l := range s.Latches {
		if m := p.initLit(l.Var()); m != z.LitNull {
			p.addClause([]z.Lit{m}, p.acts[0])
		}
	}
	return p
}

func (p *pdr) unknown() mc.Result {
	reason := "stopped"
	if err := p.ctx.Err(); err != nil {
		reason = err.Error()
	}
	return mc.Result{Verdict: mc.Unknown, Depth: p.top(), Reason: reason}
}

// propagate pushes each clause to the next level where it holds there
// too. If a level is left without clauses of its own, it equals the next
// and the clauses above it are an inductive invariant (ok).
func (p *pdr) propagate() (inv [][]z.Lit, ok bool) {
	for k := 1; k < p.top(); k++ {
		for _, c := range slices.Clone(p.frames[k]) {
			switch p.propagates(c, k) {
			case 0:
				return nil, false
			case -1:
				p.frames[k] = slices.DeleteFunc(p.frames[k], func(d cube) bool { return slices.Equal(c, d) })
				p.frames[k+1] = append(p.frames[k+1], c)
				p.addClause(c.clause(), p.acts[k+1])
			}
		}
		if len(p.frames[k]) == 0 {
			return p.invariant(k + 1), true
		}
	}
	return nil, false
}

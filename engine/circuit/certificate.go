package circuit

import (
	"context"
	"fmt"

	"github.com/go-air/gini/z"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
)

// certificate is the evidence of an mc engine's Safe: IC3's inductive
// invariant or k-induction's k. Both are re-checked by mc's own SAT calls,
// which share nothing with the engines' solvers. Without a k, IC3's
// invariant may have no clause (no bad state at all): that is a
// certificate too, and checked like any other.
func certificate(c *enc.Circuit, sys *mc.System, r mc.Result) *proof {
	if r.K > 0 {
		return &proof{c: c, sys: sys, k: r.K}
	}
	inv := r.Invariant
	if inv == nil {
		inv = [][]z.Lit{}
	}
	return &proof{c: c, sys: sys, invariant: inv}
}

type proof struct {
	c         *enc.Circuit // for Explain
	sys       *mc.System
	invariant [][]z.Lit
	k         int
}

// Check runs a few SAT calls, so it does not watch ctx.
func (p *proof) Check(context.Context) error {
	if p.invariant != nil {
		return judge.CircuitInvariant(p.sys, p.invariant)
	}
	return judge.CircuitKInductive(p.sys, p.k)
}

func (p *proof) String() string {
	if p.invariant != nil {
		return fmt.Sprintf("an inductive invariant of %d clauses", len(p.invariant))
	}
	return fmt.Sprintf("the property is %d-inductive", p.k)
}

// Explain shows IC3's invariant a clause a line, each in the program's
// terms (enc.Circuit.Describe), or k-induction's k.
func (p *proof) Explain() engine.Explanation {
	if p.invariant == nil {
		return engine.Explanation{Kind: "k-induction: the property holds in every k consecutive states of any run, and the first k states from the start", Size: p.k, Unit: "steps (k)"}
	}
	e := engine.Explanation{Kind: "inductive invariant (IC3): clauses over the program as a circuit that hold initially, are kept by every step and exclude the violation; tN is a thread slot, main's is t0", Size: len(p.invariant), Unit: "clauses"}
	for i, cl := range p.invariant {
		if i == engine.MaxExplained {
			e.Omitted = len(p.invariant) - i
			break
		}
		e.Lines = append(e.Lines, p.c.Describe(cl))
	}
	return e
}

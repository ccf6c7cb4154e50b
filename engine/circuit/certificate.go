package circuit

import (
	"context"
	"fmt"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
)

// certificate is the evidence of an mc engine's Safe: IC3's inductive
// invariant or k-induction's k. Both are re-checked by mc's own SAT calls,
// which share nothing with the engines' solvers. Without a k, IC3's
// invariant may have no clause (no bad state at all): that is a
// certificate too, and checked like any other.
func certificate(sys *mc.System, r mc.Result) *proof {
	if r.K > 0 {
		return &proof{sys: sys, k: r.K}
	}
	inv := r.Invariant
	if inv == nil {
		inv = [][]z.Lit{}
	}
	return &proof{sys: sys, invariant: inv}
}

type proof struct {
	sys       *mc.System
	invariant [][]z.Lit
	k         int
}

// Check runs a few SAT calls, so it does not watch ctx.
func (p *proof) Check(context.Context) error {
	if p.invariant != nil {
		return mc.CheckInvariant(p.sys, p.invariant)
	}
	return mc.CheckKInductive(p.sys, p.k)
}

func (p *proof) String() string {
	if p.invariant != nil {
		return fmt.Sprintf("an inductive invariant of %d clauses", len(p.invariant))
	}
	return fmt.Sprintf("the property is %d-inductive", p.k)
}

package circuit

import (
	"github.com/go-air/gini/z"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/mc"
)

// certificate is an mc engine's proof (IC3's inductive invariant over
// the circuit's latches, or k-induction's k), kept for its explanation in
// the program's terms; the judge checks the proof itself, as evidence in
// the program's terms (evidence.go), against its own encoding.
func certificate(c *enc.Circuit, r mc.Result) *proof {
	if r.K > 0 {
		return &proof{c: c, k: r.K}
	}
	inv := r.Invariant
	if inv == nil {
		inv = [][]z.Lit{}
	}
	return &proof{c: c, invariant: inv}
}

type proof struct {
	c         *enc.Circuit
	invariant [][]z.Lit
	k         int
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

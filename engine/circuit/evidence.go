package circuit

import (
	"fmt"

	"github.com/go-air/gini/z"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/mc"
)

// evidence is a Safe answer's evidence for the judge: IC3's invariant
// with each latch literal replaced by the fact the latch stands for
// (enc.Circuit.Meaning), or k-induction's k, so that the judge checks
// them against its own encoding of the program rather than against the
// circuit that produced them. overflowBad says whether the system's Bad
// included Overflow.
func evidence(c *enc.Circuit, r mc.Result, overflowBad bool) (engine.Evidence, error) {
	if r.K > 0 {
		return &engine.KInduction{Slots: c.Slots, K: r.K, OverflowBad: overflowBad}, nil
	}
	inv := &engine.SlotInvariant{Slots: c.Slots, Clauses: make([][]engine.SlotLit, len(r.Invariant)), OverflowBad: overflowBad}
	for i, cl := range r.Invariant {
		out := make([]engine.SlotLit, len(cl))
		for j, m := range cl {
			a, err := atom(c, m)
			if err != nil {
				return nil, fmt.Errorf("IC3's invariant, clause %d: %w", i, err)
			}
			out[j] = engine.SlotLit{Atom: a, Neg: !m.IsPos()}
		}
		inv.Clauses[i] = out
	}
	return inv, nil
}

// atom is the fact latch m stands for.
func atom(c *enc.Circuit, m z.Lit) (engine.SlotAtom, error) {
	mean, ok := c.Meaning(m)
	if !ok {
		return engine.SlotAtom{}, fmt.Errorf("literal %v is not a latch of the circuit", m)
	}
	kinds := [...]engine.AtomKind{
		enc.LatchGlobal:   engine.AtomGlobal,
		enc.LatchActive:   engine.AtomActive,
		enc.LatchProcBit:  engine.AtomProcBit,
		enc.LatchPCBit:    engine.AtomPCBit,
		enc.LatchAtomic:   engine.AtomAtomic,
		enc.LatchLocal:    engine.AtomLocal,
		enc.LatchErr:      engine.AtomErr,
		enc.LatchOverflow: engine.AtomOverflow,
	}
	if int(mean.Kind) >= len(kinds) {
		return engine.SlotAtom{}, fmt.Errorf("latch %v has an unknown kind %d", m, mean.Kind)
	}
	return engine.SlotAtom{Kind: kinds[mean.Kind], Slot: mean.Slot, Index: mean.Index}, nil
}

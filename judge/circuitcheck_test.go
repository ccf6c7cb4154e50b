package judge_test

import (
	"fmt"

	"github.com/go-air/gini/z"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// onEnginesCircuit checks circuit evidence the way bopgo did before the
// judge had an encoding of its own: against the circuit the engine
// built (encode/circuit), the invariant's atoms mapped back to its
// latches. The tests compare it with the judge's check, for what each
// accepts and what each costs; it is not a check any answer relies on.
func onEnginesCircuit(q question, ev engine.Evidence) error {
	switch ev := ev.(type) {
	case *engine.SlotInvariant:
		c, err := enc.BuildReading(q.prog, q.label, ev.Slots, q.reading)
		if err != nil {
			return err
		}
		latch := map[engine.SlotAtom]z.Lit{}
		for _, l := range c.S.Latches {
			m, ok := c.Meaning(l)
			if !ok {
				continue
			}
			latch[engine.SlotAtom{Kind: engine.AtomKind(m.Kind), Slot: m.Slot, Index: m.Index}] = l
		}
		clauses := make([][]z.Lit, len(ev.Clauses))
		for i, cl := range ev.Clauses {
			for _, lit := range cl {
				l, ok := latch[lit.Atom]
				if !ok {
					return fmt.Errorf("no latch for %+v", lit.Atom)
				}
				if lit.Neg {
					l = l.Not()
				}
				clauses[i] = append(clauses[i], l)
			}
		}
		return judge.CircuitInvariant(c.System(ev.OverflowBad), clauses)
	case *engine.KInduction:
		c, err := enc.BuildReading(q.prog, q.label, ev.Slots, q.reading)
		if err != nil {
			return err
		}
		return judge.CircuitKInductive(c.System(ev.OverflowBad), ev.K)
	}
	return fmt.Errorf("not circuit evidence: %T", ev)
}

package circuit

import "github.com/go-air/gini/z"

// LatchKind says what a latch of a Circuit stands for. The meanings are
// the circuit's contract with whoever reads its invariants without
// trusting it (the judge re-checks IC3's invariant against its own
// encoding of the program, with each latch read as the fact it names).
type LatchKind uint8

// Latch kinds.
const (
	LatchGlobal   LatchKind = iota // global Index
	LatchActive                    // a thread runs in Slot
	LatchProcBit                   // bit Index (least significant first) of the proc of Slot's thread, its index in Prog.Procs
	LatchPCBit                     // bit Index of the pc of Slot's thread
	LatchAtomic                    // Slot's thread holds an atomic section
	LatchLocal                     // local slot Index of Slot's thread
	LatchErr                       // an assertion has failed (assertion property only)
	LatchOverflow                  // a thread start found every slot busy
	// The latches of Circuit.Bound (bound.go).
	LatchBoundCount // bit Index of the rounds, or the context switches, so far
	LatchStays      // a step of Slot's thread stays in the round (rounds)
	LatchInverted   // Slot's thread started after that of slot Index > Slot (rounds)
	LatchLast       // Slot's thread ran the last step (contexts)
	LatchRan        // some step has run (contexts)
)

// Meaning is what one latch stands for: in every state the circuit
// reaches, the latch is true exactly when the fact holds. Where the
// package comment says values are canonical (a local dead at its
// thread's pc, any part of an empty slot), the latch is false.
type Meaning struct {
	Kind  LatchKind
	Slot  int // the thread slot (main's is 0), for the kinds about a slot
	Index int // the global, the local slot, or the bit
}

// Meaning returns what the latch of m stands for (the sign of m is
// ignored); ok is false when m is not a latch of c. With a label
// property there is no Err latch (Err is the constant false).
func (c *Circuit) Meaning(m z.Lit) (mean Meaning, ok bool) {
	mean, ok = c.meanings[m.Var()]
	return mean, ok
}

// latchMeanings lists every latch's meaning; Build calls it once, so
// that Meaning is safe for concurrent use.
func (c *Circuit) latchMeanings() map[z.Var]Meaning {
	out := map[z.Var]Meaning{}
	for i, g := range c.globals {
		out[g.Var()] = Meaning{Kind: LatchGlobal, Index: i}
	}
	for k := range c.slots {
		sl := &c.slots[k]
		out[sl.active.Var()] = Meaning{Kind: LatchActive, Slot: k}
		for i, m := range sl.proc {
			out[m.Var()] = Meaning{Kind: LatchProcBit, Slot: k, Index: i}
		}
		for i, m := range sl.pc {
			out[m.Var()] = Meaning{Kind: LatchPCBit, Slot: k, Index: i}
		}
		out[sl.atomic.Var()] = Meaning{Kind: LatchAtomic, Slot: k}
		for i, m := range sl.locals {
			out[m.Var()] = Meaning{Kind: LatchLocal, Slot: k, Index: i}
		}
	}
	if c.Err != c.S.F {
		out[c.Err.Var()] = Meaning{Kind: LatchErr}
	}
	out[c.Overflow.Var()] = Meaning{Kind: LatchOverflow}
	c.boundMeanings(out)
	return out
}

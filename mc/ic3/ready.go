package ic3

import (
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
)

// readyCopy is a System with one more latch, ready, false initially and
// true from the first step on. Every frame above the initial states also
// gets the clauses ready ∨ m, one for each init literal m (only an
// initial state has ready false), lifting keeps ready in a predecessor
// cube (it reaches nothing, so lifting would drop it), and excludeInit
// prefers it: a learned cube then misses the initial states through ready
// alone.
//
// Why: a program's variables start with any value, so most latches of an
// encoded program are uninitialised and only the program counter has an
// init. A cube such as c ∧ ¬e (two counters that should agree) then meets
// the initial states, every lemma must keep a literal of a counter bit
// with an init, and the invariant needs one clause per such bit and pair.
// ABC's pdr does not meet this: it turns an uninitialised latch into a
// zero-initialised one read through a multiplexer with a new input in the
// first step ("Converted ... DC-valued FFs"), so that c ∧ ¬e misses its
// initial state. That conversion itself, tried here, cost more than this
// (see the package comment).
type readyCopy struct {
	orig  *mc.System
	sys   *mc.System
	ready z.Lit
}

// newReadyCopy returns the copy, or nil when there is nothing to gain: no
// uninitialised latch, or no initialised one (then every state is
// initial and ready cannot tell states apart).
func newReadyCopy(orig *mc.System) *readyCopy {
	s := orig.S
	free, fixed := 0, 0
	for _, l := range s.Latches {
		if s.Init(l) == z.LitNull {
			free++
		} else {
			fixed++
		}
	}
	if free == 0 || fixed == 0 {
		return nil
	}
	t := s.Copy() // the same literals, so cubes, inputs and Bad carry over
	rc := &readyCopy{orig: orig, sys: &mc.System{S: t, Inputs: orig.Inputs, Bad: orig.Bad}}
	rc.ready = t.Latch(t.F)
	t.SetNext(rc.ready, t.T)
	return rc
}

// trace drops ready from a counterexample of the copy.
func (rc *readyCopy) trace(tr *mc.Trace) *mc.Trace {
	n := len(rc.orig.S.Latches)
	return &mc.Trace{Init: tr.Init[:n], Inputs: tr.Inputs}
}

// invariant maps an invariant Inv of the copy (which holds together with
// the clauses ready ∨ m) to one of the original: Inv with ready true, or
// an initial state. A step from an initial state is one of the copy from
// its initial state, a step from a state of Inv with ready true one from
// a state of Inv that satisfies every ready ∨ m; neither reaches Bad. A
// clause that some initial state breaks is widened by each init literal
// in turn (C ∨ Init, distributed).
func (rc *readyCopy) invariant(inv [][]z.Lit) [][]z.Lit {
	s := rc.orig.S
	var inits []z.Lit
	for _, l := range s.Latches {
		switch s.Init(l) {
		case s.T:
			inits = append(inits, l)
		case s.F:
			inits = append(inits, l.Not())
		}
	}
	var out [][]z.Lit
	for _, cl := range inv {
		mapped, initial, dropped := rc.withReady(cl)
		switch {
		case dropped:
		case initial:
			out = append(out, mapped)
		default:
			for _, m := range inits {
				out = append(out, append(append([]z.Lit{}, mapped...), m))
			}
		}
	}
	return out
}

// withReady is cl with ready true: dropped if that makes it true; initial
// if every initial state of the original satisfies it.
func (rc *readyCopy) withReady(cl []z.Lit) (mapped []z.Lit, initial, dropped bool) {
	s := rc.orig.S
	for _, m := range cl {
		if m.Var() == rc.ready.Var() {
			if m.IsPos() {
				return nil, false, true
			}
			continue
		}
		if init := s.Init(m.Var().Pos()); init != z.LitNull && (init == s.T) == m.IsPos() {
			initial = true
		}
		mapped = append(mapped, m)
	}
	return mapped, initial, false
}

package ic3

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
)

// zeroInit is a copy of a System whose uninitialised latches start false,
// as ABC's pdr sees an AIGER file with such latches ("Converted ... DC-
// valued FFs"): a new latch ready starts false and is true from the first
// step on, and the circuit reads each formerly uninitialised latch l
// through "ready ? l : x_l", x_l a new input. The first step thus starts
// from any value of l, as before, and from then on l holds its real value.
//
// Why: with l free initially, a cube such as c ∧ ¬e (two counters that
// should agree) meets the initial states, so every lemma must keep a
// literal of a latch with an init, typically a bit of the program counter,
// and the invariant needs one clause per such bit: on deepcount d=18
// bopgo learned 3,236 cubes over 258 frames (138,965 SAT calls, an
// invariant of 346 clauses), where on ABC's conversion of the same
// circuit it needs 542 cubes over 127 frames (34,306 calls, 93 clauses).
// Here c ∧ ¬e misses the initial states, as c starts false.
type zeroInit struct {
	orig    *mc.System
	sys     *mc.System
	ready   z.Lit
	stored  []z.Lit // by index in orig.S.Latches: the latch of sys
	choices []int   // by index in orig.S.Latches: x_l's index in sys.Inputs, or -1
}

// newZeroInit builds the copy, or returns nil when there is nothing to
// gain: no uninitialised latch, or no initialised one (then the initial
// states are all states, which no lemma can exclude anyway).
func newZeroInit(orig *mc.System) *zeroInit {
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
	t := logic.NewSCap(s.Len() + 2*free + 1)
	zi := &zeroInit{orig: orig, sys: &mc.System{S: t}, ready: t.Latch(t.F)}
	t.SetNext(zi.ready, t.T)
	read := make([]z.Lit, s.Len())  // original variable -> literal of t, latches as read
	plain := make([]z.Lit, s.Len()) // the same with latches as stored (for Bad)
	read[s.T.Var()], plain[s.T.Var()] = t.T, t.T
	for _, m := range orig.Inputs {
		x := t.Lit()
		read[m.Var()], plain[m.Var()] = x, x
		zi.sys.Inputs = append(zi.sys.Inputs, x)
	}
	for _, l := range s.Latches {
		init := s.Init(l)
		stored := t.Latch(init)
		if init == z.LitNull {
			t.SetInit(stored, t.F)
		}
		zi.stored = append(zi.stored, stored)
		zi.choices = append(zi.choices, -1)
		read[l.Var()], plain[l.Var()] = stored, stored
	}
	for i, l := range s.Latches {
		if s.Init(l) == z.LitNull {
			x := t.Lit()
			zi.choices[i] = len(zi.sys.Inputs)
			zi.sys.Inputs = append(zi.sys.Inputs, x)
			read[l.Var()] = t.Choice(zi.ready, zi.stored[i], x)
		}
	}
	zi.copyGates(read, plain)
	for i, l := range s.Latches {
		t.SetNext(zi.stored[i], mapLit(read, s.Next(l)))
	}
	// Bad over the stored values, so that it reads latches only: from
	// ready on they are the real ones; the initial states are checked
	// apart (initiallyBad).
	zi.sys.Bad = t.And(zi.ready, mapLit(plain, orig.Bad))
	return zi
}

// copyGates copies every AND gate of the original circuit twice, once
// over read and once over plain (gates are numbered after their inputs).
func (zi *zeroInit) copyGates(read, plain []z.Lit) {
	s, t := zi.orig.S, zi.sys.S
	for i := range s.Len() {
		v := z.Var(i)
		if s.Type(v.Pos()) != logic.SAnd || read[v] != z.LitNull {
			continue
		}
		a, b := s.Ins(v.Pos())
		read[v] = t.And(mapLit(read, a), mapLit(read, b))
		plain[v] = t.And(mapLit(plain, a), mapLit(plain, b))
	}
}

func mapLit(to []z.Lit, m z.Lit) z.Lit {
	x := to[m.Var()]
	if !m.IsPos() {
		x = x.Not()
	}
	return x
}

// trace maps a counterexample of the copy back: the first step's x_l are
// the initial values of the uninitialised latches.
func (zi *zeroInit) trace(tr *mc.Trace) *mc.Trace {
	s := zi.orig.S
	out := &mc.Trace{Init: make([]bool, len(s.Latches))}
	for i, l := range s.Latches {
		switch {
		case zi.choices[i] >= 0:
			out.Init[i] = tr.Inputs[0][zi.choices[i]]
		default:
			out.Init[i] = s.Init(l) == s.T
		}
	}
	for _, in := range tr.Inputs {
		out.Inputs = append(out.Inputs, in[:len(zi.orig.Inputs)])
	}
	return out
}

// invariant maps an invariant Inv of the copy to one of the original:
// Inv with ready true, or an initial state. A step from an initial state
// is a step of the copy from its initial state, and a step from a state
// of Inv with ready true one from a state of Inv; neither reaches Bad.
// A clause that some initial state breaks is widened by each init
// literal in turn (C ∨ Init, distributed).
func (zi *zeroInit) invariant(inv [][]z.Lit) [][]z.Lit {
	s := zi.orig.S
	back := map[z.Var]z.Lit{}
	var inits []z.Lit
	for i, l := range s.Latches {
		back[zi.stored[i].Var()] = l
		switch s.Init(l) {
		case s.T:
			inits = append(inits, l)
		case s.F:
			inits = append(inits, l.Not())
		}
	}
	var out [][]z.Lit
	for _, cl := range inv {
		mapped, initial, dropped := zi.mapClause(cl, back)
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

// mapClause maps cl with ready true: dropped if that makes it true;
// initial if every initial state of the original satisfies it.
func (zi *zeroInit) mapClause(cl []z.Lit, back map[z.Var]z.Lit) (mapped []z.Lit, initial, dropped bool) {
	s := zi.orig.S
	for _, m := range cl {
		if m.Var() == zi.ready.Var() {
			if m.IsPos() {
				return nil, false, true
			}
			continue
		}
		l := back[m.Var()]
		if !m.IsPos() {
			l = l.Not()
		}
		if init := s.Init(l.Var().Pos()); init != z.LitNull && (init == s.T) == l.IsPos() {
			initial = true
		}
		mapped = append(mapped, l)
	}
	return mapped, initial, false
}

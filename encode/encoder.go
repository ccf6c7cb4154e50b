package encode

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// Encoder executes steps of one program symbolically in one circuit.
type Encoder struct {
	C    *logic.C
	Prog *bp.Program
	Live [][]bp.Bits // [proc][pc]: live local slots
	// Bound is the number of live threads; a start beyond it is
	// suppressed (the new thread never runs), as in bp/interp.
	Bound int
	// BoundHit is set when a start was suppressed.
	BoundHit bool
	// Inputs counts the choice inputs allocated.
	Inputs int
	// Reading is the reading of broadcasts (blocking by default). Under
	// the blocking reading, in a program with broadcasts, a start beyond
	// Bound blocks its creator instead of being suppressed, as in
	// bp/interp.
	Reading bp.Reading

	broadcasts bool // the program has broadcasts

	mark  []uint32 // ConeSize's visited marks, by variable
	stamp uint32
}

// New returns an encoder for prog with a fresh circuit.
func New(prog *bp.Program, bound int) *Encoder {
	return &Encoder{C: logic.NewC(), Prog: prog, Bound: bound, Live: prog.Live(), broadcasts: prog.HasBroadcasts()}
}

// Fresh returns a new choice input.
func (e *Encoder) Fresh() z.Lit {
	e.Inputs++
	return e.C.Lit()
}

// Initial is the initial state: main at its entry, every variable a fresh
// input (dead locals excepted), guard true.
func (e *Encoder) Initial() State {
	s := State{Globals: make([]z.Lit, len(e.Prog.Globals)), Guard: e.C.T, NextID: 1}
	for i := range s.Globals {
		s.Globals[i] = e.Fresh()
	}
	main := e.Prog.Procs[0]
	t := Thread{ID: 0, Proc: 0, PC: main.Entry, Locals: make([]z.Lit, len(main.Locals))}
	for i := range t.Locals {
		t.Locals[i] = e.Fresh()
	}
	s.Threads = []Thread{t}
	e.forgetDead(&s, 0)
	return s
}

// forgetDead clears the locals of thread ti that are dead at its pc.
func (e *Encoder) forgetDead(s *State, ti int) {
	t := &s.Threads[ti]
	live := e.Live[t.Proc][t.PC]
	for i := range t.Locals {
		if !live.Has(i) {
			t.Locals[i] = z.LitNull
		}
	}
}

// env is what terms are evaluated against.
type env struct {
	e       *Encoder
	g, l    []z.Lit
	ng, nl  []z.Lit // values after the step, for primed variables
	after   bool
	choices []z.Lit // lazily allocated inputs, one per choice number
	// pl and pnl are a passive thread's locals before and after a
	// broadcast, for y$ and 'y$.
	pl, pnl []z.Lit
}

func (e *Encoder) newEnv(g, l []z.Lit, n int) *env {
	return &env{e: e, g: g, l: l, choices: make([]z.Lit, n)}
}

// Choice is the input of choice i, allocated on first use.
func (v *env) Choice(i int) z.Lit {
	if v.choices[i] == z.LitNull {
		v.choices[i] = v.e.Fresh()
	}
	return v.choices[i]
}

// Var is the value of r, after the step if primed and the env has one.
func (v *env) Var(r bp.VarRef, primed bool) z.Lit {
	g, l := v.g, v.l
	if primed && v.after {
		g, l = v.ng, v.nl
	}
	var m z.Lit
	if r.Scope == bp.Global {
		m = g[r.Index]
	} else {
		m = l[r.Index]
	}
	if m == z.LitNull {
		// Reading a dead local: liveness says this cannot happen, but
		// a dead value is exactly "any value", so stay exact.
		m = v.e.Fresh()
	}
	return m
}

// Passive is the value of the passive thread's local slot i (y$), after
// the step if primed and the env has one.
func (v *env) Passive(i int, primed bool) z.Lit {
	l := v.pl
	if primed && v.after {
		l = v.pnl
	}
	if l[i] == z.LitNull {
		l[i] = v.e.Fresh() // dead: any value, as in Var
	}
	return l[i]
}

// term builds the literal of t.
func (v *env) term(t *bp.Term) z.Lit { return Term(v.e.C, t, v) }

// Cond builds the literal of term t evaluated in thread ti of s, with fresh
// inputs for its choices (the search asks, for instance, whether a
// thread's assume holds in every state of s).
func (e *Encoder) Cond(s *State, ti int, t *bp.Term, choices int) z.Lit {
	v := e.newEnv(s.Globals, s.Threads[ti].Locals, choices)
	return v.term(t)
}

package encode

import (
	"fmt"

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
}

// New returns an encoder for prog with a fresh circuit.
func New(prog *bp.Program, bound int) *Encoder {
	e := &Encoder{C: logic.NewC(), Prog: prog, Bound: bound}
	for _, p := range prog.Procs {
		e.Live = append(e.Live, p.Liveness(len(prog.ThreadLocals)))
	}
	return e
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
}

func (e *Encoder) newEnv(g, l []z.Lit, n int) *env {
	return &env{e: e, g: g, l: l, choices: make([]z.Lit, n)}
}

func (v *env) choice(i int) z.Lit {
	if v.choices[i] == z.LitNull {
		v.choices[i] = v.e.Fresh()
	}
	return v.choices[i]
}

// term builds the literal of t.
func (v *env) term(t *bp.Term) z.Lit {
	c := v.e.C
	switch t.Op {
	case bp.TConst:
		if t.Val {
			return c.T
		}
		return c.F
	case bp.TVar:
		g, l := v.g, v.l
		if t.Primed && v.after {
			g, l = v.ng, v.nl
		}
		var m z.Lit
		if t.Ref.Scope == bp.Global {
			m = g[t.Ref.Index]
		} else {
			m = l[t.Ref.Index]
		}
		if m == z.LitNull {
			// Reading a dead local: liveness says this cannot happen, but
			// a dead value is exactly "any value", so stay exact.
			m = v.e.Fresh()
		}
		return m
	case bp.TNondet:
		return v.choice(t.Choice)
	case bp.TNot:
		return v.term(t.Args[0]).Not()
	case bp.TAnd:
		return c.And(v.term(t.Args[0]), v.term(t.Args[1]))
	case bp.TOr:
		return c.Or(v.term(t.Args[0]), v.term(t.Args[1]))
	case bp.TXor:
		return c.Xor(v.term(t.Args[0]), v.term(t.Args[1]))
	case bp.TIff:
		return c.Xor(v.term(t.Args[0]), v.term(t.Args[1])).Not()
	case bp.TImplies:
		return c.Implies(v.term(t.Args[0]), v.term(t.Args[1]))
	case bp.TChoose:
		a, b := v.term(t.Args[0]), v.term(t.Args[1])
		// T if a, else F if b, else the choice.
		return c.Choice(a, c.T, c.Choice(b, c.F, v.choice(t.Choice)))
	}
	panic(fmt.Sprintf("encode: unknown term operator %d", t.Op))
}

// Cond builds the literal of term t evaluated in thread ti of s, with fresh
// inputs for its choices (the search asks, for instance, whether a
// thread's assume holds in every state of s).
func (e *Encoder) Cond(s *State, ti int, t *bp.Term, choices int) z.Lit {
	v := e.newEnv(s.Globals, s.Threads[ti].Locals, choices)
	return v.term(t)
}

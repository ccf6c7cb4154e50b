package encode

import (
	"github.com/go-air/gini/z"
)

// Thread is one thread of a symbolic state.
type Thread struct {
	ID, Proc, PC int
	Atomic       bool
	Locals       []z.Lit // z.LitNull where dead
}

// State is a symbolic state: explicit control, symbolic data.
type State struct {
	Globals []z.Lit
	Threads []Thread // in creation order
	Guard   z.Lit
	NextID  int
}

// Clone copies s deeply.
func (s *State) Clone() State {
	c := State{Globals: append([]z.Lit(nil), s.Globals...), Guard: s.Guard, NextID: s.NextID}
	c.Threads = make([]Thread, len(s.Threads))
	for i, t := range s.Threads {
		c.Threads[i] = t
		c.Threads[i].Locals = append([]z.Lit(nil), t.Locals...)
	}
	return c
}

// AtomicHolder returns the index of the thread in an atomic section, or -1.
func (s *State) AtomicHolder() int {
	for i := range s.Threads {
		if s.Threads[i].Atomic {
			return i
		}
	}
	return -1
}

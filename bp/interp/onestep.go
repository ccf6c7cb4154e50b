package interp

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// The one-thread semantics, exported for engines that build their own
// view of the program (the counter engine enumerates thread states): the
// step of one thread from concrete values, every outcome, with values that
// may be anything made concrete both ways, and dead locals false.

// Move is one outcome of one step of one thread.
type Move struct {
	Globals []bool
	// Thread is the thread after the step; Ended says it ended instead.
	Thread bp.ThreadState
	Ended  bool
	// Started is a thread the step started, if any.
	Started *bp.ThreadState
	Taken   int // for a branch: 1 then, 0 else; -1 otherwise
}

// Stepper runs single steps of single threads of one program.
type Stepper struct {
	x *stepper
}

// NewStepper returns a stepper for prog with the property of opts
// (assertions or opts.Label). Thread starts are never suppressed.
func NewStepper(prog *bp.Program, opts Options) *Stepper {
	return &Stepper{x: &stepper{prog: prog, an: analyse(prog, opts), bound: 1 << 30}}
}

// Step runs the step of thread t on globals, the thread alone (steps that
// read other threads, broadcasts, are not for this function). fails
// reports that the step is an assertion that some outcome fails.
func (sp *Stepper) Step(globals []bool, t bp.ThreadState) (moves []Move, fails bool, err error) {
	s := fromConcrete(&bp.State{Globals: globals, Threads: []bp.ThreadState{t}})
	x := sp.x
	x.err = nil
	fails = x.exec(&s, 0, stepInfo{}, func(n state, moved, created int, info stepInfo) {
		base := Move{Taken: int(info.taken), Ended: moved < 0}
		var outs []*bp.ThreadState
		var live []bp.Bits
		if moved >= 0 {
			base.Thread = concreteThread(&n.threads[moved])
			outs = append(outs, &base.Thread)
			live = append(live, x.an.live[base.Thread.Proc][base.Thread.PC])
		}
		if created >= 0 {
			st := concreteThread(&n.threads[created])
			base.Started = &st
			outs = append(outs, base.Started)
			live = append(live, x.an.live[st.Proc][st.PC])
		}
		// Every value that may be anything: the globals, and the live
		// locals of the threads the step leaves; dead locals are false.
		type slot struct {
			global bool
			t, i   int
		}
		var free []slot
		base.Globals = make([]bool, len(n.globals))
		for i, v := range n.globals {
			base.Globals[i] = v == v1
			if v == vX {
				free = append(free, slot{global: true, i: i})
			}
		}
		for k, out := range outs {
			th := &n.threads[moved]
			if k == 1 || moved < 0 {
				th = &n.threads[created]
			}
			for i, v := range th.locals {
				switch {
				case !live[k].Has(i):
					out.Locals[i] = false
				case v == vX:
					free = append(free, slot{t: k, i: i})
				}
			}
		}
		if len(free) > maxEnum {
			x.err = fmt.Errorf("%s: the step leaves %d values free, too many to enumerate", x.prog.Position(&x.prog.Procs[t.Proc].Steps[t.PC]), len(free))
			return
		}
		for mask := 0; mask < 1<<len(free); mask++ {
			m := base
			m.Globals = append([]bool(nil), base.Globals...)
			copies := make([]*bp.ThreadState, len(outs))
			for k, out := range outs {
				c := *out
				c.Locals = append([]bool(nil), out.Locals...)
				copies[k] = &c
			}
			for j, f := range free {
				b := mask&(1<<j) != 0
				if f.global {
					m.Globals[f.i] = b
				} else {
					copies[f.t].Locals[f.i] = b
				}
			}
			if moved >= 0 {
				m.Thread = *copies[0]
			}
			if created >= 0 {
				m.Started = copies[len(copies)-1]
			}
			moves = append(moves, m)
		}
	})
	return moves, fails, x.err
}

// concreteThread is t with X read as false.
func concreteThread(t *thread) bp.ThreadState {
	out := bp.ThreadState{ID: int(t.id), Proc: int(t.proc), PC: int(t.pc), Atomic: t.atomic, Locals: make([]bool, len(t.locals))}
	for i, v := range t.locals {
		out.Locals[i] = v == v1
	}
	return out
}

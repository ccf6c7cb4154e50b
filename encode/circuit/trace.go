package circuit

import (
	"errors"
	"fmt"
	"sort"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/mc"
)

// Trace maps a counterexample of System(…) to a program trace that
// judge.Replay accepts: stutters are dropped, slots become thread
// identities in creation order, and the trace stops at the first
// violation. It returns ErrOverflow for a trace that reaches Overflow but
// no violation.
func (c *Circuit) Trace(tr *mc.Trace) (*bp.Trace, error) {
	s := c.S
	if tr == nil || len(tr.Init) != len(s.Latches) {
		return nil, errors.New("circuit: the trace does not fit the circuit")
	}
	vs := make([]bool, s.Len())
	value := func(m z.Lit) bool { return vs[m.Var()] == m.IsPos() }
	for i, l := range s.Latches {
		vs[l.Var()] = tr.Init[i]
	}
	ids := make([]int, c.Slots) // thread identity per slot, -1 if free
	for i := range ids {
		ids[i] = -1
	}
	ids[0] = 0
	nextID := 1
	out := &bp.Trace{Kind: bp.LabelReached}
	for step := 0; ; step++ {
		if step < len(tr.Inputs) {
			if len(tr.Inputs[step]) != len(c.Inputs) {
				return nil, fmt.Errorf("circuit: step %d has %d inputs, not %d", step, len(tr.Inputs[step]), len(c.Inputs))
			}
			for i, m := range c.Inputs {
				vs[m.Var()] = tr.Inputs[step][i]
			}
		}
		s.Eval(vs)
		before, err := c.state(value, ids)
		if err != nil {
			return nil, fmt.Errorf("circuit: state %d: %w", step, err)
		}
		if value(c.Violation) {
			out.Final = before
			return out, nil
		}
		if step == len(tr.Inputs) {
			break
		}
		if value(c.failing) {
			ts, err := c.traceStep(value, ids, before)
			if err != nil {
				return nil, err
			}
			out.Steps = append(out.Steps, ts)
			out.Final, out.Kind = before, bp.AssertionFails
			return out, nil
		}
		var active []bool
		for i := range c.slots {
			active = append(active, value(c.slots[i].active))
		}
		ranStep := false
		var ts bp.TraceStep
		for i := range c.slots {
			if value(c.exec[i]) {
				ts, err = c.traceStep(value, ids, before)
				if err != nil {
					return nil, err
				}
				ranStep = true
			}
		}
		c.latch(vs, value)
		if !ranStep {
			continue
		}
		started := c.renumber(vs, active, ids, &nextID)
		ts.Suppressed = c.Prog.Procs[ts.Proc].Steps[ts.PC].Kind == bp.Spawn && !started
		out.Steps = append(out.Steps, ts)
	}
	if value(c.Overflow) {
		return nil, ErrOverflow
	}
	return nil, errors.New("circuit: the trace does not reach a violation")
}

// latch sets the latches of vs to their next values.
func (c *Circuit) latch(vs []bool, value func(z.Lit) bool) {
	s := c.S
	next := make([]bool, len(s.Latches))
	for i, l := range s.Latches {
		next[i] = value(s.Next(l))
	}
	for i, l := range s.Latches {
		vs[l.Var()] = next[i]
	}
}

// renumber gives a slot that became active (it was not before the step)
// the next thread identity and frees a slot whose thread ended; it says
// whether a thread started.
func (c *Circuit) renumber(vs, active []bool, ids []int, nextID *int) bool {
	started := false
	for i := range c.slots {
		now := vs[c.slots[i].active.Var()]
		switch {
		case now && !active[i]:
			ids[i] = *nextID
			*nextID++
			started = true
		case !now && active[i]:
			ids[i] = -1
		}
	}
	return started
}

// traceStep describes the step of the running slot from state before.
func (c *Circuit) traceStep(value func(z.Lit) bool, ids []int, before bp.State) (bp.TraceStep, error) {
	for i := range c.slots {
		sl := &c.slots[i]
		if !value(sl.active) || !c.chosen(value, i) {
			continue
		}
		proc, pc := number(value, sl.proc), number(value, sl.pc)
		ts := bp.TraceStep{Thread: ids[i], Proc: proc, PC: pc, Before: before, Taken: -1}
		if cond, ok := c.cond[place{proc, pc}]; ok {
			ts.Taken = 0
			if value(cond) {
				ts.Taken = 1
			}
		}
		return ts, nil
	}
	return bp.TraceStep{}, errors.New("circuit: no thread runs")
}

// chosen reports whether the scheduler inputs pick slot i.
func (c *Circuit) chosen(value func(z.Lit) bool, i int) bool {
	return number(value, c.Inputs[:bitsFor(c.Slots)]) == i
}

// state reads the program state from the latches.
func (c *Circuit) state(value func(z.Lit) bool, ids []int) (bp.State, error) {
	st := bp.State{Globals: make([]bool, len(c.globals))}
	for i, g := range c.globals {
		st.Globals[i] = value(g)
	}
	for i := range c.slots {
		sl := &c.slots[i]
		if !value(sl.active) {
			continue
		}
		proc, pc := number(value, sl.proc), number(value, sl.pc)
		if proc >= len(c.Prog.Procs) || pc >= len(c.Prog.Procs[proc].Steps) || ids[i] < 0 {
			return st, fmt.Errorf("slot %d holds no thread at a valid place", i)
		}
		t := bp.ThreadState{ID: ids[i], Proc: proc, PC: pc, Atomic: value(sl.atomic)}
		for j := range c.Prog.Procs[proc].Locals {
			t.Locals = append(t.Locals, value(sl.locals[j]))
		}
		st.Threads = append(st.Threads, t)
	}
	sort.Slice(st.Threads, func(a, b int) bool { return st.Threads[a].ID < st.Threads[b].ID })
	return st, nil
}

// number reads a binary number, least significant bit first.
func number(value func(z.Lit) bool, bits []z.Lit) int {
	n := 0
	for k, m := range bits {
		if value(m) {
			n |= 1 << k
		}
	}
	return n
}

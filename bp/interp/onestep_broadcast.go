package interp

import (
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// BroadcastMove is one outcome of the active part of a broadcast step
// under the monotone reading, where a passive thread never blocks the
// step, and what each passive thread may become with it.
type BroadcastMove struct {
	Move
	// Passive has, for each passive thread state given to
	// StepBroadcast, the states that thread may take: its outcomes, or
	// itself unchanged when it has none. Outcomes of active choices that
	// differ only in values the active thread no longer needs are merged,
	// which can only add passive outcomes.
	Passive [][]bp.ThreadState
}

// IsBroadcast reports whether the step of thread t is a broadcast
// assignment (one with x$ targets).
func (sp *Stepper) IsBroadcast(t bp.ThreadState) bool {
	return sp.x.prog.Procs[t.Proc].Steps[t.PC].Broadcast()
}

// StepBroadcast runs the broadcast assignment of thread t on globals
// under the monotone reading, for threads in passives (states of other
// threads; they need not make one consistent state, as each passive
// thread's outcomes depend only on itself and the active part).
func (sp *Stepper) StepBroadcast(globals []bool, t bp.ThreadState, passives []bp.ThreadState) ([]BroadcastMove, error) {
	x := sp.x
	st := &x.prog.Procs[t.Proc].Steps[t.PC]
	if !st.Broadcast() {
		return nil, fmt.Errorf("%s: not a broadcast assignment", x.prog.Position(st))
	}
	s := fromConcrete(&bp.State{Globals: globals, Threads: append([]bp.ThreadState{t}, passives...)})
	cs, pcs := broadcastChoices(st)
	if len(cs) > maxEnum || len(pcs) > maxEnum {
		return nil, fmt.Errorf("%s: the broadcast has %d active and %d passive non-deterministic choices, too many to enumerate",
			x.prog.Position(st), len(cs), len(pcs))
	}
	var out []BroadcastMove
	index := map[string]int{} // active outcome -> its entry in out
	ch := make([]bool, st.Choices)
	for mask := 0; mask < 1<<len(cs); mask++ {
		for j, c := range cs {
			ch[c] = mask&(1<<j) != 0
		}
		c, ok := activeOutcome(&s, 0, st, ch)
		if !ok {
			continue
		}
		c.threads[0].pc = int32(st.Next)
		m := Move{Globals: make([]bool, len(c.globals)), Thread: sp.settled(&c.threads[0]), Taken: -1}
		for i, v := range c.globals {
			m.Globals[i] = v == v1
		}
		k := fmt.Sprint(m.Globals, m.Thread.Locals, m.Thread.PC)
		i, seen := index[k]
		if !seen {
			i = len(out)
			index[k] = i
			out = append(out, BroadcastMove{Move: m, Passive: make([][]bp.ThreadState, len(passives))})
		}
		for j := range passives {
			outs := x.passiveOutcomes(&s, &c, 0, 1+j, st, pcs)
			if len(outs) == 0 {
				outs = [][]val{targetVals(st, s.threads[1+j].locals)}
			}
			for _, o := range outs {
				for _, p := range sp.passiveStates(passives[j], st, o) {
					if !slices.ContainsFunc(out[i].Passive[j], func(o bp.ThreadState) bool { return sameThread(p, o) }) {
						out[i].Passive[j] = append(out[i].Passive[j], p)
					}
				}
			}
		}
	}
	return out, nil
}

// settled is t as a concrete thread state with the locals dead at its pc
// false, as Step gives its moves.
func (sp *Stepper) settled(t *thread) bp.ThreadState {
	out := concreteThread(t)
	live := sp.x.an.live[out.Proc][out.PC]
	for i := range out.Locals {
		if !live.Has(i) {
			out.Locals[i] = false
		}
	}
	return out
}

// passiveStates is passive thread p after its passive targets take the
// values o; a value that may be either (X) gives both states.
func (sp *Stepper) passiveStates(p bp.ThreadState, st *bp.Step, o []val) []bp.ThreadState {
	states := []bp.ThreadState{cloneLocals(p)}
	for k, r := range st.PassiveTargets {
		for i := range states {
			states[i].Locals[r.Index] = o[k] == v1
		}
		if o[k] == vX {
			for i := range states {
				c := cloneLocals(states[i])
				c.Locals[r.Index] = true
				states = append(states, c)
			}
		}
	}
	for i := range states {
		t := fromConcrete(&bp.State{Threads: []bp.ThreadState{states[i]}}).threads[0]
		states[i] = sp.settled(&t)
	}
	return states
}

func cloneLocals(t bp.ThreadState) bp.ThreadState {
	t.Locals = slices.Clone(t.Locals)
	return t
}

func sameThread(t, o bp.ThreadState) bool {
	return t.Proc == o.Proc && t.PC == o.PC && t.Atomic == o.Atomic && slices.Equal(t.Locals, o.Locals)
}

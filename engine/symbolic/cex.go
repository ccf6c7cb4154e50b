package symbolic

import (
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
)

// counterexample turns the solver's last model into a concrete trace
// ending at node end. If fail is not nil, the thread fail (in end's state)
// fails its assertion there.
func (e *symEngine) counterexample(end int, fail *encode.Thread) *bp.Trace {
	var path []int
	for i := end; i >= 0; i = e.nodes[i].parent {
		path = append(path, i)
	}
	for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
		path[l], path[r] = path[r], path[l]
	}
	vs := e.pathValues(path)
	value := func(m z.Lit) bool {
		if m == z.LitNull {
			return false // dead: any value replays
		}
		v := vs[m.Var()]
		if !m.IsPos() {
			v = !v
		}
		return v
	}
	concrete := func(st *encode.State) bp.State {
		out := bp.State{Globals: make([]bool, len(st.Globals))}
		for i, m := range st.Globals {
			out.Globals[i] = value(m)
		}
		for _, t := range st.Threads {
			ct := bp.ThreadState{ID: t.ID, Proc: t.Proc, PC: t.PC, Atomic: t.Atomic, Locals: make([]bool, len(t.Locals))}
			for i, m := range t.Locals {
				ct.Locals[i] = value(m)
			}
			out.Threads = append(out.Threads, ct)
		}
		return out
	}
	states := make([]bp.State, len(path))
	for j, i := range path {
		states[j] = concrete(&e.nodes[i].st)
	}
	keepDeadValues(path, e.nodes, states)
	tr := &bp.Trace{Kind: bp.LabelReached}
	for j := 1; j < len(path); j++ {
		n := &e.nodes[path[j]]
		tr.Steps = append(tr.Steps, bp.TraceStep{
			Thread: n.thread, Proc: n.proc, PC: n.pc, Before: states[j-1],
			Taken: n.taken, Suppressed: n.suppressed,
		})
	}
	tr.Final = states[len(states)-1]
	if fail != nil {
		tr.Kind = bp.AssertionFails
		tr.Steps = append(tr.Steps, bp.TraceStep{Thread: fail.ID, Proc: fail.Proc, PC: fail.PC, Before: tr.Final, Taken: -1})
	}
	return tr
}

// keepDeadValues shows a dead local with the value it last had instead of
// 0: a dead local is never read again, so any value replays, and the last
// one is what a person expects to see (no value changes without a write).
func keepDeadValues(path []int, nodes []symNode, states []bp.State) {
	for j := 1; j < len(path); j++ {
		cur := &nodes[path[j]].st
		for _, t := range cur.Threads {
			prev := states[j-1].Thread(t.ID)
			now := states[j].Thread(t.ID)
			if prev == nil || prev.Proc != t.Proc {
				continue
			}
			for i, m := range t.Locals {
				if m == z.LitNull {
					now.Locals[i] = prev.Locals[i]
				}
			}
		}
	}
}

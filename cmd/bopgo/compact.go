package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// BoPPo's compact trace, the form SatAbs parses (docs/boppo.md):
//
//	TRACE t=<thread> <label>... <global>=0|1... <func::local>=0|1... [TAKEN=0|1]
//
// one line per executed step, the values those before the step. A token
// without "=" is a label, so labels must stay bare. SatAbs gives the k-th
// occurrence of a local's name to thread k, so the locals come in one
// group per thread, in thread (creation) order, and a thread that has
// ended keeps its group, frozen at its last values: dropping it would
// shift every later thread's locals onto the wrong thread.

// Lines that bracket a lasso in the compact trace (--loop-detection).
const (
	lineLoopBegin = "LOOP ["
	lineLoopEnd   = "LOOP ]"
)

// localGroup is one thread's visible locals, as printed.
type localGroup struct {
	names  []string
	values []bool
}

// threadGroup returns the locals of t as SatAbs reads them: the
// thread-locals and the locals of the innermost function instance at its
// pc. SatAbs declares the same b<n> in every function and gives the k-th
// occurrence of a name to thread k, so a caller's frame (main's, around
// $main) printed too would be read as another thread's.
func threadGroup(prog *bp.Program, t *bp.ThreadState) localGroup {
	p := prog.Procs[t.Proc]
	var slots []int
	for i, l := range p.Locals {
		if l.ThreadLocal {
			slots = append(slots, i)
		}
	}
	slots = append(slots, p.Frames[p.Steps[t.PC].Frame].Slots...)
	g := localGroup{names: make([]string, len(slots)), values: make([]bool, len(slots))}
	for i, slot := range slots {
		g.names[i] = p.LocalName(slot)
		g.values[i] = t.Locals[slot]
	}
	return g
}

// writeCompactTrace prints ex as BoPPo's compact trace. With loops, the
// first lasso (see findLoop) is bracketed by LOOP [ and LOOP ]. ex should
// come from judge.Concretize: its values are then those of one
// execution, and every started thread has an identity and a group.
func writeCompactTrace(w io.Writer, prog *bp.Program, ex *bp.Trace, loops bool) {
	from, to := -1, -1
	if loops {
		from, to = findLoop(ex)
	}
	var groups []localGroup // by thread identity, which is dense from 0
	var b strings.Builder
	for i := range ex.Steps {
		s := &ex.Steps[i]
		for k := range s.Before.Threads {
			t := &s.Before.Threads[k]
			for len(groups) <= t.ID {
				groups = append(groups, localGroup{})
			}
			groups[t.ID] = threadGroup(prog, t)
		}
		st := &prog.Procs[s.Proc].Steps[s.PC]
		b.Reset()
		fmt.Fprintf(&b, "TRACE t=%d", s.Thread)
		for _, l := range st.Labels {
			b.WriteString(" ")
			b.WriteString(l)
		}
		for g, name := range prog.Globals {
			writeValue(&b, name, s.Before.Globals[g])
		}
		for _, g := range groups {
			for j, name := range g.names {
				writeValue(&b, name, g.values[j])
			}
		}
		if s.Taken >= 0 {
			fmt.Fprintf(&b, " TAKEN=%d", s.Taken)
		}
		if i == from {
			fmt.Fprintln(w, lineLoopBegin)
		}
		fmt.Fprintln(w, b.String())
		if i == to {
			fmt.Fprintln(w, lineLoopEnd)
		}
	}
}

func writeValue(b *strings.Builder, name string, v bool) {
	b.WriteString(" ")
	b.WriteString(name)
	if v {
		b.WriteString("=1")
	} else {
		b.WriteString("=0")
	}
}

// findLoop finds the first lasso in ex: the first state of the execution
// that equals an earlier one. The states are the one before each step
// and, for a trace that ends at a label, the final state. If state j is
// the first to repeat state i (i < j), steps i..j-1 lead from the state
// back to itself and findLoop returns (i, j-1); without a repetition it
// returns (-1, -1). States are equal when they have the same threads
// (identity, code, pc, atomic flag) and the same values of every global
// and every local, dead ones included.
func findLoop(ex *bp.Trace) (from, to int) {
	states := make([]*bp.State, 0, len(ex.Steps)+1)
	for i := range ex.Steps {
		states = append(states, &ex.Steps[i].Before)
	}
	if ex.Kind == bp.LabelReached || len(ex.Steps) == 0 {
		states = append(states, &ex.Final)
	}
	for j := 1; j < len(states); j++ {
		for i := 0; i < j; i++ {
			if sameState(states[i], states[j]) {
				return i, j - 1
			}
		}
	}
	return -1, -1
}

func sameState(a, b *bp.State) bool {
	if !slices.Equal(a.Globals, b.Globals) || len(a.Threads) != len(b.Threads) {
		return false
	}
	for k := range a.Threads {
		x, y := &a.Threads[k], &b.Threads[k]
		if x.ID != y.ID || x.Proc != y.Proc || x.PC != y.PC || x.Atomic != y.Atomic || !slices.Equal(x.Locals, y.Locals) {
			return false
		}
	}
	return true
}

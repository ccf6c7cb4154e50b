package interp

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// analysis is what the engine precomputes about a program: liveness, the
// property's target steps, and the slots each step reads.
type analysis struct {
	prog   *bp.Program
	label  string
	live   [][]bp.Bits // [proc][pc]: live local slots
	target [][]bool    // [proc][pc]: an assertion (or the label) to check
	reads  [][]readSet // [proc][pc]
	found  bool        // some step is a target
}

// readSet is the slots a step reads, which must be concrete before it runs.
type readSet struct {
	globals, locals []int32
}

func analyse(prog *bp.Program, opts Options) *analysis {
	a := &analysis{prog: prog, label: opts.Label, target: prog.Targets(opts.Label)}
	nTL := len(prog.ThreadLocals)
	for pi, p := range prog.Procs {
		live := p.Liveness(nTL)
		a.live = append(a.live, live)
		reads := make([]readSet, len(p.Steps))
		for pc := range p.Steps {
			a.found = a.found || a.target[pi][pc]
			reads[pc] = stepReads(&p.Steps[pc], live, nTL, len(p.Locals))
		}
		a.reads = append(a.reads, reads)
	}
	return a
}

func stepReads(st *bp.Step, live []bp.Bits, nTL, nLocals int) readSet {
	var rs readSet
	seenG, seenL := map[int]bool{}, map[int]bool{}
	addL := func(i int) {
		if !seenL[i] {
			seenL[i] = true
			rs.locals = append(rs.locals, int32(i))
		}
	}
	st.Reads(func(r bp.VarRef) {
		if r.Scope == bp.Global {
			if !seenG[r.Index] {
				seenG[r.Index] = true
				rs.globals = append(rs.globals, int32(r.Index))
			}
		} else {
			addL(r.Index)
		}
	})
	if st.Kind == bp.Spawn {
		// The new thread gets copies: they must be the same concrete value
		// in both threads, so they are split before the copy.
		for i := 0; i < nTL; i++ {
			addL(i)
		}
		if st.CopyLocals {
			for i := 0; i < nLocals; i++ {
				if live[st.SpawnPC].Has(i) {
					addL(i)
				}
			}
		}
	}
	return rs
}

// targetReachable reports whether some target step is reachable in the
// control flow from main's entry, following thread starts, ignoring data.
// If not, the program is safe whatever the thread bound.
func (a *analysis) targetReachable() bool {
	if !a.found {
		return false
	}
	type loc struct{ proc, pc int }
	seen := map[loc]bool{}
	work := []loc{{0, a.prog.Procs[0].Entry}}
	seen[work[0]] = true
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		if a.target[l.proc][l.pc] {
			return true
		}
		p := a.prog.Procs[l.proc]
		next := []loc{}
		for _, s := range p.Succs(l.pc) {
			next = append(next, loc{l.proc, s})
		}
		if st := &p.Steps[l.pc]; st.Kind == bp.Spawn {
			next = append(next, loc{st.SpawnProc, st.SpawnPC})
		}
		for _, n := range next {
			if !seen[n] {
				seen[n] = true
				work = append(work, n)
			}
		}
	}
	return false
}

func (a *analysis) noTargetReason() string {
	switch {
	case a.label != "" && !a.found:
		return fmt.Sprintf("no statement is labelled %s", a.label)
	case a.label != "":
		return fmt.Sprintf("label %s is unreachable in the control flow", a.label)
	case !a.found:
		return "the program has no assertion"
	}
	return "no assertion is reachable in the control flow"
}

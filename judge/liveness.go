package judge

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// The model makes dead locals false, and so do the engines' encodings:
// if bp's liveness called a local dead where some path still reads it
// before writing it, the model would lose behaviour and accept a wrong
// proof along with the engine. Computing liveness is a fixpoint; checking
// one is a pass over the steps, so the judge checks the liveness it is
// given, with its own reading of what each step reads.

// checkLiveness reports where live is not closed under prog's steps: a
// local a step reads must be live there, a local live at a successor
// that the step does not assign must be live at the step, a thread start
// must find live what it hands to the new thread, and a local a
// broadcast reads in a passive thread (y$) must be live everywhere.
func checkLiveness(prog *bp.Program, live [][]bp.Bits) error {
	nTL := len(prog.ThreadLocals)
	var passive []int // locals some broadcast reads in passive threads
	for _, proc := range prog.Procs {
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			target := map[int]bool{}
			for _, r := range st.PassiveTargets {
				target[r.Index] = true
			}
			for _, v := range st.PassiveValues {
				passive = passiveReads(v, target, passive)
			}
			if st.PassiveConstraint != nil {
				passive = passiveReads(st.PassiveConstraint, target, passive)
			}
		}
	}
	for p, proc := range prog.Procs {
		has := func(pc, j int) bool { return j < len(proc.Locals) && live[p][pc].Has(j) }
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			fail := func(j int, why string) error {
				return fmt.Errorf("%s: local %s is dead at the step (pc %d of %s), but %s", prog.Position(st), proc.LocalName(j), pc, proc.Name, why)
			}
			assigned := map[int]bool{}
			for _, r := range st.Targets {
				if r.Scope == bp.Local {
					assigned[r.Index] = true
				}
			}
			if st.Kind == bp.Call {
				// The call's results are the caller's when it returns, at
				// Next, its one successor in its own proc.
				for _, r := range st.RetTargets {
					if r.Scope == bp.Local && r.Index >= 0 {
						assigned[r.Index] = true
					}
				}
			}
			var reads []int
			for _, t := range stepTerms(st) {
				reads = localReads(t, assigned, reads)
			}
			for _, j := range reads {
				if !has(pc, j) {
					return fail(j, "the step reads it")
				}
			}
			for _, j := range passive {
				if !has(pc, j) {
					return fail(j, "a broadcast reads it in a passive thread")
				}
			}
			for _, n := range proc.Succs(pc) {
				for j := range proc.Locals {
					if has(n, j) && !assigned[j] && !has(pc, j) {
						return fail(j, fmt.Sprintf("it is live at the successor (pc %d) and the step does not assign it", n))
					}
				}
			}
			if st.Kind == bp.Spawn {
				child := prog.Procs[st.SpawnProc]
				for j := range child.Locals {
					copied := st.CopyLocals || j < nTL
					if copied && live[st.SpawnProc][st.SpawnPC].Has(j) && !has(pc, j) {
						return fail(j, "the thread it starts gets its value and reads it")
					}
				}
			}
		}
	}
	return nil
}

// stepTerms are the terms of st that read the running thread's current
// values (a broadcast's passive part reads them too).
func stepTerms(st *bp.Step) []*bp.Term {
	var out []*bp.Term
	out = append(out, st.Values...)
	out = append(out, st.SpawnArgs...)
	out = append(out, st.Args...)
	out = append(out, st.PassiveValues...)
	for _, t := range []*bp.Term{st.Cond, st.Constraint, st.PassiveConstraint} {
		if t != nil {
			out = append(out, t)
		}
	}
	return out
}

// localReads adds the running thread's locals whose current values t
// reads: plain ones, and primed ones the step does not assign (they keep
// their values).
func localReads(t *bp.Term, assigned map[int]bool, out []int) []int {
	if t.Op == bp.TVar && !t.Passive && t.Ref.Scope == bp.Local && (!t.Primed || !assigned[t.Ref.Index]) {
		out = append(out, t.Ref.Index)
	}
	for _, a := range t.Args {
		out = localReads(a, assigned, out)
	}
	return out
}

// passiveReads adds the passive thread's locals whose current values t
// reads: y$, and 'y$ of a local that is not a passive target.
func passiveReads(t *bp.Term, target map[int]bool, out []int) []int {
	if t.Op == bp.TVar && t.Passive && (!t.Primed || !target[t.Ref.Index]) {
		out = append(out, t.Ref.Index)
	}
	for _, a := range t.Args {
		out = passiveReads(a, target, out)
	}
	return out
}

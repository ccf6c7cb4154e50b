package interp

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// Concretize returns the execution that tr stands for, with every value
// the one that execution really has. An engine's trace is exact only
// where it matters: a local that is dead after a step (never read before
// it is written again) may show any value, which is enough for Replay but
// not for a client that checks every step against the program (SatAbs
// re-simulates each step of BoPPo's compact trace and takes a value the
// step could not produce for a spurious transition). Concretize
// re-executes tr's schedule (the same threads at the same statements,
// the same branch outcomes) from tr's initial state and chooses every
// non-deterministic value (`*`, schoose, decl, dead) so that each step
// is a step of the semantics and the trace ends in the same violation:
// where the engine's value of a variable is live, its choice is kept, so
// every later step stays possible; where it is dead, the value is the one
// the step really assigns (or, for a free `*`, the engine's), so a dead
// variable keeps its last assigned value and every constraint holds for
// the values shown.
//
// A start that the thread bound suppressed becomes a thread that is
// started and never runs, so that a client that counts thread starts
// sees every started thread; thread identities are renumbered in start
// order (0 is main). Every step of the result has Suppressed false.
//
// The result passes Replay. An error means that tr does not replay
// (Concretize relies on its live values) or a step has too many choices
// to enumerate; callers then keep tr.
func Concretize(prog *bp.Program, opts Options, tr *bp.Trace) (*bp.Trace, error) {
	if tr == nil {
		return nil, fmt.Errorf("no trace")
	}
	an := analyse(prog, opts)
	first := tr.Final
	if len(tr.Steps) > 0 {
		first = tr.Steps[0].Before
	}
	if err := checkInitial(prog, &first); err != nil {
		return nil, err
	}
	cur := cloneState(&first)
	out := &bp.Trace{Kind: tr.Kind}
	// toEngine maps this trace's thread identities to tr's; started
	// threads that tr suppressed have none.
	toEngine := map[int32]int{0: 0}
	fromEngine := map[int]int32{0: 0}
	nextID := int32(1)
	for i := range tr.Steps {
		step := &tr.Steps[i]
		id, ok := fromEngine[step.Thread]
		if !ok {
			return nil, fmt.Errorf("step %d: thread %d was never started", i, step.Thread)
		}
		out.Steps = append(out.Steps, bp.TraceStep{Thread: int(id), Proc: step.Proc, PC: step.PC, Before: cloneState(&cur), Taken: step.Taken})
		last := i == len(tr.Steps)-1
		if last && tr.Kind == bp.AssertionFails {
			break
		}
		after := &tr.Final
		if !last {
			after = &tr.Steps[i+1].Before
		}
		s := fromConcrete(&cur)
		s.nextID = nextID
		ti := s.find(id)
		if ti < 0 || int(s.threads[ti].proc) != step.Proc || int(s.threads[ti].pc) != step.PC {
			return nil, fmt.Errorf("step %d: thread %d is not at %d/%d", i, step.Thread, step.Proc, step.PC)
		}
		st := &prog.Procs[step.Proc].Steps[step.PC]
		if st.Kind == bp.Spawn {
			if !step.Suppressed {
				created := -1
				for _, t := range after.Threads {
					if step.Before.Thread(t.ID) == nil {
						created = t.ID
					}
				}
				if created < 0 {
					return nil, fmt.Errorf("step %d: the started thread is not in the next state", i)
				}
				toEngine[nextID], fromEngine[created] = created, nextID
			}
			nextID++
		}
		x := &stepper{prog: prog, an: an, bound: 1 << 30}
		best, bestScore := state{}, -1
		x.exec(&s, ti, stepInfo{}, func(n state, moved, created int, info stepInfo) {
			if int(info.taken) != step.Taken || !agrees(an, &n, after, toEngine) {
				return
			}
			if sc := score(&n, after, toEngine); sc > bestScore {
				best, bestScore = n, sc
			}
		})
		if x.err != nil {
			return nil, fmt.Errorf("step %d: %w", i, x.err)
		}
		if bestScore < 0 {
			return nil, fmt.Errorf("step %d (%s): no execution of the step agrees with the trace's live values", i, prog.Position(st))
		}
		cur = settle(&best, after, &cur, toEngine)
	}
	if tr.Kind == bp.AssertionFails && len(out.Steps) > 0 {
		out.Final = cloneState(&out.Steps[len(out.Steps)-1].Before)
	} else {
		out.Final = cur
	}
	if err := Replay(prog, opts, out); err != nil {
		return nil, fmt.Errorf("the concrete trace does not replay: %w", err)
	}
	return out, nil
}

func cloneState(s *bp.State) bp.State {
	c := bp.State{Globals: append([]bool(nil), s.Globals...), Threads: make([]bp.ThreadState, len(s.Threads))}
	for i, t := range s.Threads {
		c.Threads[i] = t
		c.Threads[i].Locals = append([]bool(nil), t.Locals...)
	}
	return c
}

// agrees reports whether successor u (which may hold free values X) can
// be the engine's next state on everything the engine's trace determines:
// the globals, and every thread's pc, atomic flag and live locals. The
// threads tr suppressed are free.
func agrees(an *analysis, u *state, after *bp.State, toEngine map[int32]int) bool {
	for i, v := range u.globals {
		if v != vX && (v == v1) != after.Globals[i] {
			return false
		}
	}
	mapped := 0
	for _, ut := range u.threads {
		eid, ok := toEngine[ut.id]
		if !ok {
			continue
		}
		et := after.Thread(eid)
		if et == nil {
			return false
		}
		mapped++
		if int(ut.proc) != et.Proc || int(ut.pc) != et.PC || ut.atomic != et.Atomic || len(ut.locals) != len(et.Locals) {
			return false
		}
		live := an.live[ut.proc][ut.pc]
		for i, v := range ut.locals {
			if live.Has(i) && v != vX && (v == v1) != et.Locals[i] {
				return false
			}
		}
	}
	return mapped == len(after.Threads)
}

// score counts the values of u that equal the engine's, dead ones
// included: among the successors that agree, the one closest to what the
// engine printed.
func score(u *state, after *bp.State, toEngine map[int32]int) int {
	n := 0
	for i, v := range u.globals {
		if v == vX || (v == v1) == after.Globals[i] {
			n++
		}
	}
	for _, ut := range u.threads {
		eid, ok := toEngine[ut.id]
		if !ok {
			continue
		}
		et := after.Thread(eid)
		for i, v := range ut.locals {
			if v == vX || (v == v1) == et.Locals[i] {
				n++
			}
		}
	}
	return n
}

// settle makes u concrete: a free value takes the engine's value where
// the engine has the thread, else the value it had before the step (a
// suppressed thread's), else 0.
func settle(u *state, after, before *bp.State, toEngine map[int32]int) bp.State {
	out := bp.State{Globals: make([]bool, len(u.globals))}
	for i, v := range u.globals {
		if v == vX {
			out.Globals[i] = after.Globals[i]
		} else {
			out.Globals[i] = v == v1
		}
	}
	for _, ut := range u.threads {
		t := bp.ThreadState{ID: int(ut.id), Proc: int(ut.proc), PC: int(ut.pc), Atomic: ut.atomic, Locals: make([]bool, len(ut.locals))}
		var et, old *bp.ThreadState
		if eid, ok := toEngine[ut.id]; ok {
			et = after.Thread(eid)
		}
		old = before.Thread(int(ut.id))
		for i, v := range ut.locals {
			switch {
			case v != vX:
				t.Locals[i] = v == v1
			case et != nil:
				t.Locals[i] = et.Locals[i]
			case old != nil:
				t.Locals[i] = old.Locals[i]
			}
		}
		out.Threads = append(out.Threads, t)
	}
	return out
}

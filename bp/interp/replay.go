package interp

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// Replay checks that tr is an execution of prog that violates the property
// of opts: it starts in an initial state, every step is one the semantics
// allows from the state before it (for some choice of its
// non-deterministic values) and leads to the next state, and it ends in a
// failing assertion or at the label. Locals dead at a thread's new pc may
// hold any value. A nil error means the counterexample is real.
func Replay(prog *bp.Program, opts Options, tr *bp.Trace) error {
	if tr == nil {
		return fmt.Errorf("no trace")
	}
	an := analyse(prog, opts)
	first := tr.Final
	if len(tr.Steps) > 0 {
		first = tr.Steps[0].Before
	}
	if err := checkInitial(prog, &first); err != nil {
		return err
	}
	maxID := 0
	for i, step := range tr.Steps {
		before := &step.Before
		if err := checkShape(prog, before); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		ti := -1
		for k, t := range before.Threads {
			if t.ID == step.Thread {
				ti = k
			}
		}
		if ti < 0 {
			return fmt.Errorf("step %d: thread %d does not exist", i, step.Thread)
		}
		t := before.Threads[ti]
		if t.Proc != step.Proc || t.PC != step.PC {
			return fmt.Errorf("step %d: thread %d is at %d/%d, not %d/%d", i, t.ID, t.Proc, t.PC, step.Proc, step.PC)
		}
		for _, o := range before.Threads {
			if o.Atomic && o.ID != t.ID {
				return fmt.Errorf("step %d: thread %d runs while thread %d is in an atomic section", i, t.ID, o.ID)
			}
		}
		s := fromConcrete(before)
		bound := 1 << 30
		if step.Suppressed {
			if an.blockStarts {
				return fmt.Errorf("step %d: a suppressed thread start, but broadcasts block on every live thread", i)
			}
			bound = 0
		}
		x := &stepper{prog: prog, an: an, bound: bound}
		last := i == len(tr.Steps)-1
		if st := &prog.Procs[t.Proc].Steps[t.PC]; wideAssign(st) {
			next := &tr.Final
			if !last {
				next = &tr.Steps[i+1].Before
			}
			ok, err := replayWide(an, &s, ti, st, next, func(u *state) bool {
				return matches(an, u, next, before, step.Thread, maxID, false)
			})
			if err != nil {
				return fmt.Errorf("step %d: %w", i, err)
			}
			if !ok {
				return fmt.Errorf("step %d (%s): no execution of the step leads to the next state", i, prog.Position(st))
			}
			if last && tr.Kind == bp.AssertionFails {
				return fmt.Errorf("step %d: the assertion cannot fail here", i)
			}
			for _, nt := range next.Threads {
				maxID = max(maxID, nt.ID)
			}
			continue
		}
		var succs []state
		fails := x.exec(&s, ti, stepInfo{}, func(n state, moved, created int, info stepInfo) {
			succs = append(succs, n)
		})
		if x.err != nil {
			return fmt.Errorf("step %d: %w", i, x.err)
		}
		if last && tr.Kind == bp.AssertionFails {
			if !fails {
				return fmt.Errorf("step %d: the assertion cannot fail here", i)
			}
			return nil
		}
		next := &tr.Final
		if !last {
			next = &tr.Steps[i+1].Before
		}
		ok := false
		broadcast := prog.Procs[t.Proc].Steps[t.PC].Broadcast()
		for k := range succs {
			if matches(an, &succs[k], next, before, step.Thread, maxID, broadcast) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("step %d (%s): no execution of the step leads to the next state", i,
				prog.Position(&prog.Procs[t.Proc].Steps[t.PC]))
		}
		for _, nt := range next.Threads {
			if nt.ID > maxID {
				maxID = nt.ID
			}
		}
	}
	switch tr.Kind {
	case bp.LabelReached:
		if opts.Label == "" {
			return fmt.Errorf("a label trace, but the property is assertions")
		}
		for _, t := range tr.Final.Threads {
			if t.Proc < len(an.target) && t.PC < len(an.target[t.Proc]) && an.target[t.Proc][t.PC] {
				return nil
			}
		}
		return fmt.Errorf("no thread is at label %s in the final state", opts.Label)
	default:
		return fmt.Errorf("the trace does not end in a failing assertion")
	}
}

func checkInitial(prog *bp.Program, s *bp.State) error {
	if err := checkShape(prog, s); err != nil {
		return fmt.Errorf("initial state: %w", err)
	}
	if len(s.Threads) != 1 {
		return fmt.Errorf("initial state has %d threads, not 1", len(s.Threads))
	}
	t := s.Threads[0]
	if t.ID != 0 || t.Proc != 0 || t.PC != prog.Procs[0].Entry || t.Atomic {
		return fmt.Errorf("initial state: main is not at its entry")
	}
	return nil
}

// checkShape checks that s fits prog, so that executing it cannot index out
// of range.
func checkShape(prog *bp.Program, s *bp.State) error {
	if len(s.Globals) != len(prog.Globals) {
		return fmt.Errorf("%d globals, not %d", len(s.Globals), len(prog.Globals))
	}
	for _, t := range s.Threads {
		if t.Proc < 0 || t.Proc >= len(prog.Procs) {
			return fmt.Errorf("thread %d: no proc %d", t.ID, t.Proc)
		}
		p := prog.Procs[t.Proc]
		if t.PC < 0 || t.PC >= len(p.Steps) || len(t.Locals) != len(p.Locals) {
			return fmt.Errorf("thread %d: bad pc or locals", t.ID)
		}
	}
	return nil
}

func fromConcrete(c *bp.State) state {
	s := state{globals: make([]val, len(c.Globals))}
	for i, b := range c.Globals {
		s.globals[i] = boolVal(b)
	}
	for _, t := range c.Threads {
		lt := thread{id: int32(t.ID), proc: int32(t.Proc), pc: int32(t.PC), atomic: t.Atomic, locals: make([]val, len(t.Locals))}
		for i, b := range t.Locals {
			lt.locals[i] = boolVal(b)
		}
		s.threads = append(s.threads, lt)
		if int32(t.ID) >= s.nextID {
			s.nextID = int32(t.ID) + 1
		}
	}
	return s
}

// matches reports whether the concrete state next is one of the states that
// successor u (which may hold free values X) stands for. The moved thread's
// and a new thread's locals are compared only where live; a new thread
// must have a fresh identity. After a broadcast, which writes every
// thread, every thread's locals are compared only where live.
func matches(an *analysis, u *state, next, before *bp.State, moved, maxID int, broadcast bool) bool {
	if len(u.globals) != len(next.Globals) || len(u.threads) != len(next.Threads) {
		return false
	}
	for i, v := range u.globals {
		if v != vX && (v == v1) != next.Globals[i] {
			return false
		}
	}
	for k, ut := range u.threads {
		nt := next.Threads[k]
		isNew := before.Thread(int(ut.id)) == nil
		if isNew {
			if nt.ID <= maxID || before.Thread(nt.ID) != nil {
				return false
			}
		} else if int(ut.id) != nt.ID {
			return false
		}
		if int(ut.proc) != nt.Proc || int(ut.pc) != nt.PC || ut.atomic != nt.Atomic || len(ut.locals) != len(nt.Locals) {
			return false
		}
		onlyLive := isNew || int(ut.id) == moved || broadcast
		live := an.live[ut.proc][ut.pc]
		for i, v := range ut.locals {
			if onlyLive && !live.Has(i) {
				continue
			}
			if v != vX && (v == v1) != nt.Locals[i] {
				return false
			}
		}
	}
	return true
}

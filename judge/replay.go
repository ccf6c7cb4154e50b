package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// Replay checks that tr is an execution of prog that violates the property
// of opts: it starts in an initial state, every step is one the semantics
// allows from the state before it (for some choice of its
// non-deterministic values) and leads to the next state, and it ends in a
// failing assertion or at the label. Locals dead at a thread's new pc may
// hold any value. A nil error means the counterexample is real.
//
// Each step is checked on its own, and its cost grows with the step, not
// with the number of its choices: the choices are solved for (solve.go)
// with the values the next state shows, and the solution is executed.
func Replay(prog *bp.Program, opts Options, tr *bp.Trace) error {
	return ReplayContext(context.Background(), prog, opts, tr)
}

// ReplayContext is Replay that ends with ctx's cause once ctx has ended.
func ReplayContext(ctx context.Context, prog *bp.Program, opts Options, tr *bp.Trace) error {
	sem := newSemantics(prog, opts)
	sem.ctx = ctx
	return sem.replay(tr)
}

func (sem *semantics) replay(tr *bp.Trace) error {
	if tr == nil {
		return errors.New("no trace")
	}
	prog := sem.prog
	first := tr.Final
	if len(tr.Steps) > 0 {
		first = tr.Steps[0].Before
	}
	if err := checkInitial(prog, &first); err != nil {
		return err
	}
	maxID := 0
	for i := range tr.Steps {
		if err := sem.stopped(i); err != nil {
			return err
		}
		step := &tr.Steps[i]
		if err := checkShape(prog, &step.Before); err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		ti, err := sem.mover(&step.Before, step)
		if err != nil {
			return fmt.Errorf("step %d: %w", i, err)
		}
		st := sem.Step(&step.Before.Threads[ti])
		if i == len(tr.Steps)-1 && tr.Kind == bp.AssertionFails {
			if _, err := sem.failChoices(&step.Before, ti); err != nil {
				return fmt.Errorf("step %d (%s): %w", i, prog.Position(st), err)
			}
			return nil
		}
		next := &tr.Final
		if i < len(tr.Steps)-1 {
			next = &tr.Steps[i+1].Before
		}
		if err := checkShape(prog, next); err != nil {
			return fmt.Errorf("step %d: the next state: %w", i, err)
		}
		if err := sem.replayStep(step, ti, next, maxID); err != nil {
			return fmt.Errorf("step %d (%s): %w", i, prog.Position(st), err)
		}
		for _, t := range next.Threads {
			maxID = max(maxID, t.ID)
		}
	}
	switch tr.Kind {
	case bp.LabelReached:
		if sem.label == "" {
			return errors.New("a label trace, but the property is assertions")
		}
		if !sem.AtTarget(&tr.Final) {
			return fmt.Errorf("no thread is at label %s in the final state", sem.label)
		}
		return nil
	case bp.AssertionFails:
		return errors.New("the trace does not end in a failing assertion")
	}
	return fmt.Errorf("unknown violation kind %d", tr.Kind)
}

// mover is the index, in the state before step, of the thread the step
// runs; it must be at the step's code.
func (sem *semantics) mover(before *bp.State, step *bp.TraceStep) (int, error) {
	for k := range before.Threads {
		t := &before.Threads[k]
		if t.ID != step.Thread {
			continue
		}
		if t.Proc != step.Proc || t.PC != step.PC {
			return 0, fmt.Errorf("thread %d is at %d/%d, not %d/%d", t.ID, t.Proc, t.PC, step.Proc, step.PC)
		}
		return k, nil
	}
	return 0, fmt.Errorf("thread %d does not exist", step.Thread)
}

// failChoices checks that the assertion thread ti of s is at can fail,
// and returns choices under which it does.
func (sem *semantics) failChoices(s *bp.State, ti int) ([]bool, error) {
	st := sem.Step(&s.Threads[ti])
	if st.Kind != bp.Assert || sem.label != "" {
		return nil, errors.New("the trace ends in a failing assertion, but the last step is not an assertion of the property")
	}
	q := sem.newQuery(s, ti)
	q.must = append(q.must, req{st.Cond, false})
	ch, _, ok, err := q.solve()
	if err != nil {
		return nil, err
	}
	if _, eff, _ := sem.Apply(s, ti, &interp.Resolution{Choices: ch}); !ok || eff != interp.Fails {
		return nil, errors.New("the assertion cannot fail here")
	}
	return ch, nil
}

// replayStep checks that step, run by thread ti, can lead to next.
func (sem *semantics) replayStep(step *bp.TraceStep, ti int, next *bp.State, maxID int) error {
	before := &step.Before
	t := &before.Threads[ti]
	st := sem.Step(t)
	r := interp.Resolution{Suppress: step.Suppressed}
	q := sem.newQuery(before, ti)
	after := next.Thread(t.ID)
	sem.requireControl(q, &r, step.Taken, after)
	switch st.Kind {
	case bp.Assign:
		sem.requireAssign(q, t, after, next, nil)
	case bp.Spawn:
		if step.Suppressed && sem.blockStarts {
			return errors.New("a suppressed thread start, but broadcasts block on every live thread")
		}
		if created := startedThread(before, next); created != nil && !step.Suppressed {
			r.NewID, r.Fresh = created.ID, created.Locals
			sem.requireArgs(q, created)
		}
	case bp.Call:
		if after != nil {
			r.Fresh = after.Locals
			sem.requireArgs(q, after)
		}
	case bp.Return:
		sem.requireResults(q, t, after, next)
	}
	_, ok, err := sem.execute(q, &r, step.Taken, func(u *bp.State) bool {
		return sem.matches(u, next, before, t.ID, maxID, st.Broadcast())
	})
	if err == nil && !ok {
		err = errors.New("no execution of the step leads to the next state")
	}
	return err
}

// requireControl adds to q and r what reaching the thread's pc after the
// step (after, nil if it ended) asks of the step's control: an assume's
// condition true, an assertion's too (unless a label is the property), a
// branch's condition the value that goes there (and the trace's outcome
// taken, -1 if none), a goto's successor that one.
func (sem *semantics) requireControl(q *query, r *interp.Resolution, taken int, after *bp.ThreadState) {
	st := q.st
	switch st.Kind {
	case bp.Assume:
		q.must = append(q.must, req{st.Cond, true})
	case bp.Assert:
		if sem.label == "" {
			q.must = append(q.must, req{st.Cond, true})
		}
	case bp.Branch:
		if want, ok := branchOutcome(st, taken, after); ok {
			q.must = append(q.must, req{st.Cond, want})
		}
	case bp.Goto:
		r.Succ = -1
		for k, pc := range st.Succs {
			if after != nil && pc == after.PC {
				r.Succ = k
			}
		}
	}
}

// execute solves q for the choices of r, runs r through apply and
// returns the state after the step, when the step is taken, agrees with
// the trace's branch outcome taken (-1: none) and accept takes it.
func (sem *semantics) execute(q *query, r *interp.Resolution, taken int, accept func(*bp.State) bool) (bp.State, bool, error) {
	var ok bool
	var err error
	r.Choices, r.Passive, ok, err = q.solve()
	if err != nil || !ok {
		return bp.State{}, false, err
	}
	u, eff, got := sem.Apply(q.s, q.ti, r)
	if eff != interp.Moved || (taken >= 0 && got >= 0 && got != taken) || !accept(&u) {
		return bp.State{}, false, nil
	}
	return u, true, nil
}

// branchOutcome is the value a branch's condition must have to reach
// the thread's next pc (after) and agree with the trace's outcome taken
// (-1: none given); ok is false when either value does.
func branchOutcome(st *bp.Step, taken int, after *bp.ThreadState) (want, ok bool) {
	switch {
	case taken >= 0:
		return taken == 1, true
	case after == nil || st.Then == st.Else:
		return false, false
	}
	return after.PC == st.Then, true
}

// requireAssign adds to q that assignment st's targets take the values
// next shows where they count: every global, the locals live at the
// thread's new pc and, for a broadcast, each passive thread's live
// locals. A thread under the monotone reading whose live locals do not
// change may instead be unable to take the step. mapped, if not nil,
// maps the threads of q's state to those of next (Concretize); otherwise
// they have the same identities.
func (sem *semantics) requireAssign(q *query, t, after *bp.ThreadState, next *bp.State, mapped func(id int) *bp.ThreadState) {
	st := q.st
	for j, ref := range st.Targets {
		var want bool
		switch {
		case ref.Scope == bp.Global:
			if !sem.globalCounts(ref.Index) {
				continue
			}
			want = next.Globals[ref.Index]
		case after != nil && sem.localCounts(t.Proc, st.Next, ref.Index):
			want = after.Locals[ref.Index]
		default:
			continue
		}
		q.must = append(q.must, req{st.Values[j], want})
	}
	for pj, pq := range q.passive {
		if pq == nil {
			continue
		}
		p := &q.s.Threads[pj]
		var np *bp.ThreadState
		if mapped != nil {
			np = mapped(p.ID)
		} else {
			np = next.Thread(p.ID)
		}
		if np == nil {
			pq.mayStay = sem.reading == bp.Monotone
			continue // no thread of next to agree with
		}
		unchanged := true
		for k, ref := range st.PassiveTargets {
			if sem.LiveAt(p.Proc, p.PC, ref.Index) {
				pq.must = append(pq.must, req{st.PassiveValues[k], np.Locals[ref.Index]})
				unchanged = unchanged && np.Locals[ref.Index] == p.Locals[ref.Index]
			}
		}
		pq.mayStay = sem.reading == bp.Monotone && unchanged
	}
}

// requireArgs adds to q that a thread start's arguments take the values
// the started thread shows where they count (its live parameters).
func (sem *semantics) requireArgs(q *query, created *bp.ThreadState) {
	st := q.st
	proc, pc, args := st.SpawnProc, st.SpawnPC, st.SpawnArgs
	if st.Kind == bp.Call {
		proc, pc, args = st.Callee, sem.prog.Procs[st.Callee].Entry, st.Args
	} else if st.CopyLocals {
		return
	}
	params := sem.prog.Procs[proc].Params
	for j, a := range args {
		if sem.localCounts(proc, pc, params[j]) {
			q.must = append(q.must, req{a, created.Locals[params[j]]})
		}
	}
}

// requireResults adds to q that a Return step's values are what the
// caller's results show in next where they count (a global, or a local
// live where the call returns). t is the returning thread before the
// step, after its state in next.
func (sem *semantics) requireResults(q *query, t, after *bp.ThreadState, next *bp.State) {
	if len(t.Stack) == 0 {
		return
	}
	f := &t.Stack[len(t.Stack)-1]
	call := &sem.prog.Procs[f.Proc].Steps[f.PC]
	for j, ref := range call.RetTargets {
		switch {
		case ref.Index < 0:
		case ref.Scope == bp.Global:
			q.must = append(q.must, req{q.st.Values[j], next.Globals[ref.Index]})
		case after != nil && sem.LiveAt(f.Proc, call.Next, ref.Index):
			q.must = append(q.must, req{q.st.Values[j], after.Locals[ref.Index]})
		}
	}
}

// startedThread is the thread of next that before does not have, or nil.
func startedThread(before, next *bp.State) *bp.ThreadState {
	for k := range next.Threads {
		if before.Thread(next.Threads[k].ID) == nil {
			return &next.Threads[k]
		}
	}
	return nil
}

func checkInitial(prog *bp.Program, s *bp.State) error {
	if err := checkShape(prog, s); err != nil {
		return fmt.Errorf("initial state: %w", err)
	}
	if len(s.Threads) != 1 {
		return fmt.Errorf("initial state has %d threads, not 1", len(s.Threads))
	}
	t := s.Threads[0]
	if t.ID != 0 || t.Proc != 0 || t.PC != prog.Procs[0].Entry || t.Atomic || len(t.Stack) > 0 {
		return errors.New("initial state: main is not at its entry")
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
		if len(t.Stack) > 0 != p.Callable {
			return fmt.Errorf("thread %d: a stack of %d frames in %s", t.ID, len(t.Stack), p.Name)
		}
		for k, f := range t.Stack {
			if f.Proc < 0 || f.Proc >= len(prog.Procs) || f.PC < 0 || f.PC >= len(prog.Procs[f.Proc].Steps) ||
				prog.Procs[f.Proc].Steps[f.PC].Kind != bp.Call || len(f.Locals) != len(prog.Procs[f.Proc].Locals) ||
				(k == 0) == prog.Procs[f.Proc].Callable {
				return fmt.Errorf("thread %d: bad frame %d on the stack", t.ID, k)
			}
		}
	}
	return nil
}

// matches reports whether u, the state the step leads to, is next on
// everything that counts: the globals, and each thread's identity, code,
// pc, atomic flag and locals. The moved thread's, a new thread's and,
// after a broadcast, every thread's locals count only where live; a new
// thread must have a fresh identity.
func (sem *semantics) matches(u, next, before *bp.State, moved, maxID int, broadcast bool) bool {
	if len(u.Threads) != len(next.Threads) {
		return false
	}
	for i, v := range u.Globals {
		if v != next.Globals[i] {
			return false
		}
	}
	for k := range u.Threads {
		ut, nt := &u.Threads[k], &next.Threads[k]
		isNew := before.Thread(ut.ID) == nil
		if ut.ID != nt.ID || (isNew && nt.ID <= maxID) {
			return false
		}
		if ut.Proc != nt.Proc || ut.PC != nt.PC || ut.Atomic != nt.Atomic || !sem.SameStacks(ut.Stack, nt.Stack) {
			return false
		}
		onlyLive := isNew || ut.ID == moved || broadcast
		for i, v := range ut.Locals {
			if onlyLive && !sem.LiveAt(ut.Proc, ut.PC, i) {
				continue
			}
			if v != nt.Locals[i] {
				return false
			}
		}
	}
	return true
}

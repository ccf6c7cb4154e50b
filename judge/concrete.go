package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
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
// every later step stays possible; where it is dead, the step's choices
// give it the engine's value if they can (a greedy pass, one value after
// another), so a dead variable keeps its last assigned value and every
// constraint holds for the values shown. The choices are solved for, so
// a step with many of them costs what its constraint costs, not 2^choices.
//
// A start that the thread bound suppressed becomes a thread that is
// started and never runs, so that a client that counts thread starts
// sees every started thread; thread identities are renumbered in start
// order (0 is main). Every step of the result has Suppressed false.
//
// Each step of the result records the choices it took (TraceStep.Choices;
// a failing assertion's, choices under which it fails), so that a trace
// can show the value each * took: no state holds them.
//
// The result passes Replay. An error means that tr does not replay
// (Concretize relies on its live values); callers then keep tr.
func Concretize(prog *bp.Program, opts Options, tr *bp.Trace) (*bp.Trace, error) {
	return newSemantics(prog, opts).concretize(tr)
}

// ConcretizeSlice is Concretize for a trace of the sliced program sl.Prog
// (its states expanded by sl.Expand): the values of the variables the
// slice cut are not the trace's but those the original's steps compute,
// and the result is a trace of sl.Orig that passes Replay on it.
func ConcretizeSlice(sl *bp.Slice, opts Options, tr *bp.Trace) (*bp.Trace, error) {
	return concretizeSlice(context.Background(), sl, opts, tr)
}

// concretizeSlice is ConcretizeSlice that ends with ctx's cause once ctx
// has ended.
func concretizeSlice(ctx context.Context, sl *bp.Slice, opts Options, tr *bp.Trace) (*bp.Trace, error) {
	sem := newSemantics(sl.Orig, opts)
	sem.slice, sem.sliceLive, sem.ctx = sl, sl.Prog.Live(), ctx
	return sem.concretize(sl.Expand(tr))
}

func (sem *semantics) concretize(tr *bp.Trace) (*bp.Trace, error) {
	if tr == nil {
		return nil, errors.New("no trace")
	}
	prog := sem.prog
	first := tr.Final
	if len(tr.Steps) > 0 {
		first = tr.Steps[0].Before
	}
	if err := checkInitial(prog, &first); err != nil {
		return nil, err
	}
	c := &concretizer{sem: sem, cur: first.Clone(), toEngine: map[int]int{0: 0}, fromEngine: map[int]int{0: 0}, nextID: 1}
	out := &bp.Trace{Kind: tr.Kind}
	for i := range tr.Steps {
		if err := sem.stopped(i); err != nil {
			return nil, err
		}
		step := &tr.Steps[i]
		id, ok := c.fromEngine[step.Thread]
		if !ok {
			return nil, fmt.Errorf("step %d: thread %d was never started", i, step.Thread)
		}
		out.Steps = append(out.Steps, bp.TraceStep{Thread: id, Proc: step.Proc, PC: step.PC, Before: c.cur.Clone(), Taken: step.Taken})
		var err error
		if i == len(tr.Steps)-1 && tr.Kind == bp.AssertionFails {
			out.Steps[i].Choices, err = c.fail(step, id)
		} else {
			after := &tr.Final
			if i < len(tr.Steps)-1 {
				after = &tr.Steps[i+1].Before
			}
			out.Steps[i].Choices, err = c.step(step, id, after)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i, prog.Position(&prog.Procs[step.Proc].Steps[step.PC]), err)
		}
	}
	if tr.Kind == bp.AssertionFails && len(out.Steps) > 0 {
		out.Final = out.Steps[len(out.Steps)-1].Before.Clone()
	} else {
		out.Final = c.cur
	}
	strict := *sem // the cut variables count again
	strict.slice, strict.sliceLive = nil, nil
	if err := strict.replay(out); err != nil {
		return nil, fmt.Errorf("the concrete trace does not replay: %w", err)
	}
	return out, nil
}

// concretizer is Concretize's execution so far.
type concretizer struct {
	sem *semantics
	cur bp.State
	// toEngine maps this execution's thread identities to the engine's;
	// started threads that the engine suppressed have none.
	toEngine, fromEngine map[int]int
	nextID               int
}

// mover is the index in the current state of thread id, which runs the
// engine's step: it must be at the step's code.
func (c *concretizer) mover(step *bp.TraceStep, id int) (int, error) {
	for k := range c.cur.Threads {
		if t := &c.cur.Threads[k]; t.ID == id && t.Proc == step.Proc && t.PC == step.PC {
			return k, nil
		}
	}
	return -1, fmt.Errorf("thread %d is not at %d/%d", step.Thread, step.Proc, step.PC)
}

// fail returns choices under which the engine's last step, a failing
// assertion run by thread id here, fails: the values its * take in the
// execution (a * of a condition may decide it).
func (c *concretizer) fail(step *bp.TraceStep, id int) ([]bool, error) {
	ti, err := c.mover(step, id)
	if err != nil {
		return nil, err
	}
	return c.sem.failChoices(&c.cur, ti)
}

// step executes the engine's step (thread id here) so that the state
// after it agrees with the engine's state after, and returns the choices
// it took.
func (c *concretizer) step(step *bp.TraceStep, id int, after *bp.State) ([]bool, error) {
	sem := c.sem
	ti, err := c.mover(step, id)
	if err != nil {
		return nil, err
	}
	t := &c.cur.Threads[ti]
	st := sem.Step(t)
	engine := func(id int) *bp.ThreadState {
		if eid, ok := c.toEngine[id]; ok {
			return after.Thread(eid)
		}
		return nil
	}
	et := engine(id)
	r := interp.Resolution{}
	q := sem.newQuery(&c.cur, ti)
	sem.requireControl(q, &r, step.Taken, et)
	switch st.Kind {
	case bp.Assign:
		sem.requireAssign(q, t, et, after, engine)
		c.preferEngine(q, t, et, after, engine)
	case bp.Spawn:
		r.NewID = c.nextID
		r.Fresh = make([]bool, len(sem.prog.Procs[st.SpawnProc].Locals))
		if !step.Suppressed {
			created := startedThread(&step.Before, after)
			if created == nil {
				return nil, errors.New("the started thread is not in the next state")
			}
			c.toEngine[c.nextID], c.fromEngine[created.ID] = created.ID, c.nextID
			copy(r.Fresh, created.Locals)
			sem.requireArgs(q, created)
		}
		c.nextID++
	case bp.Call:
		if et != nil {
			r.Fresh = et.Locals
			sem.requireArgs(q, et)
		}
	case bp.Return:
		sem.requireResults(q, t, et, after)
	}
	u, ok, err := sem.execute(q, &r, step.Taken, func(u *bp.State) bool { return c.agrees(u, after) })
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("no execution of the step agrees with the trace's live values")
	}
	c.cur = u
	return r.Choices, nil
}

// preferEngine asks q to give the targets of an assignment the engine's
// values where they do not count (dead locals), so that the values shown
// are the engine's wherever an execution allows.
func (c *concretizer) preferEngine(q *query, t, et *bp.ThreadState, after *bp.State, engine func(int) *bp.ThreadState) {
	st := q.st
	for j, ref := range st.Targets {
		if ref.Scope == bp.Local && et != nil && !c.sem.LiveAt(t.Proc, st.Next, ref.Index) {
			q.soft = append(q.soft, req{st.Values[j], et.Locals[ref.Index]})
		}
	}
	for pj, pq := range q.passive {
		if pq == nil {
			continue
		}
		p := &q.s.Threads[pj]
		ep := engine(p.ID)
		if ep == nil {
			continue
		}
		for k, ref := range st.PassiveTargets {
			if !c.sem.LiveAt(p.Proc, p.PC, ref.Index) {
				pq.soft = append(pq.soft, req{st.PassiveValues[k], ep.Locals[ref.Index]})
			}
		}
	}
}

// agrees reports whether u agrees with the engine's state after on
// everything the engine's trace determines: the globals, and every
// engine thread's pc, atomic flag and live locals. The threads the
// engine suppressed are free.
func (c *concretizer) agrees(u, after *bp.State) bool {
	for i, v := range u.Globals {
		if v != after.Globals[i] && c.sem.globalCounts(i) {
			return false
		}
	}
	mapped := 0
	for k := range u.Threads {
		ut := &u.Threads[k]
		eid, ok := c.toEngine[ut.ID]
		if !ok {
			continue
		}
		et := after.Thread(eid)
		if et == nil {
			return false
		}
		mapped++
		if ut.Proc != et.Proc || ut.PC != et.PC || ut.Atomic != et.Atomic || !c.sem.SameStacks(ut.Stack, et.Stack) {
			return false
		}
		for i, v := range ut.Locals {
			if c.sem.localCounts(ut.Proc, ut.PC, i) && v != et.Locals[i] {
				return false
			}
		}
	}
	return mapped == len(after.Threads)
}

package judge

import (
	"context"
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/tts"
)

// countingMaxStart bounds the initial configurations the check
// enumerates: 2^(globals + main's live locals at its entry). The
// translation takes at most 14 globals and 16 such locals.
const countingMaxStart = 30

// countingInitial checks that every initial configuration of the
// program (main at its entry, not atomic, any globals, any locals, the
// dead ones settled) is one rule away from the system's initial state.
func (c *countingCheck) countingInitial(ctx context.Context) error {
	main := c.prog.Procs[0]
	var free []int
	for i := range main.Locals {
		if c.live[0][main.Entry].Has(i) {
			free = append(free, i)
		}
	}
	if c.nglob+len(free) > countingMaxStart {
		return fmt.Errorf("main has %d locals live at its start and the program %d globals: too many initial configurations to check", len(free), c.nglob)
	}
	t := bp.ThreadState{Proc: 0, PC: main.Entry, Locals: make([]bool, len(main.Locals))}
	for g := range 1 << c.nglob {
		if err := ctx.Err(); err != nil {
			return err
		}
		gs := countingValuation(g, c.nglob)
		s := c.sigma(gs, false)
		if s < 0 {
			return fmt.Errorf("no shared state stands for %s", c.describeGlobals(gs, false))
		}
		for mask := range 1 << len(free) {
			for j, i := range free {
				t.Locals[i] = mask&(1<<j) != 0
			}
			l := c.lambda(&t)
			if l < 0 {
				return fmt.Errorf("no local stands for main at its start, %s", c.describeThread(&t))
			}
			if !c.plainMove(c.start, tts.Thread{Shared: s, Local: l}) {
				return fmt.Errorf("no rule starts the program with %s and %s", c.describeGlobals(gs, false), c.describeThread(&t))
			}
		}
	}
	return nil
}

// countingLocal checks the steps of the thread state that local l
// stands for, with every valuation of the globals: each outcome of the
// reference semantics is matched by rules, a failing assertion or the
// label leads to the target, and the thread states reached have locals.
func (c *countingCheck) countingLocal(ctx context.Context, l int) error {
	t := c.proof.Locals[l].Thread
	t.ID, t.Stack = 0, nil
	st := &c.prog.Procs[t.Proc].Steps[t.PC]
	where := func(gs []bool) string {
		return fmt.Sprintf("local %d (%s) with %s", l, c.describeThread(&t), c.describeGlobals(gs, t.Atomic))
	}
	atLabel := c.label != "" && c.targets[t.Proc][t.PC]
	for g := range 1 << c.nglob {
		if err := ctx.Err(); err != nil {
			return err
		}
		gs := countingValuation(g, c.nglob)
		s := c.sigma(gs, t.Atomic)
		if s < 0 {
			return fmt.Errorf("no shared state stands for %s", c.describeGlobals(gs, t.Atomic))
		}
		from := tts.Thread{Shared: s, Local: l}
		if atLabel {
			// The thread is at the label whether or not it can move.
			for _, lock := range []bool{t.Atomic, true} {
				if s := c.sigma(gs, lock); s < 0 || !c.plainMove(tts.Thread{Shared: s, Local: l}, c.target) {
					return fmt.Errorf("%s: at the label %s, with no rule to the target", where(gs), c.label)
				}
			}
			continue
		}
		var err error
		if st.Broadcast() {
			err = c.countingBroadcast(from, &t, gs)
		} else {
			err = c.countingStep(from, &t, gs)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", where(gs), err)
		}
	}
	return nil
}

// countingStep checks the outcomes of a step that is not a broadcast,
// of thread t alone from (from's) globals gs.
func (c *countingCheck) countingStep(from tts.Thread, t *bp.ThreadState, gs []bool) error {
	s := bp.State{Globals: gs, Threads: []bp.ThreadState{*t}}
	succs, failed, err := c.sem.Successors(&s, 0, 0)
	if err != nil {
		return fmt.Errorf("the reference semantics: %w", err)
	}
	if failed && !c.plainMove(from, c.target) {
		return fmt.Errorf("the assertion can fail, and no rule leads to the target")
	}
	for _, sc := range succs {
		var after, started *bp.ThreadState
		for k := range sc.Next.Threads {
			if sc.Next.Threads[k].ID == t.ID {
				after = &sc.Next.Threads[k]
			} else {
				started = &sc.Next.Threads[k]
			}
		}
		if after == nil {
			if err := c.countingEnd(from, sc.Next.Globals); err != nil {
				return err
			}
			continue
		}
		s2 := c.sigma(sc.Next.Globals, after.Atomic)
		la := c.lambda(after)
		if s2 < 0 || la < 0 {
			return fmt.Errorf("the step reaches %s with %s, which no state stands for", c.describeThread(after), c.describeGlobals(sc.Next.Globals, after.Atomic))
		}
		to := tts.Thread{Shared: s2, Local: la}
		if started != nil {
			if err := c.countingStart(from, t, to, started); err != nil {
				return err
			}
			continue
		}
		if !c.plainMove(from, to) {
			return fmt.Errorf("no rule moves the thread to local %d (%s) with %s", la, c.describeThread(after), c.describeGlobals(sc.Next.Globals, after.Atomic))
		}
	}
	return nil
}

// countingEnd checks that a rule moves the thread to an ended local,
// with globals gs and the lock free.
func (c *countingCheck) countingEnd(from tts.Thread, gs []bool) error {
	s := c.sigma(gs, false)
	if s >= 0 {
		for _, e := range c.ended {
			if c.plainMove(from, tts.Thread{Shared: s, Local: e}) {
				return nil
			}
		}
	}
	return fmt.Errorf("the thread ends with %s, and no rule moves it to an ended local", c.describeGlobals(gs, false))
}

// countingStart checks that three rules start the thread: a move of the
// creator (thread t) to a local standing for it mid-start at the shared
// state of phase 1, a spawn of the new thread from there (phase 2), and
// a move of the creator on to `to`, where it is after the step.
func (c *countingCheck) countingStart(from tts.Thread, t *bp.ThreadState, to tts.Thread, started *bp.ThreadState) error {
	ln := c.lambda(started)
	if ln < 0 {
		return fmt.Errorf("the step starts a thread in %s, which no local stands for", c.describeThread(started))
	}
	phase := func(s, n int) bool {
		m := &c.proof.Shared[s]
		at := &c.proof.Shared[from.Shared]
		return m.Kind == engine.CounterGlobals && m.Phase == n && m.Lock == at.Lock && countingGlobals(m.Globals) == countingGlobals(at.Globals)
	}
	for _, ri := range c.from(from) {
		r := &c.rules[ri]
		pend := &c.proof.Locals[r.To.Local]
		if r.Kind != tts.Move || len(r.Passes) > 0 || pend.Kind != engine.CounterStarting || pend.After != to.Local ||
			countingKey(&pend.Thread) != countingKey(t) || !phase(r.To.Shared, 1) {
			continue
		}
		for _, si := range c.from(r.To) {
			sr := &c.rules[si]
			if sr.Kind == tts.Spawn && sr.To.Local == ln && phase(sr.To.Shared, 2) &&
				c.plainMove(tts.Thread{Shared: sr.To.Shared, Local: r.To.Local}, to) {
				return nil
			}
		}
	}
	return fmt.Errorf("no three rules start a thread in local %d (%s) and move the creator on to local %d", ln, c.describeThread(started), to.Local)
}

// countingBroadcast checks a broadcast of thread t from globals gs
// under the monotone reading: for every outcome of the active part, one
// rule moves the active thread there, lets every passive thread state
// go to each of its outcomes with it (or stay, with none), and keeps
// the ended threads in place.
func (c *countingCheck) countingBroadcast(from tts.Thread, t *bp.ThreadState, gs []bool) error {
	// The active outcomes, by the state after the active part, dead
	// locals included: the passive part may read them, so two active
	// outcomes that differ only there are two outcomes of the passive
	// threads.
	type active struct {
		to    tts.Thread
		rules []int32 // the rules still able to match
	}
	outcomes := map[string]*active{}
	var order []string
	s := bp.State{Globals: gs, Threads: []bp.ThreadState{*t}}
	succs, _, err := c.sem.Successors(&s, 0, 0)
	if err != nil {
		return fmt.Errorf("the reference semantics: %w", err)
	}
	for _, sc := range succs {
		a := &sc.Next.Threads[0]
		s2, la := c.sigma(sc.Next.Globals, a.Atomic), c.lambda(a)
		if s2 < 0 || la < 0 {
			return fmt.Errorf("the broadcast reaches %s with %s, which no state stands for", c.describeThread(a), c.describeGlobals(sc.Next.Globals, a.Atomic))
		}
		o := &active{to: tts.Thread{Shared: s2, Local: la}}
		for _, ri := range c.between(from, o.to) {
			if r := &c.rules[ri]; r.Kind == tts.Move && c.keepsEnded(r) {
				o.rules = append(o.rules, ri)
			}
		}
		if len(o.rules) == 0 {
			return fmt.Errorf("no rule moves the broadcasting thread to local %d (%s) with the ended threads in place", la, c.describeThread(a))
		}
		k := countingActiveKey(&sc.Next)
		outcomes[k] = o
		order = append(order, k)
	}
	two := bp.State{Globals: gs, Threads: []bp.ThreadState{*t, {ID: 1}}}
	for _, u := range c.passive {
		p := c.proof.Locals[u].Thread
		p.ID, p.Stack = 1, nil
		two.Threads[1] = p
		succs, _, err := c.sem.Successors(&two, 0, 0)
		if err != nil {
			return fmt.Errorf("the reference semantics, with a passive thread in local %d: %w", u, err)
		}
		// The passive thread's outcomes, by active outcome.
		outs := map[string][]int{}
		for _, sc := range succs {
			k := countingActiveKey(&sc.Next)
			if _, ok := outcomes[k]; !ok {
				return fmt.Errorf("with a passive thread in local %d, the broadcast has an active outcome it does not have alone", u)
			}
			x := c.lambda(&sc.Next.Threads[1])
			if x < 0 {
				return fmt.Errorf("the broadcast takes a passive thread in local %d to %s, which no local stands for", u, c.describeThread(&sc.Next.Threads[1]))
			}
			outs[k] = append(outs[k], x)
		}
		for _, k := range order {
			o := outcomes[k]
			kept := o.rules[:0]
			for _, ri := range o.rules {
				r := &c.rules[ri]
				ok := true
				for _, x := range outs[k] {
					ok = ok && c.lets(r, u, x)
				}
				if ok {
					kept = append(kept, ri)
				}
			}
			if o.rules = kept; len(kept) == 0 {
				return fmt.Errorf("no rule moves the broadcasting thread to local %d and lets a passive thread in local %d (%s) go where it may", o.to.Local, u, c.describeThread(&p))
			}
		}
	}
	return nil
}

// keepsEnded reports whether r lets every thread in an ended local stay.
func (c *countingCheck) keepsEnded(r *tts.Rule) bool {
	for _, e := range c.ended {
		if !c.lets(r, e, e) {
			return false
		}
	}
	return true
}

// countingActiveKey identifies the outcome of a broadcast's active part
// (thread 0 of next): the globals and the active thread's state after
// it, dead locals included.
func countingActiveKey(next *bp.State) string {
	b := []byte(countingKey(&next.Threads[0]))
	for _, v := range next.Globals {
		b = append(b, byte(boolIndex(v)))
	}
	return string(b)
}

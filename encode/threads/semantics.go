package threads

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// The one-thread semantics the translation is made of: every outcome of
// one step of one thread on concrete values. It is written for this
// package and shares no code with bp/interp, the reference semantics:
// the judge (package judge) checks the system built here against
// bp/interp's steps, so that a mistake here is caught there instead of
// being repeated on both sides.
//
// A step's non-determinism is a mask: each `*` and schoose its step
// reads (and, for a thread start, each local of the new thread that
// begins free) is one bit, and every mask below 1<<bits is one
// resolution. A goto's successor is a loop of its own. Outcomes are
// settled (locals dead at the new pc are false: they are never read
// before they are written, so outcomes that differ only there are one)
// and listed once each.

// ErrTooWide is wrapped by the error of a step with more
// non-deterministic values than the translation enumerates.
var ErrTooWide = errors.New("too many non-deterministic values to enumerate")

// maxChoiceBits bounds the bits of a step's mask: 2^22 resolutions of
// one step of one thread state with one valuation of the globals.
const maxChoiceBits = 22

// outcome is one result of one step of one thread.
type outcome struct {
	globals []bool
	thread  bp.ThreadState // after the step, settled; unused when ended
	ended   bool
	started *bp.ThreadState // the thread a start made, settled
	taken   int             // a branch: 1 then, 0 else; -1 otherwise
	// full is, for a broadcast, the thread's locals after its part of the
	// step, the dead ones too: the passive part reads them ('x), so two
	// outcomes that differ only there are two rules.
	full []bool
}

// plan is what the semantics needs of a step, worked out once: which
// choice is which bit of the mask, for the step's own terms and for the
// passive part of a broadcast, and the started thread's free locals.
type plan struct {
	st    *bp.Step
	bit   []int // choice number -> bit of the mask; -1: not read
	bits  int   // bits of the active mask, fresh locals included
	fresh []int // a start: the new thread's locals that begin free (live at its start)
	pbit  []int // passive choice number -> bit
	pbits int
}

// semantics runs steps of one program for one property.
type semantics struct {
	prog  *bp.Program
	label string // with a label, assertions are neither checked nor blocking
	live  [][]bp.Bits
	plans [][]*plan // [proc][pc], made on first use
}

func newSemantics(prog *bp.Program, label string) *semantics {
	sem := &semantics{prog: prog, label: label, live: prog.Live()}
	for _, proc := range prog.Procs {
		sem.plans = append(sem.plans, make([]*plan, len(proc.Steps)))
	}
	return sem
}

// plan is the plan of the step thread t is at.
func (sem *semantics) plan(t *bp.ThreadState) (*plan, error) {
	if pl := sem.plans[t.Proc][t.PC]; pl != nil {
		return pl, nil
	}
	st := &sem.prog.Procs[t.Proc].Steps[t.PC]
	pl := &plan{st: st}
	pl.bit, pl.bits = numberChoices(st.Choices, append(append(append([]*bp.Term{st.Constraint, st.Cond}, st.Values...), st.SpawnArgs...), st.Args...))
	pl.pbit, pl.pbits = numberChoices(st.PassiveChoices, append([]*bp.Term{st.PassiveConstraint}, st.PassiveValues...))
	if st.Kind == bp.Spawn && !st.CopyLocals {
		np := sem.prog.Procs[st.SpawnProc]
		for i := len(sem.prog.ThreadLocals); i < len(np.Locals); i++ {
			if !slices.Contains(np.Params, i) && sem.live[st.SpawnProc][st.SpawnPC].Has(i) {
				pl.fresh = append(pl.fresh, i)
			}
		}
		pl.bits += len(pl.fresh)
	}
	if max(pl.bits, pl.pbits) > maxChoiceBits {
		return nil, fmt.Errorf("%s: the step has %d non-deterministic values: %w", sem.prog.Position(st), max(pl.bits, pl.pbits), ErrTooWide)
	}
	sem.plans[t.Proc][t.PC] = pl
	return pl, nil
}

// numberChoices gives each choice (of n) that terms read a bit, in the
// order of the choice numbers.
func numberChoices(n int, terms []*bp.Term) (bit []int, bits int) {
	read := make([]bool, n)
	var walk func(t *bp.Term)
	walk = func(t *bp.Term) {
		if t == nil {
			return
		}
		if t.Op == bp.TNondet || t.Op == bp.TChoose {
			read[t.Choice] = true
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, t := range terms {
		walk(t)
	}
	bit = make([]int, n)
	for c := range bit {
		bit[c] = -1
		if read[c] {
			bit[c] = bits
			bits++
		}
	}
	return bit, bits
}

// world is what a term of one step reads: values before (now) and after
// (next) the step, each by scope (bp.Global, bp.Local), a passive
// thread's locals before and after, and the resolution's mask.
type world struct {
	now, next   [2][]bool
	pnow, pnext []bool
	mask        uint64
	bit         []int
}

func (w *world) truth(t *bp.Term) bool {
	switch t.Op {
	case bp.TConst:
		return t.Val
	case bp.TVar:
		switch {
		case t.Passive && t.Primed:
			return w.pnext[t.Ref.Index]
		case t.Passive:
			return w.pnow[t.Ref.Index]
		case t.Primed:
			return w.next[t.Ref.Scope][t.Ref.Index]
		}
		return w.now[t.Ref.Scope][t.Ref.Index]
	case bp.TNondet:
		return w.chosen(t.Choice)
	case bp.TNot:
		return !w.truth(t.Args[0])
	case bp.TAnd:
		return w.truth(t.Args[0]) && w.truth(t.Args[1])
	case bp.TOr:
		return w.truth(t.Args[0]) || w.truth(t.Args[1])
	case bp.TXor:
		return w.truth(t.Args[0]) != w.truth(t.Args[1])
	case bp.TIff:
		return w.truth(t.Args[0]) == w.truth(t.Args[1])
	case bp.TImplies:
		return !w.truth(t.Args[0]) || w.truth(t.Args[1])
	case bp.TChoose:
		if w.truth(t.Args[0]) {
			return true
		}
		return !w.truth(t.Args[1]) && w.chosen(t.Choice)
	}
	panic(fmt.Sprintf("threads: term operator %d", t.Op))
}

func (w *world) chosen(c int) bool { return w.mask>>uint(w.bit[c])&1 == 1 }

// settle is locals with those dead at pc of proc false, a copy.
func (sem *semantics) settle(proc, pc int, locals []bool) []bool {
	out := make([]bool, len(locals))
	live := sem.live[proc][pc]
	for i, v := range locals {
		out[i] = v && live.Has(i)
	}
	return out
}

// outcomes lists every outcome of the step of thread t on globals g,
// each once; fails reports that some resolution fails an assertion.
// Steps that other threads take part in are only the active part here:
// a broadcast's passive part is passive, and the lock is the caller's.
func (sem *semantics) outcomes(g []bool, t bp.ThreadState) (outs []outcome, fails bool, err error) {
	pl, err := sem.plan(&t)
	if err != nil {
		return nil, false, err
	}
	st := pl.st
	seen := map[string]bool{}
	add := func(o outcome) {
		if k := o.key(); !seen[k] {
			seen[k] = true
			outs = append(outs, o)
		}
	}
	// at is t moved to pc with globals gs and locals ls (not yet settled).
	at := func(gs, ls []bool, pc, taken int) outcome {
		n := t
		n.PC = pc
		n.Locals = sem.settle(t.Proc, pc, ls)
		return outcome{globals: gs, thread: n, taken: taken}
	}
	w := &world{now: [2][]bool{g, t.Locals}, bit: pl.bit}
	switch st.Kind {
	case bp.Skip:
		add(at(g, t.Locals, st.Next, -1))
	case bp.AtomicBegin, bp.AtomicEnd:
		o := at(g, t.Locals, st.Next, -1)
		o.thread.Atomic = st.Kind == bp.AtomicBegin
		add(o)
	case bp.Goto:
		for _, pc := range st.Succs {
			add(at(g, t.Locals, pc, -1))
		}
	case bp.EndThread:
		add(outcome{globals: g, ended: true, taken: -1})
	case bp.Assume, bp.Assert, bp.Branch:
		for w.mask = 0; w.mask < 1<<pl.bits; w.mask++ {
			holds := w.truth(st.Cond)
			switch {
			case st.Kind == bp.Branch && holds:
				add(at(g, t.Locals, st.Then, 1))
			case st.Kind == bp.Branch:
				add(at(g, t.Locals, st.Else, 0))
			case st.Kind == bp.Assert && !holds && sem.label == "":
				fails = true
			case holds || st.Kind == bp.Assert:
				add(at(g, t.Locals, st.Next, -1))
			}
		}
	case bp.Assign:
		for w.mask = 0; w.mask < 1<<pl.bits; w.mask++ {
			if o, ok := sem.assign(w, st, t); ok {
				add(o)
			}
		}
	case bp.Spawn:
		for w.mask = 0; w.mask < 1<<pl.bits; w.mask++ {
			add(sem.start(w, pl, t))
		}
	default:
		return nil, false, fmt.Errorf("%s: a %s step has no thread-transition rules (recursive functions are not translated)", sem.prog.Position(st), st.Kind)
	}
	return outs, fails, nil
}

// assign is the active part of an assignment under w's mask: the targets
// take the values the terms have before the step, and the constraint
// must hold between before and after.
func (sem *semantics) assign(w *world, st *bp.Step, t bp.ThreadState) (outcome, bool) {
	gs, ls := slices.Clone(w.now[bp.Global]), slices.Clone(w.now[bp.Local])
	after := [2][]bool{gs, ls}
	vals := make([]bool, len(st.Values))
	for j, v := range st.Values {
		vals[j] = w.truth(v)
	}
	for j, ref := range st.Targets {
		after[ref.Scope][ref.Index] = vals[j]
	}
	w.next = after
	if st.Constraint != nil && !w.truth(st.Constraint) {
		return outcome{}, false
	}
	n := t
	n.PC = st.Next
	n.Locals = sem.settle(t.Proc, st.Next, ls)
	o := outcome{globals: gs, thread: n, taken: -1}
	if st.Broadcast() {
		o.full = ls
	}
	return o, true
}

// start is a thread start under w's mask: the creator moves on, and the
// new thread begins at its place with a copy of the creator's locals
// (start_thread goto), or with the creator's thread-locals, the
// arguments in its parameters and the free locals from the mask's high
// bits.
func (sem *semantics) start(w *world, pl *plan, t bp.ThreadState) outcome {
	st := pl.st
	creator := t
	creator.PC = st.Next
	creator.Locals = sem.settle(t.Proc, st.Next, t.Locals)
	np := sem.prog.Procs[st.SpawnProc]
	locals := make([]bool, len(np.Locals))
	if st.CopyLocals {
		copy(locals, t.Locals)
	} else {
		copy(locals, t.Locals[:len(sem.prog.ThreadLocals)])
		for j, a := range st.SpawnArgs {
			locals[np.Params[j]] = w.truth(a)
		}
		first := pl.bits - len(pl.fresh)
		for j, i := range pl.fresh {
			locals[i] = w.mask>>uint(first+j)&1 == 1
		}
	}
	nt := bp.ThreadState{Proc: st.SpawnProc, PC: st.SpawnPC, Locals: sem.settle(st.SpawnProc, st.SpawnPC, locals)}
	return outcome{globals: w.now[bp.Global], thread: creator, started: &nt, taken: -1}
}

// passive lists what thread u may become in the broadcast of thread t
// (on globals g) whose active part had outcome a, each settled and once;
// none when no resolution of its part satisfies its constraint (under
// the monotone reading it then stays as it is, under the blocking one
// the step is not possible).
func (sem *semantics) passive(g []bool, t bp.ThreadState, a *outcome, u bp.ThreadState) ([]bp.ThreadState, error) {
	pl, err := sem.plan(&t)
	if err != nil {
		return nil, err
	}
	st := pl.st
	w := &world{now: [2][]bool{g, t.Locals}, next: [2][]bool{a.globals, a.full}, pnow: u.Locals, bit: pl.pbit}
	var outs []bp.ThreadState
	vals := make([]bool, len(st.PassiveValues))
	for w.mask = 0; w.mask < 1<<pl.pbits; w.mask++ {
		for k, v := range st.PassiveValues {
			vals[k] = w.truth(v)
		}
		ls := slices.Clone(u.Locals)
		for k, ref := range st.PassiveTargets {
			ls[ref.Index] = vals[k]
		}
		w.pnext = ls
		if st.PassiveConstraint != nil && !w.truth(st.PassiveConstraint) {
			continue
		}
		n := u
		n.Locals = sem.settle(u.Proc, u.PC, ls)
		if !slices.ContainsFunc(outs, func(o bp.ThreadState) bool { return sameState(o, n) }) {
			outs = append(outs, n)
		}
	}
	return outs, nil
}

// isBroadcast reports whether thread t is at a broadcast assignment.
func (sem *semantics) isBroadcast(t *bp.ThreadState) bool {
	return sem.prog.Procs[t.Proc].Steps[t.PC].Broadcast()
}

func sameState(a, b bp.ThreadState) bool {
	return a.Proc == b.Proc && a.PC == b.PC && a.Atomic == b.Atomic && slices.Equal(a.Locals, b.Locals)
}

// key identifies an outcome by everything it holds.
func (o *outcome) key() string {
	b := make([]byte, 0, 32)
	b = append(b, byte(o.taken+1), boolByte(o.ended))
	b = appendBools(b, o.globals)
	if !o.ended {
		b = appendState(b, &o.thread)
	}
	if o.started != nil {
		b = appendState(append(b, '+'), o.started)
	}
	if o.full != nil {
		b = appendBools(append(b, '!'), o.full)
	}
	return string(b)
}

func appendState(b []byte, t *bp.ThreadState) []byte {
	b = fmt.Appendf(b, "%d.%d.%d:", t.Proc, t.PC, boolByte(t.Atomic))
	return appendBools(b, t.Locals)
}

func appendBools(b []byte, vs []bool) []byte {
	for _, v := range vs {
		b = append(b, '0'+boolByte(v))
	}
	return b
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

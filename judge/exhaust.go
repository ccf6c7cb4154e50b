package judge

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// The explicit and symbolic engines prove by exhausting their search and
// keep no certificate (engine.Search). Where that search is small, the
// judge does it again, with code of its own and the reference semantics:
// every interleaving, no partial-order reduction, states as bp/interp
// has them. If its search ends within its budget and meets no violation,
// the answer is checked; past the budget the answer trusts the engine,
// and says so. The budget is in states, not time, so that whether an
// answer is checked is the same on every run.
//
// Initial values are not enumerated: a variable the program has not
// written yet is unknown, and a step that reads unknown values is taken
// from each of their valuations (the state splits), so that a program's
// 2^globals initial states cost only what its steps read of them. A
// state with unknown values stands for all of its completions, and every
// execution of the program is one of the search's.

// The budget of the judge's search, in states, is exhaustFactor times
// the engine's own states, within [minExhaust, maxExhaust]; an engine's
// search of more than maxExhaust states is not repeated at all. The
// judge's search stores more states than the explicit engine's, which
// reduces interleavings, and each costs it 6 to 50 µs (the more threads,
// the more: 3 to 20 times the explicit engine's). A budget spent without
// an answer is lost, so it is small: on benchmarks/vbs.tsv every search
// the judge could repeat took at most 2,000 states, and with 4,000 at
// most the lost time is a few hundredths of a second (docs/judge.md).
const (
	exhaustFactor = 2
	minExhaust    = 2_000
	maxExhaust    = 4_000
)

// maxExhaustChoices bounds the choices of a step in a program the judge
// searches: Successors enumerates 2^choices outcomes of the step from
// every state (WideParity v=16: 0.1 s, where the engine took 0.006 s).
const maxExhaustChoices = 10

// widestStep is the most choices a step of prog has (a broadcast's
// passive choices counted with the step's).
func widestStep(prog *bp.Program) int {
	n := 0
	for _, proc := range prog.Procs {
		for i := range proc.Steps {
			st := &proc.Steps[i]
			n = max(n, st.Choices+st.PassiveChoices)
		}
	}
	return n
}

// maxSplit bounds the unknown values a step may read: it splits the
// state into 2^maxSplit.
const maxSplit = 12

// errOverBudget says that the judge's search did not end within its
// budget, or met what it does not search (a thread start past the bound,
// a step too wide to enumerate, recursion): the answer is not checked.
var errOverBudget = errors.New("over budget")

// xstate is a state whose values may be unknown: known[i] false means
// value i is unknown (and the state stands for both).
type xstate struct {
	s      bp.State
	gKnown []bool
	lKnown map[int][]bool // thread ID -> its locals' knownness
}

// exhaust searches prog at thread bound (0: none) for a violation of the
// property of opts, within budget states. It returns nil when there is
// none, an error describing the violation when there is one, and
// errOverBudget (wrapped) when it could not decide.
func exhaust(ctx context.Context, prog *bp.Program, opts Options, bound, budget int) (int, error) {
	if prog.HasCalls() {
		return 0, fmt.Errorf("%w: recursive functions", errOverBudget)
	}
	sem := newSemantics(prog, opts)
	main := prog.Procs[0]
	init := xstate{
		s:      bp.State{Globals: make([]bool, len(prog.Globals)), Threads: []bp.ThreadState{{Proc: 0, PC: main.Entry, Locals: make([]bool, len(main.Locals))}}},
		gKnown: make([]bool, len(prog.Globals)),
		lKnown: map[int][]bool{0: make([]bool, len(main.Locals))},
	}
	seen := map[string]bool{}
	queue := []xstate{init}
	seen[sem.xkey(&init)] = true
	if sem.AtTarget(&init.s) {
		return len(seen), errors.New("the initial state is at the label")
	}
	if n := widestStep(prog); n > maxExhaustChoices {
		return 0, fmt.Errorf("%w: a step with %d choices", errOverBudget, n)
	}
	for len(queue) > 0 {
		if len(seen) > budget {
			return len(seen), fmt.Errorf("%w: more than %d states", errOverBudget, budget)
		}
		if len(seen)%1024 == 0 && ctx.Err() != nil {
			return len(seen), context.Cause(ctx)
		}
		x := queue[0]
		queue = queue[1:]
		for ti := range x.s.Threads {
			split, err := sem.split(&x, ti)
			if err != nil {
				return len(seen), err
			}
			for _, c := range split {
				succs, failed, err := sem.Successors(&c.s, ti, bound)
				if err != nil {
					return len(seen), fmt.Errorf("%w: %w", errOverBudget, err)
				}
				if failed {
					return len(seen), fmt.Errorf("an assertion fails at %s", prog.Position(sem.Step(&c.s.Threads[ti])))
				}
				for _, sc := range succs {
					if sc.Suppressed {
						return len(seen), fmt.Errorf("%w: a thread start past the bound of %d threads", errOverBudget, bound)
					}
					n := sem.after(&c, ti, &sc.Next)
					if sem.AtTarget(&n.s) {
						return len(seen), fmt.Errorf("a thread reaches label %s", opts.Label)
					}
					if k := sem.xkey(&n); !seen[k] {
						seen[k] = true
						queue = append(queue, n)
					}
				}
			}
		}
	}
	return len(seen), nil
}

// split is x with every unknown value that the step of thread ti
// reads made known, in each of their valuations.
func (sem *semantics) split(x *xstate, ti int) ([]xstate, error) {
	if sem.blockedByAtomic(&x.s, ti) {
		return nil, nil
	}
	unknown := unknownReads(x, ti, sem.Step(&x.s.Threads[ti]))
	if len(unknown) == 0 {
		return []xstate{*x}, nil // Successors and after do not change x
	}
	if len(unknown) > maxSplit {
		return nil, fmt.Errorf("%w: a step reads %d unknown values", errOverBudget, len(unknown))
	}
	out := make([]xstate, 0, 1<<len(unknown))
	for mask := 0; mask < 1<<len(unknown); mask++ {
		c := x.clone()
		for j, sl := range unknown {
			v := mask&(1<<j) != 0
			if sl.thread < 0 {
				c.s.Globals[sl.index], c.gKnown[sl.index] = v, true
			} else {
				t := &c.s.Threads[sl.thread]
				t.Locals[sl.index], c.lKnown[t.ID][sl.index] = v, true
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// cell is a value of a state: a global, or a local of a thread.
type cell struct {
	thread int // -1: a global
	index  int
}

// unknownReads are the values of x, unknown there, that step st of
// thread ti reads, each once, in the order st reads them.
func unknownReads(x *xstate, ti int, st *bp.Step) []cell {
	var unknown []cell
	seen := map[cell]bool{}
	add := func(sl cell) {
		known := x.gKnown
		if sl.thread >= 0 {
			known = x.lKnown[x.s.Threads[sl.thread].ID]
		}
		if !known[sl.index] && !seen[sl] {
			seen[sl] = true
			unknown = append(unknown, sl)
		}
	}
	targets := map[bp.VarRef]bool{}
	for _, r := range st.Targets {
		targets[r] = true
	}
	passiveTargets := map[int]bool{}
	for _, r := range st.PassiveTargets {
		passiveTargets[r.Index] = true
	}
	var walk func(t *bp.Term)
	walk = func(t *bp.Term) {
		if t == nil {
			return
		}
		if t.Op == bp.TVar {
			switch {
			case t.Passive && t.Primed && passiveTargets[t.Ref.Index]:
			case t.Passive:
				for pj := range x.s.Threads {
					if pj != ti {
						add(cell{pj, t.Ref.Index})
					}
				}
			case t.Primed && targets[t.Ref]:
			case t.Ref.Scope == bp.Global:
				add(cell{-1, t.Ref.Index})
			default:
				add(cell{ti, t.Ref.Index})
			}
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(st.Cond)
	walk(st.Constraint)
	for _, v := range st.Values {
		walk(v)
	}
	for _, a := range st.SpawnArgs {
		walk(a)
	}
	for _, v := range st.PassiveValues {
		walk(v)
	}
	walk(st.PassiveConstraint)
	return unknown
}

// blockedByAtomic reports whether another thread of s holds an atomic
// section, so that thread ti cannot move (Apply would refuse every
// resolution: no need to split).
func (sem *semantics) blockedByAtomic(s *bp.State, ti int) bool {
	for k := range s.Threads {
		if k != ti && s.Threads[k].Atomic {
			return true
		}
	}
	return false
}

// after is next, the state after the step of thread ti of c, with the
// knownness of its values: what the step wrote is known, what it did not
// touch is as it was, a new thread's locals are known but for the
// thread-locals or the whole copy it got from its creator.
func (sem *semantics) after(c *xstate, ti int, next *bp.State) xstate {
	n := xstate{s: next.Clone(), gKnown: append([]bool(nil), c.gKnown...), lKnown: map[int][]bool{}}
	st := sem.Step(&c.s.Threads[ti])
	mover := c.s.Threads[ti].ID
	for _, t := range n.s.Threads {
		old, ok := c.lKnown[t.ID]
		switch {
		case ok:
			n.lKnown[t.ID] = append([]bool(nil), old...)
		case st.Kind == bp.Spawn && st.CopyLocals:
			n.lKnown[t.ID] = append([]bool(nil), c.lKnown[mover]...)
		default:
			k := make([]bool, len(t.Locals))
			for i := range k {
				k[i] = true
			}
			copy(k, c.lKnown[mover][:len(sem.prog.ThreadLocals)])
			n.lKnown[t.ID] = k
		}
	}
	if st.Kind == bp.Assign {
		for _, r := range st.Targets {
			if r.Scope == bp.Global {
				n.gKnown[r.Index] = true
			} else if k, ok := n.lKnown[mover]; ok {
				k[r.Index] = true
			}
		}
		for _, r := range st.PassiveTargets {
			for _, t := range n.s.Threads {
				if t.ID != mover {
					n.lKnown[t.ID][r.Index] = true
				}
			}
		}
	}
	// Dead locals are known false: never read before they are written.
	for k := range n.s.Threads {
		t := &n.s.Threads[k]
		for i := range t.Locals {
			if !sem.LiveAt(t.Proc, t.PC, i) {
				t.Locals[i], n.lKnown[t.ID][i] = false, true
			}
		}
	}
	return n
}

func (x *xstate) clone() xstate {
	c := xstate{s: x.s.Clone(), gKnown: append([]bool(nil), x.gKnown...), lKnown: make(map[int][]bool, len(x.lKnown))}
	for id, k := range x.lKnown {
		c.lKnown[id] = append([]bool(nil), k...)
	}
	return c
}

// xkey identifies x up to thread identities: values (2 for unknown),
// then each thread's place, atomic flag and locals, in thread order.
func (sem *semantics) xkey(x *xstate) string {
	b := make([]byte, 0, 64)
	val := func(v, known bool) byte {
		switch {
		case !known:
			return '2'
		case v:
			return '1'
		}
		return '0'
	}
	for i, v := range x.s.Globals {
		b = append(b, val(v, x.gKnown[i]))
	}
	for _, t := range x.s.Threads {
		b = append(b, '|')
		b = strconv.AppendInt(b, int64(t.Proc), 10)
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(t.PC), 10)
		b = append(b, val(t.Atomic, true))
		k := x.lKnown[t.ID]
		for i, v := range t.Locals {
			b = append(b, val(v, k[i]))
		}
	}
	return string(b)
}

// searched is the judge's ruling on a Search: checked when its own
// search decided within budget.
func searched(ctx context.Context, p Problem, ev *engine.Search) (Evidence, error) {
	budget := min(max(minExhaust, exhaustFactor*int(min(ev.States, maxExhaust))), maxExhaust)
	states, err := 0, error(nil)
	if ev.States > maxExhaust {
		err = fmt.Errorf("%w: more than %d states", errOverBudget, maxExhaust)
	} else {
		states, err = exhaust(ctx, p.Prog, p.options(), ev.Threads, budget)
	}
	switch {
	case err == nil:
		return Evidence{Kind: "search", Checked: true, Words: fmt.Sprintf(
			"the engine's exhaustive search of %d states, done again by the judge with the reference semantics (%d states)", ev.States, states)}, nil
	case errors.Is(err, errOverBudget):
		return Evidence{Kind: "search", Checked: false, Words: fmt.Sprintf(
			"the engine's exhaustive search of %d states, which keeps no certificate and which the judge could not repeat (%v): this answer trusts the engine", ev.States, err)}, nil
	case ctx.Err() != nil:
		return Evidence{}, err
	}
	return Evidence{}, fmt.Errorf("the judge's own search finds a violation: %w", err)
}

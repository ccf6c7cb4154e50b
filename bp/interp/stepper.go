package interp

import (
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// The one-thread semantics, for engines that build their own view of the
// program (the counter engine enumerates thread states): every outcome of
// the step of one thread from concrete values, with the locals that are
// dead afterwards false, so that outcomes that differ only in values
// never read again are one.

// Move is one outcome of one step of one thread.
type Move struct {
	Globals []bool
	// Thread is the thread after the step; Ended says it ended instead.
	Thread bp.ThreadState
	Ended  bool
	// Started is a thread the step started, if any.
	Started *bp.ThreadState
	Taken   int // for a branch: 1 then, 0 else; -1 otherwise
}

// Stepper runs single steps of single threads of one program.
type Stepper struct {
	sem *Semantics
}

// NewStepper returns a stepper for prog with the property of opts
// (assertions or opts.Label). Thread starts are never suppressed.
func NewStepper(prog *bp.Program, opts Options) *Stepper {
	return &Stepper{sem: New(prog, opts)}
}

// Step runs the step of thread t on globals, the thread alone (steps that
// read other threads, broadcasts, are not for this function). fails
// reports that the step is an assertion that some outcome fails.
func (sp *Stepper) Step(globals []bool, t bp.ThreadState) (moves []Move, fails bool, err error) {
	s := bp.State{Globals: globals, Threads: []bp.ThreadState{t}}
	succs, fails, err := sp.sem.Successors(&s, 0, 0)
	if err != nil {
		return nil, false, err
	}
	seen := map[string]bool{}
	for _, sc := range succs {
		m := Move{Globals: sc.Next.Globals, Taken: sc.Taken, Ended: true}
		for k := range sc.Next.Threads {
			nt := sp.settled(sc.Next.Threads[k])
			if nt.ID == t.ID {
				m.Thread, m.Ended = nt, false
			} else {
				m.Started = &nt
			}
		}
		if k := moveKey(&m); !seen[k] {
			seen[k] = true
			moves = append(moves, m)
		}
	}
	return moves, fails, nil
}

// moveKey identifies a move by everything it holds.
func moveKey(m *Move) string {
	s := bp.State{Globals: m.Globals}
	if !m.Ended {
		s.Threads = append(s.Threads, m.Thread)
	}
	if m.Started != nil {
		s.Threads = append(s.Threads, *m.Started)
	}
	return fmt.Sprint(m.Taken, m.Ended, stateKey(&s))
}

// settled is t with the locals dead at its pc false.
func (sp *Stepper) settled(t bp.ThreadState) bp.ThreadState {
	t.Locals = slices.Clone(t.Locals)
	for i := range t.Locals {
		if !sp.sem.LiveAt(t.Proc, t.PC, i) {
			t.Locals[i] = false
		}
	}
	return t
}

// BroadcastMove is one outcome of the active part of a broadcast step
// under the monotone reading, where a passive thread never blocks the
// step, and what each passive thread may become with it.
type BroadcastMove struct {
	Move
	// Passive has, for each passive thread state given to
	// StepBroadcast, the states that thread may take: its outcomes, or
	// itself unchanged when it has none. Outcomes of active choices that
	// differ only in values the active thread no longer needs are merged,
	// which can only add passive outcomes.
	Passive [][]bp.ThreadState
}

// IsBroadcast reports whether the step of thread t is a broadcast
// assignment (one with x$ targets).
func (sp *Stepper) IsBroadcast(t bp.ThreadState) bool {
	return sp.sem.Step(&t).Broadcast()
}

// StepBroadcast runs the broadcast assignment of thread t on globals
// under the monotone reading, for threads in passives (states of other
// threads; they need not make one consistent state, as each passive
// thread's outcomes depend only on itself and the active part).
func (sp *Stepper) StepBroadcast(globals []bool, t bp.ThreadState, passives []bp.ThreadState) ([]BroadcastMove, error) {
	sem := sp.sem
	st := sem.Step(&t)
	if !st.Broadcast() {
		return nil, fmt.Errorf("%s: not a broadcast assignment", sem.prog.Position(st))
	}
	s := bp.State{Globals: globals, Threads: append([]bp.ThreadState{t}, passives...)}
	used := UsedChoices(st.Values, st.Constraint)
	if len(used) > maxEnum {
		return nil, sem.tooWide(st, len(used))
	}
	var out []BroadcastMove
	index := map[string]int{} // active outcome -> its entry in out
	ch := make([]bool, st.Choices)
	for mask := 0; mask < 1<<len(used); mask++ {
		for j, c := range used {
			ch[c] = mask&(1<<j) != 0
		}
		n, ok := ActivePart(&s, 0, st, ch)
		if !ok {
			continue
		}
		n.Threads[0].PC = st.Next
		m := Move{Globals: n.Globals, Thread: sp.settled(n.Threads[0]), Taken: -1}
		k := moveKey(&m)
		i, seen := index[k]
		if !seen {
			i = len(out)
			index[k] = i
			out = append(out, BroadcastMove{Move: m, Passive: make([][]bp.ThreadState, len(passives))})
		}
		for j := range passives {
			pe := sem.PassiveEnv(&s, &n, 0, 1+j)
			opts, err := sem.passiveOptions(st, pe)
			if err != nil {
				return nil, err
			}
			results := []bp.ThreadState{passives[j]} // none: it stays as it is
			if len(opts) > 0 {
				results = results[:0]
				for _, o := range opts {
					p := passives[j]
					p.Locals = slices.Clone(p.Locals)
					PassivePart(st, pe, o, p.Locals)
					results = append(results, p)
				}
			}
			for _, p := range results {
				p = sp.settled(p)
				if !slices.ContainsFunc(out[i].Passive[j], func(o bp.ThreadState) bool { return sameThread(p, o) }) {
					out[i].Passive[j] = append(out[i].Passive[j], p)
				}
			}
		}
	}
	return out, nil
}

func sameThread(t, o bp.ThreadState) bool {
	return t.Proc == o.Proc && t.PC == o.PC && t.Atomic == o.Atomic && slices.Equal(t.Locals, o.Locals)
}

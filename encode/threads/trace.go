package threads

import (
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
)

// Trace maps a path of the thread-transition system to an execution of
// the program. Threads in the same local state are interchangeable, so a
// rule moves any of them.
func (p *Program) Trace(path *cover.Path) (*bp.Trace, error) {
	m := &traceMap{p: p, at: map[int][]int{}}
	tr := &bp.Trace{Kind: bp.LabelReached}
	var creator, started = -1, -1
	for _, step := range path.Steps {
		r := p.Sys.Rules[step.Rule]
		o := *p.origins.at(step.Rule)
		g, _, _ := p.decodeShared(r.To.Shared)
		switch o.kind {
		case initRule:
			m.st = bp.State{Globals: p.globals(g), Threads: []bp.ThreadState{{ID: 0}}}
			m.nextID = 1
			m.place(0, r.To.Local)
		case stepRule:
			id, k, err := m.take(r.From.Local)
			if err != nil {
				return nil, err
			}
			tr.Steps = append(tr.Steps, bp.TraceStep{Thread: id, Proc: o.proc, PC: o.pc, Before: m.clone(), Taken: o.taken})
			m.st.Globals = p.globals(g)
			if r.To.Local == localEnded {
				m.st.Threads = append(m.st.Threads[:k], m.st.Threads[k+1:]...)
				continue
			}
			if len(r.Passes) > 0 {
				if err := m.movePassive(r, id, step.After.Locals); err != nil {
					return nil, err
				}
			}
			m.place(k, r.To.Local)
		case startRule:
			id, _, err := m.take(r.From.Local)
			if err != nil {
				return nil, err
			}
			tr.Steps = append(tr.Steps, bp.TraceStep{Thread: id, Proc: o.proc, PC: o.pc, Before: m.clone(), Taken: -1})
			creator = id
		case startSpawn:
			started = r.To.Local
		case startMove:
			for k := range m.st.Threads {
				if m.st.Threads[k].ID == creator {
					m.place(k, r.To.Local)
				}
			}
			m.st.Globals = p.globals(g)
			m.st.Threads = append(m.st.Threads, bp.ThreadState{ID: m.nextID})
			m.nextID++
			m.place(len(m.st.Threads)-1, started)
		case errorRule:
			if p.label == "" { // an assertion fails: its step is the last
				id, _, err := m.take(r.From.Local)
				if err != nil {
					return nil, err
				}
				tr.Kind = bp.AssertionFails
				tr.Steps = append(tr.Steps, bp.TraceStep{Thread: id, Proc: o.proc, PC: o.pc, Before: m.clone(), Taken: -1})
			}
			tr.Final = m.clone()
			return tr, nil
		}
	}
	return nil, fmt.Errorf("the path does not end in the error")
}

// traceMap is Trace's execution under way: the state so far and which
// threads are in which local state.
type traceMap struct {
	p      *Program
	st     bp.State
	at     map[int][]int // local -> thread IDs there
	nextID int
}

// take picks a thread in local and returns its ID and its index in the
// state.
func (m *traceMap) take(local int) (int, int, error) {
	ids := m.at[local]
	if len(ids) == 0 {
		return 0, 0, fmt.Errorf("no thread in local %d", local)
	}
	id := ids[len(ids)-1]
	m.at[local] = ids[:len(ids)-1]
	for k := range m.st.Threads {
		if m.st.Threads[k].ID == id {
			return id, k, nil
		}
	}
	return 0, 0, fmt.Errorf("thread %d is gone", id)
}

// clone is a copy of the state that later steps do not change.
func (m *traceMap) clone() bp.State {
	c := bp.State{Globals: append([]bool(nil), m.st.Globals...)}
	for _, t := range m.st.Threads {
		t.Locals = append([]bool(nil), t.Locals...)
		c.Threads = append(c.Threads, t)
	}
	return c
}

// place puts thread k in local.
func (m *traceMap) place(k, local int) {
	l := m.p.locals[local-firstLocal].t
	t := &m.st.Threads[k]
	t.Proc, t.PC, t.Atomic = l.Proc, l.PC, l.Atomic
	t.Locals = append([]bool(nil), l.Locals...)
	m.at[local] = append(m.at[local], t.ID)
}

// movePassive moves the threads other than the active one, id, that rule
// r moves (a broadcast), to where the path's next counts put them.
func (m *traceMap) movePassive(r tts.Rule, id int, after []int) error {
	dest, err := passiveDestinations(r, m.at, after, r.To.Local)
	if err != nil {
		return err
	}
	m.at = map[int][]int{}
	for j := range m.st.Threads {
		if m.st.Threads[j].ID != id {
			if d, moved := dest[m.st.Threads[j].ID]; moved {
				m.place(j, d)
			} else {
				local := m.p.localOf(m.st.Threads[j])
				m.at[local] = append(m.at[local], m.st.Threads[j].ID)
			}
		}
	}
	return nil
}

// localOf is the local state a thread of the trace is in (it was placed
// there, so it is known).
func (p *Program) localOf(t bp.ThreadState) int {
	return p.index[key(localState{t: bp.ThreadState{Proc: t.Proc, PC: t.PC, Atomic: t.Atomic, Locals: t.Locals}})]
}

// passiveDestinations chooses, for every thread that broadcast rule r
// moves (each thread in a listed local, by identity in at), one of its
// targets, so that with the active thread in active the threads are
// distributed as after says. Threads in the same local are
// interchangeable, so this is a matching of threads to target slots,
// found by augmenting paths.
func passiveDestinations(r tts.Rule, at map[int][]int, after []int, active int) (map[int]int, error) {
	targets := map[int][]int{}
	for _, ps := range r.Passes {
		targets[ps.From] = append(targets[ps.From], ps.To)
	}
	need := map[int]int{}
	for _, l := range after {
		need[l]++
	}
	need[active]--
	type mover struct{ id, from int }
	var movers []mover
	for l, ids := range at {
		if _, listed := targets[l]; !listed {
			need[l] -= len(ids) // these stay
			continue
		}
		for _, id := range ids {
			movers = append(movers, mover{id, l})
		}
	}
	slices.SortFunc(movers, func(a, b mover) int { return a.id - b.id })
	// One slot per thread still needed in each local.
	var slots []int
	for l, n := range need {
		if n < 0 {
			return nil, fmt.Errorf("the broadcast leaves too many threads in local %d", l)
		}
		for range n {
			slots = append(slots, l)
		}
	}
	slices.Sort(slots)
	if len(slots) != len(movers) {
		return nil, fmt.Errorf("the broadcast moves %d threads into %d places", len(movers), len(slots))
	}
	owner := make([]int, len(slots)) // slot -> mover index + 1
	var try func(m int, seen []bool) bool
	try = func(m int, seen []bool) bool {
		for si, l := range slots {
			if seen[si] || !slices.Contains(targets[movers[m].from], l) {
				continue
			}
			seen[si] = true
			if owner[si] == 0 || try(owner[si]-1, seen) {
				owner[si] = m + 1
				return true
			}
		}
		return false
	}
	for m := range movers {
		if !try(m, make([]bool, len(slots))) {
			return nil, fmt.Errorf("no passive thread of local %d can go where the path says", movers[m].from)
		}
	}
	dest := map[int]int{}
	for si, o := range owner {
		dest[movers[o-1].id] = slots[si]
	}
	return dest, nil
}

// NeedsMonotone reports whether path takes a broadcast step with a
// passive thread that has no outcome, which stays as it is under the
// monotone reading: under the blocking reading that step is not
// possible, so the path is an execution only under the monotone one.
func (p *Program) NeedsMonotone(path *cover.Path) bool {
	before := path.Start
	for _, step := range path.Steps {
		if stuck := p.stuck[step.Rule]; len(stuck) > 0 {
			active := p.Sys.Rules[step.Rule].From.Local
			for _, l := range before.Locals {
				if l == active {
					active = -1 // the active thread is not passive
					continue
				}
				if _, found := slices.BinarySearch(stuck, l); found {
					return true
				}
			}
		}
		before = step.After
	}
	return false
}

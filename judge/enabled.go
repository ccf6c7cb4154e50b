package judge

import (
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// Enabler answers whether threads can take their steps, for one program
// and property.
type Enabler struct{ sem *semantics }

// NewEnabler returns an Enabler of prog under opts.
func NewEnabler(prog *bp.Program, opts Options) *Enabler {
	return &Enabler{sem: newSemantics(prog, opts)}
}

// Enabled reports whether thread ti of s can take its step: no other
// thread holds an atomic section, and some choice of the step's
// non-determinism satisfies its assume or its constraints (for a
// broadcast, those of every passive thread under the blocking reading; a
// passive thread that cannot may stay under the monotone one). A thread
// start counts as enabled: the thread bound is the engines', not the
// program's. As everywhere in this package, the solver only proposes and
// apply judges. It is what a counterexample's picture shows as a thread
// that is blocked (internal/htmltrace): the question scales with the
// step, like Replay's, so asking it of every thread at every step of a
// long trace stays cheap.
func (e *Enabler) Enabled(s *bp.State, ti int) (bool, error) {
	sem := e.sem
	for k := range s.Threads {
		if k != ti && s.Threads[k].Atomic {
			return false, nil
		}
	}
	st := sem.Step(&s.Threads[ti])
	if st.Kind != bp.Assume && st.Kind != bp.Assign {
		return true, nil // the other kinds never block
	}
	q := sem.newQuery(s, ti)
	for _, pq := range q.passive {
		if pq != nil {
			pq.mayStay = sem.reading == bp.Monotone
		}
	}
	if st.Kind == bp.Assume {
		q.must = append(q.must, req{t: st.Cond, want: true})
	}
	ch, passive, ok, err := q.solve()
	if err != nil || !ok {
		return false, err
	}
	if ch == nil {
		ch = make([]bool, st.Choices)
	}
	_, eff, _ := sem.Apply(s, ti, &interp.Resolution{Choices: ch, Passive: passive})
	return eff == interp.Moved, nil
}

package mc

import (
	"fmt"

	"github.com/go-air/gini/z"
)

// Simulate runs tr on sys and reports whether Bad holds in its last state.
// It checks the trace's shape and that fixed latch inits are respected, so
// a test can trust an engine's counterexample without trusting the engine.
func Simulate(sys *System, tr *Trace) (bool, error) {
	s := sys.S
	if len(tr.Init) != len(s.Latches) {
		return false, fmt.Errorf("trace has %d initial values for %d latches", len(tr.Init), len(s.Latches))
	}
	vs := make([]bool, s.Len())
	for i, l := range s.Latches {
		switch s.Init(l) {
		case s.T:
			if !tr.Init[i] {
				return false, fmt.Errorf("latch %d starts false, its init is true", i)
			}
		case s.F:
			if tr.Init[i] {
				return false, fmt.Errorf("latch %d starts true, its init is false", i)
			}
		}
		vs[l.Var()] = tr.Init[i]
	}
	value := func(m z.Lit) bool {
		v := vs[m.Var()]
		if !m.IsPos() {
			v = !v
		}
		return v
	}
	for step, in := range tr.Inputs {
		if len(in) != len(sys.Inputs) {
			return false, fmt.Errorf("step %d has %d inputs, the system %d", step, len(in), len(sys.Inputs))
		}
		for i, m := range sys.Inputs {
			vs[m.Var()] = in[i]
		}
		s.Eval(vs)
		next := make([]bool, len(s.Latches))
		for i, l := range s.Latches {
			next[i] = value(s.Next(l))
		}
		for i, l := range s.Latches {
			vs[l.Var()] = next[i]
		}
	}
	// Bad depends on latches only; inputs keep their last values.
	s.Eval(vs)
	return value(sys.Bad), nil
}

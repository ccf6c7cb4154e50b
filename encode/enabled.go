package encode

import (
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// MaxEnabledChoices bounds the choices of a blocking step whose
// enabledness Enabled expands: 2^k cofactors are built.
const MaxEnabledChoices = 4

// Enabled returns the literal, over the inputs of s, that holds exactly in
// the concrete states of s in which thread ti can take its step: true for a
// step that cannot block, "some choice satisfies the condition" for an
// assume, "some choice satisfies the constraint" for a constrained
// assignment. The existential quantifier over the step's choices is
// expanded into cofactors, so ok is false when the step has more than
// MaxEnabledChoices choices. The guard of s is not included.
func (e *Encoder) Enabled(s *State, ti int) (en z.Lit, ok bool) {
	th := &s.Threads[ti]
	st := &e.Prog.Procs[th.Proc].Steps[th.PC]
	c := e.C
	var cofactor func(v *env) z.Lit
	switch {
	case st.Broadcast():
		// Enabledness depends on every other thread's locals.
		return z.LitNull, false
	case st.Kind == bp.Assume:
		cofactor = func(v *env) z.Lit { return v.term(st.Cond) }
	case st.Kind == bp.Assign && st.Constraint != nil:
		cofactor = func(v *env) z.Lit {
			ng := append([]z.Lit(nil), s.Globals...)
			nl := append([]z.Lit(nil), th.Locals...)
			for j, val := range st.Values {
				m := v.term(val)
				if r := st.Targets[j]; r.Scope == bp.Global {
					ng[r.Index] = m
				} else {
					nl[r.Index] = m
				}
			}
			v.ng, v.nl, v.after = ng, nl, true
			return v.term(st.Constraint)
		}
	default:
		return c.T, true
	}
	if st.Choices > MaxEnabledChoices {
		return z.LitNull, false
	}
	en = c.F
	for bits := 0; bits < 1<<st.Choices; bits++ {
		v := e.newEnv(s.Globals, th.Locals, st.Choices)
		for i := range v.choices {
			v.choices[i] = c.F
			if bits&(1<<i) != 0 {
				v.choices[i] = c.T
			}
		}
		en = c.Or(en, cofactor(v))
	}
	return en, true
}

package satabs

import (
	"fmt"
	"strings"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/sat"
)

// assignWide checks an assignment with more choices than the harness
// enumerates (SatAbs writes steps with 24 to 32 constrained `*`) by
// asking SAT whether some choice, with the constraint true, gives the
// next line's values of its targets. A value the harness does not know
// is a free input, so the check asks only what the trace determines. The
// targets then take the next line's values (unknown where it shows none).
// Broadcasts are not checked this way: their targets become unknown.
func (c *checker) assignWide(l *Line, k int, st *bp.Step, next *view) {
	t := c.threads[k]
	if st.Broadcast() {
		for _, r := range st.Targets {
			c.set(k, r, unknown)
		}
		return
	}
	f := logic.NewC()
	in := func(x int8) z.Lit {
		switch x {
		case 0:
			return f.F
		case 1:
			return f.T
		}
		return f.Lit()
	}
	e := &wideEnv{f: f, g: make([]z.Lit, len(c.globals)), l: make([]z.Lit, len(t.vals)), ch: make([]z.Lit, st.Choices)}
	for i, x := range c.globals {
		e.g[i] = in(x)
	}
	for i, x := range t.vals {
		e.l[i] = in(x)
	}
	for i := range e.ch {
		e.ch[i] = f.Lit()
	}
	e.ng, e.nl = append([]z.Lit(nil), e.g...), append([]z.Lit(nil), e.l...)
	roots := []z.Lit{f.T}
	for j, r := range st.Targets {
		m := e.enc(st.Values[j])
		if r.Scope == bp.Global {
			e.ng[r.Index] = m
		} else {
			e.nl[r.Index] = m
		}
	}
	if st.Constraint != nil {
		roots = append(roots, e.enc(st.Constraint))
	}
	s := sat.New(f)
	for _, m := range roots {
		s.Add(m)
	}
	if s.Solve() != sat.Sat {
		c.fail(l.Num, "%s: no choice satisfies the constraint: the step cannot be taken", c.stmt(st))
		return
	}
	var shown []z.Lit
	for _, r := range st.Targets {
		if p := next.printed(k, r); p != unknown {
			m := e.nl[r.Index]
			if r.Scope == bp.Global {
				m = e.ng[r.Index]
			}
			if p == 0 {
				m = m.Not()
			}
			shown = append(shown, m)
		}
	}
	s.Assume(shown...)
	if s.Solve() != sat.Sat {
		var got []string
		p := c.prog.Procs[t.proc]
		for _, r := range st.Targets {
			name := p.LocalName(r.Index)
			if r.Scope == bp.Global {
				name = c.prog.Globals[r.Index]
			}
			got = append(got, fmt.Sprintf("%s=%s", name, show(next.printed(k, r))))
		}
		c.fail(l.Num, "%s: no execution of the step gives the next line's %s", c.stmt(st), strings.Join(got, " "))
	}
	for _, r := range st.Targets {
		c.set(k, r, next.printed(k, r))
	}
}

// wideEnv encodes terms as literals of f: the values before the step (g,
// l), after it (ng, nl) and the step's choices.
type wideEnv struct {
	f                *logic.C
	g, l, ng, nl, ch []z.Lit
}

func (e *wideEnv) enc(t *bp.Term) z.Lit { return encode.Term(e.f, t, e) }

// Var and Choice are e's leaves (encode.Leaves); a step with passive
// parts is not encoded here.
func (e *wideEnv) Var(r bp.VarRef, primed bool) z.Lit {
	g, l := e.g, e.l
	if primed {
		g, l = e.ng, e.nl
	}
	if r.Scope == bp.Global {
		return g[r.Index]
	}
	return l[r.Index]
}

func (e *wideEnv) Passive(int, bool) z.Lit {
	panic("satabs: a broadcast's passive part is not encoded")
}

func (e *wideEnv) Choice(i int) z.Lit { return e.ch[i] }

package cover

import "github.com/bopgo/bopgo/tts/covercheck"

// The search's answers in the independent checker's terms (package
// covercheck has its own types so that it shares no code with the
// search): the only place the two meet. covercheck never imports this
// package (deps_test.go).

// Checkable is the certificate as covercheck takes it.
func (c *Certificate) Checkable() *covercheck.Certificate {
	out := &covercheck.Certificate{}
	for _, b := range c.Basis {
		out.Basis = append(out.Basis, covercheck.Config{Shared: b.Shared, Locals: b.Locals})
	}
	for _, b := range c.Boxes {
		x := covercheck.Box{Shared: b.Shared, Others: b.Others}
		for _, bd := range b.Bounds {
			x.Bounds = append(x.Bounds, covercheck.Bound{Local: bd.Local, Max: bd.Max})
		}
		out.Boxes = append(out.Boxes, x)
	}
	return out
}

// Checkable is the path as covercheck takes it.
func (p *Path) Checkable() *covercheck.Path {
	out := &covercheck.Path{Start: covercheck.Config{Shared: p.Start.Shared, Locals: p.Start.Locals}, Threads: p.Threads}
	for _, st := range p.Steps {
		out.Steps = append(out.Steps, covercheck.Step{Rule: st.Rule, After: covercheck.Config{Shared: st.After.Shared, Locals: st.After.Locals}})
	}
	return out
}

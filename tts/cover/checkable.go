package cover

import "github.com/bopgo/bopgo/tts"

// The search's answers as data (the format's answer types, tts/answer.go),
// which the judge checks (package judge, which shares no code with the
// search): the only place the two meet. The judge never imports this
// package (deps_test.go).

// Checkable is the certificate as the judge takes it.
func (c *Certificate) Checkable() *tts.Certificate {
	out := &tts.Certificate{}
	for _, b := range c.Basis {
		out.Basis = append(out.Basis, tts.Config{Shared: b.Shared, Locals: b.Locals})
	}
	for _, b := range c.Boxes {
		x := tts.Box{Shared: b.Shared, Others: b.Others}
		for _, bd := range b.Bounds {
			x.Bounds = append(x.Bounds, tts.Bound{Local: bd.Local, Max: bd.Max})
		}
		out.Boxes = append(out.Boxes, x)
	}
	return out
}

// Checkable is the path as the judge takes it.
func (p *Path) Checkable() *tts.Path {
	out := &tts.Path{Start: tts.Config{Shared: p.Start.Shared, Locals: p.Start.Locals}, Threads: p.Threads}
	for _, st := range p.Steps {
		out.Steps = append(out.Steps, tts.Step{Rule: st.Rule, After: tts.Config{Shared: st.After.Shared, Locals: st.After.Locals}})
	}
	return out
}

package counter

import (
	"testing"

	"github.com/bopgo/bopgo/internal/covercheck"
	"github.com/bopgo/bopgo/tts"
)

// certCheckHook checks the evidence with the independent checker.
func certCheckHook(t *testing.T, sys *tts.System, opts Options, res *Result) {
	t.Helper()
	p := covercheck.Problem{System: sys, Init: opts.Init, Target: opts.Target}
	switch res.Verdict {
	case Safe:
		c := &covercheck.Certificate{}
		for _, b := range res.Cert.Basis {
			c.Basis = append(c.Basis, covercheck.Config{Shared: b.Shared, Locals: b.Locals})
		}
		for _, b := range res.Cert.Boxes {
			x := covercheck.Box{Shared: b.Shared, Others: b.Others}
			for _, bd := range b.Bounds {
				x.Bounds = append(x.Bounds, covercheck.Bound{Local: bd.Local, Max: bd.Max})
			}
			c.Boxes = append(c.Boxes, x)
		}
		if err := p.CheckCertificate(c); err != nil {
			t.Fatalf("certificate: %v", err)
		}
	case Unsafe:
		q := &covercheck.Path{Start: covercheck.Config{Shared: res.Path.Start.Shared, Locals: res.Path.Start.Locals}, Threads: res.Path.Threads}
		for _, st := range res.Path.Steps {
			q.Steps = append(q.Steps, covercheck.Step{Rule: st.Rule, After: covercheck.Config{Shared: st.After.Shared, Locals: st.After.Locals}})
		}
		if err := p.CheckPath(q); err != nil {
			t.Fatalf("path: %v", err)
		}
	}
}

package cover

import (
	"testing"

	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
)

// certCheckHook checks the evidence with the judge (package judge).
func certCheckHook(t *testing.T, sys *tts.System, opts Options, res *Result) {
	t.Helper()
	p := judge.Coverability{System: sys, Init: opts.Init, Target: opts.Target}
	switch res.Verdict {
	case verdict.Safe:
		if err := p.CheckCertificate(res.Cert.Checkable()); err != nil {
			t.Fatalf("certificate: %v", err)
		}
	case verdict.Unsafe:
		if err := p.CheckPath(res.Path.Checkable()); err != nil {
			t.Fatalf("path: %v", err)
		}
	}
}

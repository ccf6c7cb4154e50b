package bopgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/trace"
	"github.com/bopgo/bopgo/verdict"
)

// TestWithinBound: under a bound, an engine that ignores it answers with
// SAFE, and with a bug only where its trace has at most K switches
// (--contexts K) or K-1 (--rounds K); a bug with more is Unknown.
func TestWithinBound(t *testing.T) {
	// Threads 0, 1, 0, 2: three switches.
	tr := &trace.Trace{Exec: &bp.Trace{Steps: []bp.TraceStep{{Thread: 0}, {Thread: 1}, {Thread: 1}, {Thread: 0}, {Thread: 2}}}}
	bug := func(context.Context) (Result, error) {
		return Result{Verdict: verdict.Unsafe, Trace: tr, Engine: Symbolic}, nil
	}
	safe := func(context.Context) (Result, error) { return Result{Verdict: verdict.Safe, Engine: Symbolic}, nil }
	for _, c := range []struct {
		rounds, contexts int
		want             verdict.Verdict
	}{
		{contexts: 3, want: verdict.Unsafe},
		{contexts: 2, want: verdict.Unknown},
		{rounds: 4, want: verdict.Unsafe},
		{rounds: 3, want: verdict.Unknown},
	} {
		p := &engine.Problem{Rounds: c.rounds, Contexts: c.contexts}
		r, err := withinBound(p, bug)(t.Context())
		assert.NoError(t, err)
		assert.Equal(t, c.want, r.Verdict, "%+v: %s", c, r.Reason)
		if c.want == verdict.Unknown {
			assert.Equal(t, "a bug with 3 context switches, which may be past the bound", r.Reason)
		}
		r, _ = withinBound(p, safe)(t.Context())
		assert.Equal(t, verdict.Safe, r.Verdict, "SAFE holds beyond the bound")
	}
}

package bopgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/trace"
	"github.com/bopgo/bopgo/verdict"
)

// TestWithinBound: under a bound, an engine that ignores it answers with
// SAFE, and with a bug only where its trace has at most K switches
// (--contexts K) or takes at most K rounds (--rounds K); a bug with more
// is Unknown.
func TestWithinBound(t *testing.T) {
	answer := func(r Result) func(context.Context) (Result, error) {
		return func(context.Context) (Result, error) { return r, nil }
	}
	safe := answer(Result{Verdict: verdict.Safe, Engine: Symbolic})
	// Threads 0, 1, 1, 0, 2: three switches, two rounds.
	prog, err := bp.Load("three.bp", []byte("void main() begin skip; end"))
	require.NoError(t, err)
	tr := &trace.Trace{Exec: &bp.Trace{Steps: []bp.TraceStep{{Thread: 0}, {Thread: 1}, {Thread: 1}, {Thread: 0}, {Thread: 2}}}}
	bug := answer(Result{Verdict: verdict.Unsafe, Trace: tr, Engine: Symbolic})
	for _, c := range []struct {
		rounds, contexts int
		want             verdict.Verdict
		reason           string
	}{
		{contexts: 3, want: verdict.Unsafe},
		{contexts: 2, want: verdict.Unknown, reason: "a bug with 3 context switches, which may be past the bound"},
		{rounds: 2, want: verdict.Unsafe},
		{rounds: 1, want: verdict.Unknown, reason: "a bug in 2 rounds, which may be past the bound"},
	} {
		p := &engine.Problem{Prog: prog, Rounds: c.rounds, Contexts: c.contexts}
		r, err := withinBound(p, bug)(t.Context())
		assert.NoError(t, err)
		assert.Equal(t, c.want, r.Verdict, "%+v: %s", c, r.Reason)
		if c.want == verdict.Unknown {
			assert.Equal(t, c.reason, r.Reason)
		}
		r, _ = withinBound(p, safe)(t.Context())
		assert.Equal(t, verdict.Safe, r.Verdict, "SAFE holds beyond the bound")
	}
}

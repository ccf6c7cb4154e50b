package bopgo

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/verdict"
)

// SPIN's answers through the root, without SPIN installed: its Run is
// replaced by one that answers as the spin engine does (an Unsafe with
// the trace mapped from pan's trail, a Safe with the Unchecked
// evidence). An Unsafe is replayed like any engine's, and refused when
// its trace is wrong or missing; only a Safe leaves marked Unchecked.
func TestSpinUnsafeIsReplayed(t *testing.T) {
	p := mustLoad(t, `decl c; void w() begin c := !c; end
void main() begin c := F; start_thread w(); start_thread w(); assume(c); assert(F); end`)
	ex, _ := Explicit.Info()
	honest, err := runEngine(context.Background(), ex, &engine.Problem{Prog: p, Targets: p.Targets(""), Meter: &engine.Meter{}}, Options{})
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, honest.Verdict)
	answer := func(r engine.Result) (Result, error) {
		withEngine(t, Spin, func(engine.Run) engine.Run {
			return func(context.Context, *engine.Problem, int, bool) (engine.Result, error) { return r, nil }
		})
		return Check(context.Background(), p, Options{Engine: Spin})
	}
	unsafe := func(tr *bp.Trace) engine.Result {
		return engine.Result{Verdict: verdict.Unsafe, Reason: "assertion can fail", Evidence: &engine.Execution{Trace: tr}}
	}

	res, err := answer(unsafe(honest.Counterexample()))
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict)
	assert.NotNil(t, res.Trace)
	assert.False(t, res.Unchecked, "SPIN's Unsafe is checked")

	bad := *honest.Counterexample()
	bad.Steps = bad.Steps[1:] // no longer from the initial state
	_, err = answer(unsafe(&bad))
	assert.ErrorIs(t, err, ErrInternal, "a trace that does not replay")

	_, err = answer(unsafe(nil))
	assert.ErrorIs(t, err, ErrInternal, "an Unsafe without a trace")

	res, err = answer(engine.Result{Verdict: verdict.Safe, Evidence: &engine.Unchecked{Tool: "spin", Why: "no certificate"}})
	require.NoError(t, err)
	assert.Equal(t, verdict.Safe, res.Verdict)
	assert.True(t, res.Unchecked, "SPIN's Safe is not checked, and says so")

	res, err = answer(engine.Result{Reason: "out of memory", Limit: engine.Memory})
	require.NoError(t, err)
	assert.False(t, res.Unchecked, "no answer, nothing unchecked")
}

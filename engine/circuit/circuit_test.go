package circuit

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// twoThreads starts one thread (at most 2 threads, from the control flow
// alone); the assertion fails only when the worker runs between main's
// two writes, so the bug needs both threads.
const twoThreads = `
decl g;
void w() begin
  assert(!g);
end
void main() begin
  g := F;
  start_thread w();
  g := T;
  g := F;
end
`

// twoThreadsSafe is twoThreads with the window closed.
const twoThreadsSafe = `
decl g;
void w() begin
  assert(!g);
end
void main() begin
  g := F;
  start_thread w();
  atomic_begin;
  g := T;
  g := F;
  atomic_end;
end
`

func problem(t *testing.T, src string) *engine.Problem {
	t.Helper()
	prog, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	n, bounded := prog.MaxThreads()
	require.True(t, bounded)
	require.Equal(t, 2, n)
	return &engine.Problem{Prog: prog, Targets: prog.Targets("")}
}

// With a slot per thread the program can have, Overflow is not part of
// the property: the certificate is about the violation alone, and still
// checks; a bug's trace replays.
func TestOverflowLeftOutWithEnoughSlots(t *testing.T) {
	for _, run := range []engine.Run{IC3, KInduction} {
		p := problem(t, twoThreadsSafe)
		r, err := run(context.Background(), p, 2, false)
		require.NoError(t, err)
		require.Equal(t, engine.Safe, r.Verdict, r.Reason)
		require.False(t, r.BoundHit)
		requireEvidence(t, p, r, 2, false)

		p = problem(t, twoThreads)
		r, err = run(context.Background(), p, 2, true)
		require.NoError(t, err)
		require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
		require.NoError(t, judge.Replay(p.Prog, interp.Options{}, r.Counterexample()))
	}
}

// When the plain property is not decided within its SAT call budget, the
// property with Overflow bad too decides: the certificate is about it.
func TestStrongPropertyAfterTheBudget(t *testing.T) {
	defer func(saved int) { plainCalls = saved }(plainCalls)
	plainCalls = 1
	p := problem(t, twoThreadsSafe)
	r, err := IC3(context.Background(), p, 2, false)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	assert.Positive(t, r.Counters.Get(engine.CountSATSeconds), "IC3's SAT calls take time")
	requireEvidence(t, p, r, 2, true)

	p = problem(t, twoThreads)
	r, err = IC3(context.Background(), p, 2, true)
	require.NoError(t, err)
	require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	require.NoError(t, judge.Replay(p.Prog, interp.Options{}, r.Counterexample()))
}

// TestProbeBeforeIC3: a shallow bug is found by the random walks that run
// before IC3, without a SAT call; where the walks find none, IC3 proves
// (with SAT calls).
func TestProbeBeforeIC3(t *testing.T) {
	p := problem(t, twoThreads)
	r, err := IC3(context.Background(), p, 2, true)
	require.NoError(t, err)
	require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	require.NoError(t, judge.Replay(p.Prog, interp.Options{}, r.Counterexample()))
	assert.Zero(t, r.Counters.Int(engine.CountSATCalls), "the probe found the bug")

	p = problem(t, twoThreadsSafe)
	r, err = IC3(context.Background(), p, 2, true)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	assert.Positive(t, r.Counters.Int(engine.CountSATCalls), "IC3 proved it")
}

// requireEvidence checks that a Safe answer carries the evidence of its
// engine for the given slots, Overflow bad or not, and that the judge
// accepts it.
func requireEvidence(t *testing.T, p *engine.Problem, r engine.Result, slots int, overflowBad bool) {
	t.Helper()
	switch ev := r.Evidence.(type) {
	case *engine.SlotInvariant:
		assert.Equal(t, slots, ev.Slots)
		assert.Equal(t, overflowBad, ev.OverflowBad)
		assert.Equal(t, len(ev.Clauses), r.Explain().Size, "the explanation shows the invariant")
		require.NoError(t, judge.CheckSlotInvariant(context.Background(), p.Prog, p.Label, p.Broadcast, ev))
	case *engine.KInduction:
		assert.Equal(t, slots, ev.Slots)
		assert.Equal(t, overflowBad, ev.OverflowBad)
		assert.Equal(t, ev.K, r.Explain().Size, "the explanation shows k")
		require.NoError(t, judge.CheckKInduction(context.Background(), p.Prog, p.Label, p.Broadcast, ev))
	default:
		t.Fatalf("evidence %T", r.Evidence)
	}
}

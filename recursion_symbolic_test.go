package bopgo_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestSymbolicSummariesAgreeWithExplicit runs random programs of one
// thread with recursive functions (gen.Recursive) through the symbolic
// engine's summaries (exits compacted, and plain) and the explicit
// engine's: the verdicts agree, and
// Check has replayed every counterexample (with its call stack) and
// re-checked every certificate of both, or it would have returned an
// error. Some programs must be safe and some unsafe, and some bugs must
// sit inside a call.
func TestSymbolicSummariesAgreeWithExplicit(t *testing.T) {
	t.Parallel()
	var safe, unsafe, inCall atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d safe, %d unsafe (%d failing inside a call)", safe.Load(), unsafe.Load(), inCall.Load())
		require.Positive(t, safe.Load(), "no safe program")
		require.Positive(t, unsafe.Load(), "no unsafe program")
		require.Positive(t, inCall.Load(), "no bug inside a call")
	})
	eachSeed(t, seeds(150), func(t *testing.T, seed int64) {
		src := gen.Recursive(seed, gen.SmallRecursive)
		p, err := bp.Load("rec.bp", []byte(src))
		require.NoError(t, err, "seed %d\n%s", seed, src)
		if !p.HasCalls() {
			return // no function recursed: they were inlined
		}
		want, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
		require.NoError(t, err, "seed %d (explicit)\n%s", seed, src)
		// Plain exits, as the path made them, are what a call copies when
		// an exit's BDD is too large: their traces must replay too.
		plain, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{PlainStates: true}})
		require.NoError(t, err, "seed %d (symbolic, plain exits)\n%s", seed, src)
		require.Equal(t, want.Verdict, plain.Verdict, "seed %d: explicit says %s (%s), symbolic with plain exits %s (%s)\n%s",
			seed, want.Verdict, want.Reason, plain.Verdict, plain.Reason, src)
		got, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic})
		require.NoError(t, err, "seed %d (symbolic)\n%s", seed, src)
		require.Equal(t, want.Verdict, got.Verdict, "seed %d: explicit says %s (%s), symbolic %s (%s)\n%s",
			seed, want.Verdict, want.Reason, got.Verdict, got.Reason, src)
		switch got.Verdict {
		case bopgo.Safe:
			safe.Add(1)
			if got.Reason != "the program has no assertion" {
				require.Contains(t, got.Reason, "procedure summaries as formulas", "seed %d", seed)
			}
		case bopgo.Unsafe:
			unsafe.Add(1)
			if steps := got.Trace.Steps; len(steps[len(steps)-1].Calls) > 0 {
				inCall.Add(1)
			}
		default:
			t.Fatalf("seed %d: undecided: %s\n%s", seed, got.Reason, src)
		}
	})
}

// TestSymbolicSummariesAgreeWithInlining runs random programs of one
// thread whose functions do not recurse twice: inlined (the default, the
// symbolic engine's plain search) and with every call kept as a call
// (bp.LoadOptions.KeepCalls, the symbolic engine's summaries). The
// verdicts agree; Check has checked both answers.
func TestSymbolicSummariesAgreeWithInlining(t *testing.T) {
	t.Parallel()
	cfg := gen.Small
	cfg.Threads, cfg.Helpers = 0, 2
	var calls atomic.Int64
	t.Cleanup(func() { require.Positive(t, calls.Load(), "no program kept a call") })
	eachSeed(t, seeds(100), func(t *testing.T, seed int64) {
		src := gen.Program(seed, cfg)
		inlined, err := bp.Load("p.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		kept, err := bp.LoadWith("p.bp", []byte(src), bp.LoadOptions{KeepCalls: true})
		if err != nil {
			return // an enforce invariant around a call with results
		}
		opts := bopgo.Options{Engine: bopgo.Symbolic}
		want, err := bopgo.Check(context.Background(), inlined, opts)
		require.NoError(t, err, "seed %d (inlined)\n%s", seed, src)
		got, err := bopgo.Check(context.Background(), kept, opts)
		require.NoError(t, err, "seed %d (calls kept)\n%s", seed, src)
		require.Equal(t, want.Verdict, got.Verdict, "seed %d: inlined %s (%s), with summaries %s (%s)\n%s",
			seed, want.Verdict, want.Reason, got.Verdict, got.Reason, src)
		if kept.HasCalls() {
			calls.Add(1)
		}
	})
}

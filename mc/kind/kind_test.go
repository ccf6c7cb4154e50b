package kind

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// twoCounters: a counter that counts to 3 and wraps, and Bad "b1 ∧ ¬b0 ∧
// c" where c is a latch that is never set: safe, not 1-inductive from
// arbitrary states only because c may start true.
func TestCounter(t *testing.T) {
	s := logic.NewS()
	in := s.Lit()
	b0, b1, c := s.Latch(s.F), s.Latch(s.F), s.Latch(s.F)
	s.SetNext(b0, s.Xor(b0, in))
	s.SetNext(b1, s.Xor(b1, s.And(b0, in)))
	s.SetNext(c, c)
	sys := &mc.System{S: s, Inputs: []z.Lit{in}, Bad: s.Ands(b1, b0.Not(), c)}
	r := Check(context.Background(), sys, mc.Options{MaxDepth: 10})
	require.Equal(t, verdict.Safe, r.Verdict, r.Reason)
	assert.True(t, judge.CircuitKInductive(sys, r.K) == nil)

	sys.Bad = s.Ands(b1, b0)
	r = Check(context.Background(), sys, mc.Options{MaxDepth: 10})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	bad, err := mc.Simulate(sys, r.Trace)
	require.NoError(t, err)
	assert.True(t, bad)
}

func seeds(def int) int {
	if n, err := strconv.Atoi(os.Getenv("BOPGO_SEEDS")); err == nil && n > 0 {
		return n
	}
	return def
}

// TestProofsAreInductive runs k-induction on the circuits of random
// programs: every proof is checked k-inductive independently (and not
// (k-1)-inductive, or K would be wrong), every counterexample simulated.
func TestProofsAreInductive(t *testing.T) {
	proved, refuted, unknown := 0, 0, 0
	for seed := int64(1); seed <= int64(seeds(15)); seed++ {
		src := gen.Program(seed, gen.Tiny)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		c, err := circuit.Build(p, "", 3)
		require.NoError(t, err, "seed %d", seed)
		sys := c.System(false) // suppressed starts, as interp at its bound
		r := Check(context.Background(), sys, mc.Options{MaxDepth: 8})
		switch r.Verdict {
		case verdict.Safe:
			proved++
			require.True(t, judge.CircuitKInductive(sys, r.K) == nil, "seed %d: not %d-inductive\n%s", seed, r.K, src)
			require.True(t, r.K == 1 || judge.CircuitKInductive(sys, r.K-1) != nil, "seed %d: already %d-inductive", seed, r.K-1)
		case verdict.Unsafe:
			refuted++
			bad, err := mc.Simulate(sys, r.Trace)
			require.NoError(t, err, "seed %d", seed)
			require.True(t, bad, "seed %d: counterexample misses Bad\n%s", seed, src)
		default:
			unknown++
		}
	}
	t.Logf("%d proved, %d refuted, %d unknown at the depth bound", proved, refuted, unknown)
	assert.Positive(t, proved)
}

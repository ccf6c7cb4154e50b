package kind

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/mc"
)

// kInductive checks, with its own unrollings, all-different constraints
// added eagerly and a fresh gini solver per question, that no bad state
// is reachable in fewer than k steps and that every path of k+1 pairwise
// different states that is good in its first k is good in its last.
func kInductive(sys *mc.System, k int) bool {
	solve := func(c *logic.C, ms ...z.Lit) bool {
		g := gini.New()
		c.ToCnfFrom(g, ms...)
		for _, m := range ms {
			g.Add(m)
			g.Add(0)
		}
		return g.Solve() == 1
	}
	base := logic.NewRoll(sys.S)
	for d := 0; d < k; d++ {
		if solve(base.C, base.At(sys.Bad, d)) {
			return false
		}
	}
	free := sys.S.Copy()
	for _, l := range free.Latches {
		free.SetInit(l, z.LitNull)
	}
	u := logic.NewRoll(free)
	var ms []z.Lit
	for d := 0; d < k; d++ {
		ms = append(ms, u.At(sys.Bad, d).Not())
	}
	ms = append(ms, u.At(sys.Bad, k))
	for i := 0; i <= k; i++ {
		for j := i + 1; j <= k; j++ {
			var diff []z.Lit
			for _, l := range free.Latches {
				diff = append(diff, u.C.Xor(u.At(l, i), u.At(l, j)))
			}
			ms = append(ms, u.C.Ors(diff...))
		}
	}
	return !solve(u.C, ms...)
}

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
	require.Equal(t, mc.Safe, r.Verdict, r.Reason)
	assert.True(t, kInductive(sys, r.K))

	sys.Bad = s.Ands(b1, b0)
	r = Check(context.Background(), sys, mc.Options{MaxDepth: 10})
	require.Equal(t, mc.Unsafe, r.Verdict)
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
		case mc.Safe:
			proved++
			require.True(t, kInductive(sys, r.K), "seed %d: not %d-inductive\n%s", seed, r.K, src)
			require.True(t, r.K == 1 || !kInductive(sys, r.K-1), "seed %d: already %d-inductive", seed, r.K-1)
		case mc.Unsafe:
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

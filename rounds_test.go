package bopgo_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// TestRoundsBound: each program's bug needs two rounds of Getafix's
// bound, so one round gives Unknown with the rounds limit and two find
// it, with the explicit engine and on the circuit (BMC, which never says
// "no bug within", at two only). In order.bp one context switch (thread2
// to thread1) is enough, but a round runs thread1 first. reuse.bp's bug
// needs the threads' order of creation, not of circuit slots (a thread
// takes the slot of one that ended, below a live one). The probe p18 is
// switched out before `atomic, at := T, T`, a switch point of bopgo's
// that Getafix lacks (docs/semantics.md, "Getafix's probes"). With
// -short BMC and IC3 run on order.bp and reuse.bp only: two.bp and p18
// take BMC 0.5 and 1 s, IC3 0.1 and 0.15 s to say there is no bug within
// one round, the other subtests together 0.5 s.
func TestRoundsBound(t *testing.T) {
	t.Parallel()
	within := map[bopgo.Engine]string{bopgo.Explicit: "round bound reached: no bug within 1 round", bopgo.IC3: "no bug within 1 round"}
	slowOnCircuit := map[string]bool{"testdata/rounds/two.bp": true, "testdata/getafix-probes/p18_atomic_pair_between_sections.bp": true}
	for _, file := range []string{"testdata/rounds/two.bp", "testdata/rounds/order.bp", "testdata/rounds/reuse.bp",
		"testdata/getafix-probes/p18_atomic_pair_between_sections.bp"} {
		for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.IC3, bopgo.BMC} {
			if testing.Short() && e != bopgo.Explicit && slowOnCircuit[file] {
				continue
			}
			t.Run(file+"/"+string(e), func(t *testing.T) {
				t.Parallel()
				src, err := os.ReadFile(file)
				require.NoError(t, err)
				p, err := bp.Load(file, src)
				require.NoError(t, err)
				opts := bopgo.Options{Engine: e, Rounds: 1, MaxThreads: 3}
				if want, ok := within[e]; ok {
					res, err := bopgo.Check(context.Background(), p, opts)
					require.NoError(t, err)
					assert.Equal(t, verdict.Unknown, res.Verdict, res.Reason)
					assert.Equal(t, verdict.Rounds, res.Limit)
					assert.Equal(t, want, res.Reason)
				}

				unsafeWithin(t, p, opts, 2)
			})
		}
	}
}

// TestRoundsFib4: fib_4_unsafe, one of Getafix's experiments, needs four
// rounds in bopgo (thread1 and thread2 alternate their four sections, one
// each a round, then main reads 55), and Getafix finds it at no bound:
// its switch points lack the one between two sections (docs/semantics.md,
// "Two corpus files at K = 4").
func TestRoundsFib4(t *testing.T) {
	t.Parallel()
	const file = "benchmarks/corpus/getafix-tnl/experiments/fib_4_unsafe.bp"
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	p, err := bp.Load(file, src)
	require.NoError(t, err)
	opts := bopgo.Options{Engine: bopgo.Explicit, Rounds: 3}
	res, err := bopgo.Check(context.Background(), p, opts)
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict, res.Reason)
	assert.Equal(t, verdict.Rounds, res.Limit)

	unsafeWithin(t, p, opts, 4)
}

// unsafeWithin checks that p has a bug within k rounds under opts, and
// replays its trace.
func unsafeWithin(t *testing.T, p *bp.Program, opts bopgo.Options, k int) {
	t.Helper()
	opts.Rounds = k
	res, err := bopgo.Check(context.Background(), p, opts)
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
	opts.Label = p.CheckedLabel("")
	replay(t, p, opts, res)
}

// TestCheckRoundsDeepens: CheckRounds tries one round, says it ended
// without a bug, and finds the bug at two, stopping there however high
// the bound; with context switches, it says one and two ended, and finds
// the bug at three. The explicit engine deepens in one search
// (DeepensBounds).
func TestCheckRoundsDeepens(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/rounds/two.bp")
	require.NoError(t, err)
	p, err := bp.Load("two.bp", src)
	require.NoError(t, err)
	for _, c := range []struct {
		opts bopgo.Options
		done []int
	}{{bopgo.Options{Engine: bopgo.Explicit, Rounds: 5}, []int{1}}, {bopgo.Options{Engine: bopgo.Explicit, Contexts: 5}, []int{1, 2}}} {
		var done []int
		res, err := bopgo.CheckBounded(context.Background(), p, c.opts, func(k int) { done = append(done, k) })
		require.NoError(t, err)
		assert.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
		assert.Equal(t, c.done, done, "%+v", c.opts)
	}
}

// TestCheckBoundedRace: the default deepens inside its race: each bound
// is told once, in order, and none past the bug.
func TestCheckBoundedRace(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/rounds/two.bp")
	require.NoError(t, err)
	p, err := bp.Load("two.bp", src)
	require.NoError(t, err)
	// The bug is within two rounds, and three context switches (init,
	// thread1, thread2, thread1).
	for _, c := range []struct {
		opts   bopgo.Options
		within int
	}{{bopgo.Options{Rounds: 4}, 2}, {bopgo.Options{Contexts: 4}, 3}} {
		opts := c.opts
		var done []int
		res, err := bopgo.CheckBounded(context.Background(), p, opts, func(k int) { done = append(done, k) })
		require.NoError(t, err)
		assert.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
		for i, k := range done {
			assert.Equal(t, i+1, k, "the bounds in order, once each: %v", done)
		}
		assert.Less(t, len(done), c.within, "none past the bug: %v", done)
		// The explicit engine races twice: under the bound, and for
		// every interleaving (portfolio.go, unboundedExplicit).
		var explicit []bool
		for _, e := range res.Race {
			if e.Engine == bopgo.Explicit {
				explicit = append(explicit, e.Unbounded)
			}
		}
		assert.Equal(t, []bool{false, true}, explicit, "%+v", res.Race)
		// The explicit engine under the bound holds a core of two: its
		// weight is the others' together (portfolio.go, holdCore).
		others, bounded := 0, 0
		for _, e := range res.Race {
			if e.Engine == bopgo.Explicit && !e.Unbounded {
				bounded = e.Share
			} else {
				others += e.Share
			}
		}
		assert.Equal(t, others, bounded, "%+v", res.Race)
		// IC3 deepens by runs, each from scratch: under a bound it has
		// less than its share (portfolio.go, boundRunsShare).
		for _, e := range res.Race {
			if info, _ := e.Engine.Info(); e.Engine == bopgo.IC3 {
				assert.Less(t, e.Share, info.Share, "%+v", res.Race)
			}
		}
	}
	// A caller that does not listen (bopgo check without --progress)
	// gets the same race: IC3 still deepens with the least share.
	res, err := bopgo.CheckBounded(context.Background(), p, bopgo.Options{Rounds: 4}, nil)
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
	for _, e := range res.Race {
		if info, _ := e.Engine.Info(); e.Engine == bopgo.IC3 {
			assert.Less(t, e.Share, info.Share, "no listener, the same shares: %+v", res.Race)
		}
	}
	res, err = bopgo.Check(context.Background(), p, bopgo.Options{})
	require.NoError(t, err)
	for _, e := range res.Race {
		assert.False(t, e.Unbounded, "without a bound every engine runs once: %+v", res.Race)
		if info, _ := e.Engine.Info(); e.Engine == bopgo.IC3 {
			assert.GreaterOrEqual(t, e.Share, info.Share, "without a bound IC3 has its share")
		}
	}
}

// TestRoundsWithContexts: the two bounds together are refused, and so
// is either above MaxBound.
func TestRoundsWithContexts(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("t.bp", []byte(`void main() begin skip; end`))
	require.NoError(t, err)
	_, err = bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, Contexts: 1, Rounds: 1})
	require.Error(t, err)
	for _, o := range []bopgo.Options{{Contexts: bopgo.MaxBound + 1}, {Rounds: bopgo.MaxBound + 1}} {
		_, err = bopgo.Check(context.Background(), p, o)
		require.ErrorContains(t, err, "above 65535")
	}
	_, err = bopgo.Check(context.Background(), p, bopgo.Options{Rounds: bopgo.MaxBound})
	require.NoError(t, err)
}

// TestRoundsDifferential compares the bound on rounds with the symbolic
// engine's answer for every interleaving, on random programs of both
// dialects: a bug within K rounds is a bug (an unbounded Safe admits
// none at any K), a bug within K rounds is one within K+1, and a search
// that finds none says why (the rounds limit, or the thread bound).
func TestRoundsDifferential(t *testing.T) {
	t.Parallel()
	n := gen.Count(30, 6)
	for _, name := range []string{"tiny", "getafix"} {
		f, _ := gen.FamilyNamed(name)
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= int64(n); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				full, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic})
				require.NoError(t, err, "seed %d", seed)
				unsafe := false
				for k := 1; k <= 3; k++ {
					what := fmt.Sprintf("seed %d (%s), %d rounds", seed, f.Name, k)
					res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, Rounds: k})
					require.NoError(t, err, what)
					switch {
					case res.Verdict == verdict.Unsafe && full.Verdict != verdict.Unsafe:
						t.Fatalf("%s: a bug within the bound, none for symbolic (%v: %s)\n%s", what, full.Verdict, full.Reason, src)
					case unsafe && res.Verdict != verdict.Unsafe:
						t.Fatalf("%s: %v (%s), but a bug within %d rounds\n%s", what, res.Verdict, res.Reason, k-1, src)
					case res.Verdict == verdict.Safe && full.Verdict == verdict.Unsafe:
						t.Fatalf("%s: Safe within the bound, but symbolic finds a bug\n%s", what, src)
					case res.Verdict == verdict.Unknown && res.Limit != verdict.Rounds && res.Limit != verdict.Threads:
						t.Fatalf("%s: Unknown with limit %v (%s)\n%s", what, res.Limit, res.Reason, src)
					}
					unsafe = res.Verdict == verdict.Unsafe
				}
			}
		})
	}
}

package cover

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustSystem(t *testing.T, src string) *tts.System {
	t.Helper()
	sys, err := tts.Read("t.tts", strings.NewReader(src))
	require.NoError(t, err)
	return sys
}

func state(t *testing.T, s string) tts.State {
	t.Helper()
	st, err := tts.ParseState(s)
	require.NoError(t, err)
	return st
}

// TestMinimalThreads: a bug that needs three threads in local 1 at once
// is found with exactly three (two spawned), and the path replays.
func TestMinimalThreads(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "2 3\n0 0 +> 0 1\n0 0 -> 1 2\n")
	opts := Options{Init: state(t, "0|0"), Target: state(t, "1|1,1,1")}
	for _, budget := range []int{0, -1} {
		opts.ForwardBudget = budget
		res, err := Check(t.Context(), sys, opts)
		require.NoError(t, err)
		require.Equal(t, verdict.Unsafe, res.Verdict)
		assert.Equal(t, 4, res.Path.Threads, "budget %d", budget)
		checkEvidence(t, sys, opts, res)
		certCheckHook(t, sys, opts, res)
	}
}

// TestBroadcastBlocksCover: each move sends the other threads of local 0
// away (bfc's accel_fault1), so two threads never meet in local 1.
func TestBroadcastBlocksCover(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "1 3\n0 0 -> 0 1 0 ~> 2\n")
	opts := Options{Init: state(t, "0/0"), Target: state(t, "0|1,1")}
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict)
	certCheckHook(t, sys, opts, res)
	// Without the broadcast the bug needs two threads.
	sys = mustSystem(t, "1 3\n0 0 -> 0 1\n")
	res, err = Check(t.Context(), sys, opts)
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict)
	assert.Equal(t, 2, res.Path.Threads)
	assert.True(t, res.Path.Minimal)
}

// TestRandomAgree: on random small systems the three algorithms, with
// and without the forward search, agree, minimal thread counts agree
// with the test's own search, and the evidence checks. One parallel
// subtest per seed, named by it.
func TestRandomAgree(t *testing.T) {
	t.Parallel()
	n := 300
	if testing.Short() {
		n = 60
	}
	for seed := int64(1); seed <= int64(n); seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			t.Parallel()
			randomAgree(t, seed)
		})
	}
}

func randomAgree(t *testing.T, seed int64) {
	r := rand.New(rand.NewSource(seed))
	src, init, target := gen.TTS(r, 5, false)
	sys := mustSystem(t, src)
	opts := Options{Init: state(t, init), Target: state(t, target)}
	var verdicts []verdict.Verdict
	minimal := -1 // thread count of the paths said to be minimal
	for _, alg := range []Algorithm{Accelerated, Pruned, Plain} {
		for _, budget := range []int{-1, 0} {
			o := opts
			o.Algorithm, o.ForwardBudget = alg, budget
			res, err := Check(t.Context(), sys, o)
			require.NoError(t, err)
			verdicts = append(verdicts, res.Verdict)
			if res.Verdict == verdict.Unsafe && res.Path.Minimal {
				if minimal >= 0 && minimal != res.Path.Threads {
					t.Fatalf("minimal paths with %d and %d threads", minimal, res.Path.Threads)
				}
				minimal = res.Path.Threads
				if coverableWith(sys, o, minimal-1) {
					t.Fatalf("a run with %d threads covers the target, the path has %d and says minimal", minimal-1, minimal)
				}
			}
			if res.Verdict == verdict.Unsafe && !coverableWith(sys, o, res.Path.Threads) {
				t.Fatalf("no run with %d threads found by the test's search", res.Path.Threads)
			}
			checkEvidence(t, sys, o, res)
			certCheckHook(t, sys, o, res)
		}
	}
	for _, v := range verdicts[1:] {
		if v != verdicts[0] {
			t.Fatalf("verdicts %v disagree\n%s\ninit %s target %s", verdicts, src, init, target)
		}
	}
}

// TestLimits: a search that does not decide returns the limit that
// stopped it, from where it hit it: the element bound, or the context's
// end, a deadline or a cancellation with its cause.
func TestLimits(t *testing.T) {
	t.Parallel()
	sys := mustSystem(t, "2 3\n0 0 +> 0 1\n0 0 -> 1 2\n")
	opts := Options{Init: state(t, "0|0"), Target: state(t, "1|1,1,1"), ForwardBudget: -1}
	expired, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	why := errors.New("the caller had enough")
	cancelled, stop := context.WithCancelCause(t.Context())
	stop(why)
	for _, alg := range []Algorithm{Accelerated, Pruned, Plain} {
		opts.Algorithm = alg
		res, err := Check(expired, sys, opts)
		require.NoError(t, err)
		assert.Equal(t, verdict.Unknown, res.Verdict, alg)
		assert.Equal(t, verdict.Time, res.Limit, alg)
		res, err = Check(cancelled, sys, opts)
		require.NoError(t, err)
		assert.Equal(t, verdict.Cancelled, res.Limit, alg)
		assert.Contains(t, res.Reason, why.Error(), alg)
	}

	rc := regressionCase{name: "mesh2x2_vs", dir: filepath.Join("testdata", "bfc-regression", "mesh2x2_vs"), target: "main.prop"}
	sys, opts = rc.load(t)
	opts.ForwardBudget, opts.MaxElements = -1, 10
	for _, alg := range []Algorithm{Accelerated, Plain} {
		opts.Algorithm = alg
		res, err := Check(t.Context(), sys, opts)
		require.NoError(t, err)
		assert.Equal(t, verdict.Unknown, res.Verdict, alg)
		assert.Equal(t, verdict.States, res.Limit, alg)
		assert.Equal(t, 10, res.Stats.Elements, alg)
		assert.Equal(t, "backward search limit of 10 elements reached", res.Reason, alg)
	}
}

// The invariant stops once more counts than its bound have risen, and
// Check then goes on without it, within the element bound.
func TestInvariantBound(t *testing.T) {
	t.Parallel()
	rc := regressionCase{name: "mesh2x2_vs", dir: filepath.Join("testdata", "bfc-regression", "mesh2x2_vs"), target: "main.prop"}
	sys, opts := rc.load(t)
	c, err := compile(t.Context(), sys, opts)
	require.NoError(t, err)
	inv := c.invariant(t.Context(), 0)
	require.NotNil(t, inv)
	counts := 0
	for _, caps := range inv.caps {
		for _, v := range caps {
			counts += int(v)
		}
	}
	require.Greater(t, counts, 2, "too small an invariant for the test")
	assert.NotNil(t, c.invariant(t.Context(), counts), "each rise adds at least one to a count: there are at most counts rises")
	assert.Nil(t, c.invariant(t.Context(), 1))

	opts.ForwardBudget, opts.MaxElements = -1, 1
	res, err := Check(t.Context(), sys, opts)
	require.NoError(t, err)
	assert.Equal(t, verdict.States, res.Limit)
}

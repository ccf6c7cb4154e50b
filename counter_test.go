package bopgo_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// The counter engine gives every conformance program that it decides its
// expected verdict; Check has replayed its traces and re-checked its
// certificates.
func TestCounterConformance(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read("testdata/boppo")
	require.NoError(t, err)
	decided := 0
	for _, c := range cases {
		p := loadFile(t, c.Path("testdata/boppo"))
		opts := bopgo.Options{Label: c.Label, Engine: bopgo.Counter}
		res, err := bopgo.Check(context.Background(), p, opts)
		require.NoError(t, err, c.Dir)
		if res.Verdict == verdict.Unknown {
			t.Logf("%s: counter undecided: %s", c.Dir, res.Reason)
			continue
		}
		decided++
		assert.Equal(t, c.Expected, res.Verdict.String(), "%s: %s", c.Dir, res.Reason)
		replay(t, p, opts, res)
	}
	t.Logf("counter decided %d of %d conformance programs", decided, len(cases))
	assert.GreaterOrEqual(t, decided, 30)
}

// liveThreads is the largest number of threads alive at once in a
// counterexample: the thread bound an engine needs to find it.
func liveThreads(tr *bopgo.Trace) int {
	n := len(tr.Exec.Final.Threads)
	for _, s := range tr.Exec.Steps {
		n = max(n, len(s.Before.Threads))
	}
	return n
}

// TestCounterAgreesWithBoundedEngines: on random programs whose main
// starts threads in loops, the counter engine (for any number of threads)
// and the explicit engine (up to counterThreads threads) do not
// contradict each other: a bug the explicit engine finds, the counter
// engine finds; a bug the counter engine finds with at most
// counterThreads live threads, the explicit engine finds; a counter proof
// of safety means the explicit search finds no bug. The counter engine
// must decide most programs, both those with a bug and those where the
// explicit search finds none, or the comparison says little.
//
// The broadcast programs have no helper functions: each inlined call adds
// the helper's locals to the thread's, which multiplies the local states
// the counter engine translates (seconds on a few seeds) and adds nothing
// to the comparison; the other broadcast differential tests keep them.
func TestCounterAgreesWithBoundedEngines(t *testing.T) {
	t.Parallel()
	const counterThreads = 3
	plain := gen.Small
	plain.Stmts = 6
	plain.SpawnLoop = true
	bcast := gen.SmallBroadcast
	bcast.SpawnLoop = true
	bcast.Helpers = 0
	// Programs by what the explicit search found (a bug, or none up to
	// its bound), and how many of them the counter engine decided.
	var mu sync.Mutex
	var buggy, bugFree, buggyDecided, bugFreeDecided, proved int
	t.Cleanup(func() {
		t.Logf("explicit found a bug in %d programs (counter decided %d) and none in %d (counter decided %d, proved %d safe for any number of threads)",
			buggy, buggyDecided, bugFree, bugFreeDecided, proved)
		if buggyDecided*4 < buggy*3 || bugFreeDecided*4 < bugFree*3 {
			t.Errorf("the counter engine decided too few programs: %d of %d with a bug, %d of %d without", buggyDecided, buggy, bugFreeDecided, bugFree)
		}
		if !t.Failed() && proved == 0 {
			t.Errorf("no program was proved safe where the explicit search is bounded: the counter engine's proofs were not compared")
		}
	})
	for _, tc := range []struct {
		name string
		cfg  gen.Config
	}{{"plain", plain}, {"broadcasts", bcast}} {
		t.Run(tc.name, func(t *testing.T) {
			eachSeed(t, seeds(60), func(t *testing.T, seed int64) {
				p, src := randomProgram(t, tc.cfg, seed)
				if ok, _ := p.TargetReachable(p.Targets(""), ""); !ok {
					return // no assertion to fail: every engine says so at once
				}
				c, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Counter, MaxStates: 50000})
				require.NoError(t, err, "seed %d\n%s", seed, src)
				e, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, MaxThreads: counterThreads, MaxStates: 50000})
				require.NoError(t, err, "seed %d\n%s", seed, src)
				what := fmt.Sprintf("seed %d: counter says %v (%s), explicit %v (%s)\n%s", seed, c.Verdict, c.Reason, e.Verdict, e.Reason, src)
				// The explicit search is complete up to its bound unless it
				// stopped at its state limit.
				complete := e.Verdict != verdict.Unknown || e.Limit == verdict.Threads
				// A counter proof of safety agrees with an explicit search
				// that finds no bug.
				if complete && c.Verdict != verdict.Unknown {
					switch {
					case e.Verdict == verdict.Unsafe:
						require.Equal(t, verdict.Unsafe, c.Verdict, what)
					case c.Verdict == verdict.Unsafe && e.Verdict == verdict.Safe:
						t.Fatalf("%s: the explicit engine proves safety", what)
					case c.Verdict == verdict.Unsafe: // the explicit search found no bug up to its bound
						require.Greater(t, liveThreads(c.Trace), counterThreads, "%s: the explicit search should have found the counter engine's bug", what)
					}
				}
				if !complete {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if e.Verdict == verdict.Unsafe {
					buggy++
					if c.Verdict != verdict.Unknown {
						buggyDecided++
					}
					return
				}
				bugFree++
				if c.Verdict != verdict.Unknown {
					bugFreeDecided++
				}
				if c.Verdict == verdict.Safe && e.Verdict == verdict.Unknown {
					proved++
				}
			})
		})
	}
}

// TestCounterReadsBroadcasts: DESIGN.md's two checks of the reading, for
// any number of threads. The broadcast reaches the started thread, not
// main (UNSAFE, the trace replayed by Check); with the two statements
// swapped there is no passive thread at the broadcast and the new thread
// copies main's x = F (SAFE).
func TestCounterReadsBroadcasts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want verdict.Verdict
	}{
		{`void main() begin decl x; x := F; start_thread goto W;
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, verdict.Unsafe},
		{`void main() begin decl x; x := F; x, x$ := x, T;
  start_thread goto W; end_thread;
W: assert(!x); end_thread; end`, verdict.Safe},
		{`void main() begin decl x; x := F; while * do start_thread goto W; od
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, verdict.Unsafe},
	} {
		p, err := bp.Load("b.bp", []byte(tc.src))
		require.NoError(t, err)
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Counter, Broadcast: reading})
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Verdict, "%s under the %s reading: %s", tc.src, reading, res.Reason)
		}
	}
}

package bopgo_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
)

// The counter engine gives every conformance program that it decides its
// expected verdict; Check has replayed its traces and re-checked its
// certificates.
func TestCounterConformance(t *testing.T) {
	cases, err := conformance.Read("testdata/boppo")
	require.NoError(t, err)
	decided := 0
	for _, c := range cases {
		p := loadFile(t, c.Path("testdata/boppo"))
		opts := bopgo.Options{Label: c.Label, Engine: bopgo.Counter}
		res, err := bopgo.Check(context.Background(), p, opts)
		require.NoError(t, err, c.Dir)
		if res.Verdict == bopgo.Unknown {
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

// TestCounterAgreesWithBoundedEngines: on random programs whose threads
// start threads in loops, a bug the explicit engine finds with some bound
// the counter engine finds too, and a counter proof of safety means no
// bound finds a bug. Seeds in failures; BOPGO_SEEDS=N for more.
func TestCounterAgreesWithBoundedEngines(t *testing.T) {
	n := 40
	if s, err := strconv.Atoi(os.Getenv("BOPGO_SEEDS")); err == nil && s > 0 {
		n = s
	}
	if testing.Short() {
		n = 20
	}
	plain := gen.Small
	plain.Stmts = 6
	plain.SpawnLoop = true
	bcast := gen.SmallBroadcast
	bcast.SpawnLoop = true
	for _, tc := range []struct {
		name string
		cfg  gen.Config
	}{{"plain", plain}, {"broadcasts", bcast}} {
		t.Run(tc.name, func(t *testing.T) {
			agree, undecided := 0, 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := gen.Program(seed, tc.cfg)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				c, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Counter, MaxStates: 200000})
				require.NoError(t, err, "seed %d\n%s", seed, src)
				if c.Verdict == bopgo.Unknown {
					undecided++
					continue
				}
				e, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, MaxThreads: 4, MaxStates: 200000})
				require.NoError(t, err, "seed %d", seed)
				switch {
				case e.Verdict == bopgo.Unsafe:
					require.Equal(t, bopgo.Unsafe, c.Verdict, "seed %d: explicit finds a bug, counter says %v (%s)\n%s", seed, c.Verdict, c.Reason, src)
				case e.Verdict == bopgo.Safe:
					require.Equal(t, bopgo.Safe, c.Verdict, "seed %d: explicit proves safe, counter says %v (%s)\n%s", seed, c.Verdict, c.Reason, src)
				case c.Verdict == bopgo.Safe:
					// Explicit stopped at its bound: no bug there either.
					require.NotEqual(t, bopgo.Unsafe, e.Verdict, "seed %d", seed)
				}
				agree++
			}
			t.Logf("%d programs: %d decided by the counter engine and compared, %d undecided", n, agree, undecided)
			require.Positive(t, agree, "the counter engine decided none")
		})
	}
}

// TestCounterReadsBroadcasts: DESIGN.md's two checks of the reading, for
// any number of threads. The broadcast reaches the started thread, not
// main (UNSAFE, the trace replayed by Check); with the two statements
// swapped there is no passive thread at the broadcast and the new thread
// copies main's x = F (SAFE).
func TestCounterReadsBroadcasts(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bopgo.Verdict
	}{
		{`void main() begin decl x; x := F; start_thread goto W;
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, bopgo.Unsafe},
		{`void main() begin decl x; x := F; x, x$ := x, T;
  start_thread goto W; end_thread;
W: assert(!x); end_thread; end`, bopgo.Safe},
		{`void main() begin decl x; x := F; while * do start_thread goto W; od
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, bopgo.Unsafe},
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

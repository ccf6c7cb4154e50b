package spin

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/conformance"
	pan "github.com/bopgo/bopgo/internal/spin"
	"github.com/bopgo/bopgo/judge"
)

// conformanceDefault are the conformance programs the normal run checks
// (each a pan compilation, 0.3 to 0.6 s of gcc): every kind, and most of
// the unsafe ones with threads, whose trails have the most to map.
// BOPGO_SPIN_ALL=1 checks all 37.
var conformanceDefault = map[string]bool{
	"Simple1": true, "Reachability1": true, "Taken1": true, "Deep1": true,
	"Threads1": true, "Threads3": true, "Threads5": true, "Threads6": true, "Threads8": true,
	"n-peterson": true, "p-conc": true, "Threads7": true,
}

// TestConformance: on the BoPPo conformance programs SPIN gives the
// explicit engine's verdict (and the expected one), every Unsafe comes
// with a trace that bp/interp replays, given as the Execution evidence,
// and every Safe with the Unchecked evidence.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("SPIN tests skipped with -short (they compile pan with gcc): run without -short")
	}
	if err := pan.Available(); err != nil {
		t.Skipf("SPIN tests skipped: %v (apt-get install spin gcc, as .ci/run does)", err)
	}
	root := filepath.Join("..", "..", "testdata", "boppo")
	cases, err := conformance.Read(root)
	require.NoError(t, err)
	all := os.Getenv("BOPGO_SPIN_ALL") != ""
	for _, c := range cases {
		if !all && !conformanceDefault[c.Dir] {
			continue
		}
		t.Run(c.Dir, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(c.Path(root))
			require.NoError(t, err)
			prog, err := bp.Load(c.Path(root), src)
			require.NoError(t, err)
			label := prog.CheckedLabel(c.Label)
			bound := 8 // bopgo.Check's: the program's own bound, if it has one
			if n, bounded := prog.MaxThreads(); bounded && n <= 64 {
				bound = max(n, 1)
			}
			p := &engine.Problem{Prog: prog, Label: label, Targets: prog.Targets(label), Meter: &engine.Meter{}}
			if ok, why := prog.TargetReachable(p.Targets, label); !ok {
				t.Skipf("bopgo.Check answers without SPIN: %s", why)
			}
			run := New(Options{MaxMemory: 256 << 20, QuickCompile: true})
			r, err := run(context.Background(), p, bound, true)
			require.NoError(t, err)

			want, _ := explicit.Search(context.Background(), prog, explicit.Options{Label: label}, bound)
			if want.Verdict == engine.Safe && want.BoundHit {
				want.Verdict = engine.Unknown
			}
			assert.Equal(t, want.Verdict, r.Verdict, "the explicit engine's verdict (%s)", r.Reason)
			assert.Equal(t, c.Expected, r.Verdict.String())
			switch r.Verdict {
			case engine.Unsafe:
				require.NotNil(t, r.Counterexample())
				assert.NoError(t, judge.Replay(prog, judge.Options{Label: label}, r.Counterexample()), "SPIN's trace replays")
			case engine.Safe:
				assert.IsType(t, &engine.Unchecked{}, r.Evidence)
			}
		})
	}
}

package judge_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// TestEnabledAgreesWithSuccessors: in every state of the counterexamples
// of random programs, broadcasts included, a thread is Enabled exactly
// when enumerating its step's outcomes finds one (or a failing
// assertion).
func TestEnabledAgreesWithSuccessors(t *testing.T) {
	t.Parallel()
	n := int64(40)
	if testing.Short() {
		n = 10
	}
	checked, blocked := 0, 0
	for _, cfg := range []gen.Config{gen.Small, gen.SmallBroadcast} {
		for seed := int64(0); seed < n; seed++ {
			p := load(t, gen.Program(seed, cfg))
			for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
				tr := counterexample(p, "", reading, 3)
				if tr == nil {
					continue
				}
				sem := interp.New(p, judge.Options{Broadcast: reading})
				en := judge.NewEnabler(p, judge.Options{Broadcast: reading})
				for i := range tr.Steps {
					s := &tr.Steps[i].Before
					for ti := range s.Threads {
						succ, failed, err := sem.Successors(s, ti, 0)
						if err != nil {
							continue
						}
						ok, err := en.Enabled(s, ti)
						require.NoError(t, err)
						require.Equal(t, len(succ) > 0 || failed, ok, "seed %d (%v) step %d thread %d:\n%s", seed, reading, i, s.Threads[ti].ID, gen.Program(seed, cfg))
						checked++
						if !ok {
							blocked++
						}
					}
				}
			}
		}
	}
	t.Logf("%d threads checked, %d blocked", checked, blocked)
	require.Positive(t, blocked, "some thread must be blocked somewhere")
}

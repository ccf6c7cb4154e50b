package bopgo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
)

// TestWideParityVerdicts checks the family's verdicts on small instances
// with both engines: safe, and with the bug unsafe exactly for even v.
func TestWideParityVerdicts(t *testing.T) {
	for v := 3; v <= 6; v++ {
		for _, bug := range []bool{false, true} {
			p, err := bp.Load("wide.bp", []byte(benchmarks.WideParity(v, bug)))
			require.NoError(t, err)
			want := bopgo.Safe
			if bug && v%2 == 0 {
				want = bopgo.Unsafe
			}
			for _, engine := range bopgo.Engines {
				opts := bopgo.Options{Engine: engine}
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				assert.Equal(t, want, res.Verdict, "v=%d bug=%v %s: %s", v, bug, engine, res.Reason)
				replay(t, p, opts, res)
			}
		}
	}
}

// BenchmarkWideParity measures the symbolic engine on the wide
// non-deterministic loop (benchmarks.WideParity) as the number of
// variables grows; an explicit-state search needs 2^(v-1) states.
func BenchmarkWideParity(b *testing.B) {
	for _, v := range []int{8, 12, 16, 20, 24, 30} {
		for _, bug := range []bool{false, true} {
			name := fmt.Sprintf("v=%d", v)
			if bug {
				name += "/bug"
			}
			b.Run(name, func(b *testing.B) {
				p, err := bp.Load("wide.bp", []byte(benchmarks.WideParity(v, bug)))
				require.NoError(b, err)
				var res bopgo.Result
				for b.Loop() {
					res, err = bopgo.Check(context.Background(), p, bopgo.Options{})
					require.NoError(b, err)
				}
				b.ReportMetric(float64(res.Stats.States), "states")
				b.ReportMetric(float64(res.Stats.SATCalls), "sat_calls")
				b.ReportMetric(float64(res.Stats.QBFCalls), "qbf_calls")
			})
		}
	}
}

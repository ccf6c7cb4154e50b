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
	"github.com/bopgo/bopgo/verdict"
)

func workers(n, k int) string { return benchmarks.Workers(n, k, false) }

// TestWorkersVerdicts checks the lock-sharing family on small instances.
func TestWorkersVerdicts(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 3; n++ {
		for _, bug := range []bool{false, true} {
			p, err := bp.Load("workers.bp", []byte(benchmarks.Workers(n, 2, bug)))
			require.NoError(t, err)
			want := verdict.Safe
			if bug {
				want = verdict.Unsafe
			}
			for _, opts := range []bopgo.Options{{Engine: bopgo.Symbolic}, {Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{NoPOR: true}}, {Engine: bopgo.Explicit}} {
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				assert.Equal(t, want, res.Verdict, "n=%d bug=%v %s nopor=%v: %s", n, bug, opts.Engine, opts.Symbolic.NoPOR, res.Reason)
				replay(t, p, opts, res)
			}
		}
	}
}

// BenchmarkWorkers measures partial-order reduction on n lock-sharing
// workers with k local non-deterministic steps each (benchmarks.Workers).
func BenchmarkWorkers(b *testing.B) {
	for _, nk := range [][2]int{{2, 4}, {3, 4}, {4, 4}, {4, 8}} {
		for _, noPOR := range []bool{false, true} {
			name := fmt.Sprintf("n=%d/k=%d/por=%v", nk[0], nk[1], !noPOR)
			b.Run(name, func(b *testing.B) {
				p, err := bp.Load("w.bp", []byte(benchmarks.Workers(nk[0], nk[1], false)))
				require.NoError(b, err)
				var res bopgo.Result
				for b.Loop() {
					res, err = bopgo.Check(context.Background(), p, bopgo.Options{Symbolic: bopgo.SymbolicOptions{NoPOR: noPOR}})
					require.NoError(b, err)
				}
				b.ReportMetric(float64(res.Counters.Int("states")), "states")
				b.ReportMetric(float64(res.Counters.Int("reduced_expansions")), "reduced")
				b.ReportMetric(float64(res.Counters.Int("qbf_calls")), "qbf_calls")
			})
		}
	}
}

// TestWideParityVerdicts checks the family's verdicts on small instances
// with both engines: safe, and with the bug unsafe exactly for even v.
func TestWideParityVerdicts(t *testing.T) {
	t.Parallel()
	for v := 3; v <= 6; v++ {
		for _, bug := range []bool{false, true} {
			p, err := bp.Load("wide.bp", []byte(benchmarks.WideParity(v, bug)))
			require.NoError(t, err)
			want := verdict.Safe
			if bug && v%2 == 0 {
				want = verdict.Unsafe
			}
			for _, engine := range bopgo.Engines {
				if !bopgo.Decides(engine) || unchecked(engine) {
					continue // bounded by depth: circuit_test.go checks them
				}
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
				b.ReportMetric(float64(res.Counters.Int("states")), "states")
				b.ReportMetric(float64(res.Counters.Int("sat_calls")), "sat_calls")
				b.ReportMetric(float64(res.Counters.Int("qbf_calls")), "qbf_calls")
			})
		}
	}
}

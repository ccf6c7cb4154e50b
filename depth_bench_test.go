package bopgo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// BenchmarkDepth measures re-parameterisation on the depth family
// (benchmarks.Depth, and benchmarks.DepthSequential as shape=seq),
// against BoPPo's plain states:
//
//	go test -run XXX -bench Depth -benchtime 1x .
//
// The plain runs take tens of seconds from v=24 on.
func BenchmarkDepth(b *testing.B) {
	shapes := []struct {
		name string
		gen  func(int, bool) string
	}{{"constrain", benchmarks.Depth}, {"seq", benchmarks.DepthSequential}}
	for _, shape := range shapes {
		for _, v := range []int{4, 8, 12, 16, 20, 24, 30} {
			for _, bug := range []bool{false, true} {
				for _, plain := range []bool{true, false} {
					name := fmt.Sprintf("shape=%s/v=%d/bug=%v/plain=%v", shape.name, v, bug, plain)
					b.Run(name, func(b *testing.B) {
						p, err := bp.Load("depth.bp", []byte(shape.gen(v, bug)))
						require.NoError(b, err)
						var res bopgo.Result
						for b.Loop() {
							res, err = bopgo.Check(context.Background(), p, bopgo.Options{Symbolic: bopgo.SymbolicOptions{PlainStates: plain}})
							require.NoError(b, err)
						}
						want := verdict.Safe
						if bug {
							want = verdict.Unsafe
						}
						require.Equal(b, want, res.Verdict, res.Reason)
						b.ReportMetric(float64(res.Counters.Int("states")), "states")
						b.ReportMetric(float64(res.Counters.Int("reparameterised_states")), "reparam")
						b.ReportMetric(res.Counters.Get("qbf_seconds"), "qbf_s")
					})
				}
			}
		}
	}
}

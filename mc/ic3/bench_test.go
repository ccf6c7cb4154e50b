package ic3

import (
	"context"
	"fmt"
	"testing"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
	"github.com/bopgo/bopgo/verdict"
)

// BenchmarkCounter runs ic3 on n-bit counters, whose only counterexample
// takes 2^n-1 steps: hard for IC3, which learns about one clause per value.
func BenchmarkCounter(b *testing.B) {
	for _, n := range []int{6, 8} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var res mc.Result
			for b.Loop() {
				res = Check(context.Background(), mctest.Counter(n), mc.Options{})
			}
			if res.Verdict != verdict.Unsafe {
				b.Fatalf("counter(%d): %v", n, res.Verdict)
			}
			b.ReportMetric(float64(res.Stats.SATCalls), "satcalls/op")
			b.ReportMetric(float64(res.Depth), "frames")
		})
	}
}

// BenchmarkRandom runs ic3 on random circuits of 30 to 59 latches.
func BenchmarkRandom(b *testing.B) {
	calls := 0
	for b.Loop() {
		for seed := int64(1); seed <= 30; seed++ {
			latches := 30 + int(seed%30)
			res := Check(context.Background(), mctest.Random(seed, latches, 4, 2*latches), mc.Options{})
			calls += res.Stats.SATCalls
		}
	}
	b.ReportMetric(float64(calls)/float64(b.N), "satcalls/op")
}

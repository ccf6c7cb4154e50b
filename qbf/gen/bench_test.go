package gen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bopgo/bopgo/qbf"
)

// BenchmarkSolveGenerated solves a fixed set of generated formulas with
// each gate mode, to compare what the truth-table gates pay:
//
//	go test ./qbf/gen -run - -bench SolveGenerated -benchtime 3x
func BenchmarkSolveGenerated(b *testing.B) {
	var qs []*qbf.QDIMACS
	for i := range uint64(20) {
		q, err := Formula(Random(rand.New(rand.NewPCG(1, i)), 10, 6))
		if err != nil {
			b.Fatal(err)
		}
		qs = append(qs, q)
	}
	for _, mode := range []struct {
		name string
		opts qbf.Options
	}{
		{"all", qbf.Options{}},
		{"patterns", qbf.Options{Gates: qbf.GatesPatterns}},
	} {
		b.Run(fmt.Sprintf("gates=%s", mode.name), func(b *testing.B) {
			var iters int64
			for b.Loop() {
				for _, q := range qs {
					// A run that cannot finish in time is cut off,
					// and its iterations still count.
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
					res, err := qbf.SolveQDIMACSWith(ctx, q, mode.opts)
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					iters += res.Stats.Iterations
				}
			}
			b.ReportMetric(float64(iters)/float64(b.N), "iterations/op")
		})
	}
}

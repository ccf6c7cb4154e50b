package qbf

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// random2QBF returns a random ∀X ∃Y formula in the style of Chen and
// Interian's model A: every clause has one universal and two existential
// literals over distinct variables, so neither block decides it alone.
func random2QBF(r *rand.Rand, nx, ny, nc int) *QDIMACS {
	q := &QDIMACS{NumVars: nx + ny}
	q.Prefix = []Block{{Quant: Universal}, {Quant: Existential}}
	for v := 1; v <= nx; v++ {
		q.Prefix[0].Vars = append(q.Prefix[0].Vars, v)
	}
	for v := nx + 1; v <= nx+ny; v++ {
		q.Prefix[1].Vars = append(q.Prefix[1].Vars, v)
	}
	sign := func(v int) int {
		if r.IntN(2) == 0 {
			return -v
		}
		return v
	}
	for range nc {
		y1 := nx + 1 + r.IntN(ny)
		y2 := nx + 1 + r.IntN(ny-1)
		if y2 >= y1 {
			y2++
		}
		q.Clauses = append(q.Clauses, []int{sign(1 + r.IntN(nx)), sign(y1), sign(y2)})
	}
	return q
}

func BenchmarkSolveRandom2QBF(b *testing.B) {
	for _, size := range []struct{ nx, ny, nc int }{
		// Near the phase transition (clauses ≈ 1.75 × existentials),
		// where roughly half the formulas are true.
		{8, 16, 28},
		{16, 32, 56},
		{32, 64, 112},
	} {
		name := fmt.Sprintf("x%d_y%d_c%d", size.nx, size.ny, size.nc)
		b.Run(name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(uint64(size.nx), 3))
			qs := make([]*QDIMACS, 20)
			for i := range qs {
				qs[i] = random2QBF(r, size.nx, size.ny, size.nc)
			}
			var iters, calls, trues, runs int64
			for b.Loop() {
				for _, q := range qs {
					res, err := SolveQDIMACS(context.Background(), q)
					if err != nil {
						b.Fatal(err)
					}
					iters += res.Stats.Iterations
					calls += res.Stats.SATCalls
					if res.Truth == True {
						trues++
					}
					runs++
				}
			}
			b.ReportMetric(float64(iters)/float64(runs), "iterations/formula")
			b.ReportMetric(float64(calls)/float64(runs), "satcalls/formula")
			b.ReportMetric(float64(trues)/float64(runs), "true/formula")
		})
	}
}

// hardQDIMACS returns ∀X ∃Y Z. ∧ (xi ∨ yi ∨ zi)(¬xi ∨ ¬yi)(¬xi ∨ ¬zi)
// over n triples. It is true, and each CEGAR round rules out a single x
// (any answer pins every xi), so the solver needs 2^n rounds. Unlike
// xi ≠ yi, the clauses define no gate, so gate extraction cannot help.
func hardQDIMACS(n int) *QDIMACS {
	q := &QDIMACS{NumVars: 3 * n, Prefix: []Block{{Quant: Universal}, {Quant: Existential}}}
	for i := 1; i <= n; i++ {
		y, z := n+i, 2*n+i
		q.Prefix[0].Vars = append(q.Prefix[0].Vars, i)
		q.Prefix[1].Vars = append(q.Prefix[1].Vars, y, z)
		q.Clauses = append(q.Clauses, []int{i, y, z}, []int{-i, -y}, []int{-i, -z})
	}
	return q
}

// BenchmarkIterationCost measures one CEGAR round: a candidate call, a
// check call and a refinement.
func BenchmarkIterationCost(b *testing.B) {
	q := hardQDIMACS(10)
	var iters, runs int64
	for b.Loop() {
		res, err := SolveQDIMACS(context.Background(), q)
		if err != nil || res.Truth != True {
			b.Fatalf("got %v, %v; want true", res.Truth, err)
		}
		iters += res.Stats.Iterations
		runs++
	}
	b.ReportMetric(float64(iters)/float64(runs), "iterations/formula")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(iters), "ns/iteration")
}

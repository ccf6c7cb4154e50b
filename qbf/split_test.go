package qbf

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// TestRandomSplitAgainstBruteForce conjoins independent random parts in
// one circuit, some quantified through negative literals, and compares
// the verdict and the witness with brute force.
func TestRandomSplitAgainstBruteForce(t *testing.T) {
	split, n := 0, seeds(800)
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 8))
		c := logic.NewC()
		var p Problem
		p.Circuit = c
		matrix := c.T
		for range 1 + r.IntN(3) {
			x, y := inputs(c, 1+r.IntN(3)), inputs(c, r.IntN(3))
			pool := append(append([]z.Lit(nil), x...), y...)
			pick := func() z.Lit { return pool[r.IntN(len(pool))].Not() }
			for range 1 + r.IntN(5) {
				if r.IntN(3) == 0 {
					pool = append(pool, c.Xor(pick(), pick()))
				} else {
					pool = append(pool, c.Or(pick(), pick()))
				}
			}
			matrix = c.And(matrix, pool[len(pool)-1])
			for _, m := range x {
				if r.IntN(2) == 0 {
					m = m.Not()
				}
				p.Forall = append(p.Forall, m)
			}
			p.Exists = append(p.Exists, y...)
		}
		p.Matrix = matrix
		l, err := compile(p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if l.components() != nil {
			split++
		}
		want := bruteForce(p)
		res, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Truth != want {
			t.Fatalf("seed %d: verdict %v, brute force says %v", seed, res.Truth, want)
		}
		if want == False && existsY(c, p, res.Witness) {
			t.Fatalf("seed %d: witness %v has an existential answer", seed, res.Witness)
		}
	}
	if split < n/4 {
		t.Fatalf("only %d of %d problems split; the test builds too few parts", split, n)
	}
}

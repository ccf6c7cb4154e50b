package gen

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bopgo/bopgo/qbf"
)

// TestTopDownRecoversGates checks that a formula numbered top down, with
// shared subformulas, yields as many gates as the same formula numbered
// bottom up, nearly: the recovery follows the circuit, not the
// numbering. (The two fixed directions alone find about three quarters.)
func TestTopDownRecoversGates(t *testing.T) {
	var up, down int
	for seed := range uint64(40) {
		p := Random(rand.New(rand.NewPCG(seed, 17)), 8, 6)
		gates := [2]int{}
		for i, down := range []bool{false, true} {
			p.TopDown = down
			q, err := Formula(p)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			res, err := qbf.SolveQDIMACS(context.Background(), q)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			gates[i] = res.Gates
		}
		up += gates[0]
		down += gates[1]
	}
	if 100*down < 85*up {
		t.Fatalf("%d gates from the formulas numbered top down, %d bottom up", down, up)
	}
}

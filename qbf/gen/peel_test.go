package gen

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bopgo/bopgo/qbf"
)

// TestTopDownRecoversGates checks that a formula numbered top down, with
// shared subformulas, yields as many gates as the same formula numbered
// bottom up, give or take 1%: the recovery follows the circuit, not the
// numbering. (The numbered passes with peeling found 2,455 top down
// against 2,574 bottom up, 95%; the walk from the roots finds 2,676 both
// ways.)
func TestTopDownRecoversGates(t *testing.T) {
	t.Parallel()
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
	t.Logf("%d gates top down, %d bottom up", down, up)
	if 100*down < 99*up {
		t.Fatalf("%d gates from the formulas numbered top down, %d bottom up", down, up)
	}
}

// TestShuffledNumbering solves formulas whose Tseitin variables are
// numbered at random, against the loop run on every choice, and checks
// that gate recovery does not depend on the numbering: the shuffled
// formulas must give as many gates as the same formulas numbered bottom
// up, give or take 1%. (The numbered passes alone found 2,055 where
// the same formulas numbered bottom up gave 2,360.)
func TestShuffledNumbering(t *testing.T) {
	t.Parallel()
	var straight, shuffled int
	for seed := range uint64(60) {
		p := Random(rand.New(rand.NewPCG(seed, 23)), 6, 4)
		want, err := Truth(p)
		if err != nil {
			continue
		}
		for _, shuffle := range []bool{false, true} {
			p.Shuffle = shuffle
			q, err := Formula(p)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			res, err := qbf.SolveQDIMACS(context.Background(), q)
			if err != nil {
				t.Fatalf("seed %d (%v): %v", seed, p, err)
			}
			if (res.Truth == qbf.True) != want || res.Truth == qbf.Unknown {
				t.Fatalf("seed %d (%v): solver says %v, running the loop says %v", seed, p, res.Truth, want)
			}
			if shuffle {
				shuffled += res.Gates
			} else {
				straight += res.Gates
			}
		}
	}
	t.Logf("%d gates straight, %d shuffled", straight, shuffled)
	if straight == 0 || 100*shuffled < 99*straight {
		t.Fatalf("%d gates from the shuffled formulas, %d from the same numbered bottom up", shuffled, straight)
	}
}

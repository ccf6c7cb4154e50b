package gen

import (
	"testing"

	"github.com/bopgo/bopgo/bp"
)

// Every generated program must be accepted by the front end: otherwise the
// differential tests silently test nothing.
func TestProgramsLoad(t *testing.T) {
	satabs := Small
	satabs.SatAbs = true
	for _, cfg := range []Config{Small, Tiny, satabs} {
		for seed := int64(0); seed < 500; seed++ {
			src := Program(seed, cfg)
			if _, err := bp.Load("gen.bp", []byte(src)); err != nil {
				t.Fatalf("seed %d: %v\n%s", seed, err, src)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	if Program(7, Small) != Program(7, Small) {
		t.Fatal("same seed, different programs")
	}
}

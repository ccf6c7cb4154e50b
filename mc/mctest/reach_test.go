package mctest

import (
	"testing"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

func TestReachableCounter(t *testing.T) {
	for n := 1; n <= 5; n++ {
		reach, depth := Reachable(Counter(n))
		if !reach || depth != 1<<n-1 {
			t.Errorf("counter(%d): reachable %v in %d, want true in %d", n, reach, depth, 1<<n-1)
		}
	}
}

func TestReachableUninitialised(t *testing.T) {
	// y' = x, x keeps its value: y is set only if x starts true, which an
	// uninitialised x may; with x initialised false it never is.
	build := func(init z.Lit, s *logic.S) *mc.System {
		x, y := s.Latch(init), s.Latch(s.F)
		s.SetNext(y, x)
		return &mc.System{S: s, Bad: y}
	}
	s := logic.NewS()
	if reach, depth := Reachable(build(z.LitNull, s)); !reach || depth != 1 {
		t.Errorf("uninitialised: reachable %v in %d, want true in 1", reach, depth)
	}
	s = logic.NewS()
	if reach, _ := Reachable(build(s.F, s)); reach {
		t.Errorf("initialised false: reachable")
	}
}

func TestRandomIsDeterministic(t *testing.T) {
	a, b := Random(7, 6, 2, 20), Random(7, 6, 2, 20)
	if a.S.Len() != b.S.Len() || a.Bad != b.Bad {
		t.Fatal("same seed, different circuits")
	}
}

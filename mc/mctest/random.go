package mctest

import (
	"math/rand"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Random returns a random sequential circuit with the given numbers of
// latches, inputs and AND gates; the same seed gives the same circuit.
// About half the latches start false, a quarter true and a quarter are
// uninitialised. Bad is a conjunction of two or three latch literals, so it
// depends on latches only, as mc.System requires.
func Random(seed int64, latches, inputs, gates int) *mc.System {
	r := rand.New(rand.NewSource(seed))
	s := logic.NewS()
	sys := &mc.System{S: s}
	var pool []z.Lit
	for range inputs {
		m := s.Lit()
		sys.Inputs = append(sys.Inputs, m)
		pool = append(pool, m)
	}
	for range latches {
		var init z.Lit
		switch r.Intn(4) {
		case 0, 1:
			init = s.F
		case 2:
			init = s.T
		default:
			init = z.LitNull
		}
		pool = append(pool, s.Latch(init))
	}
	pick := func(ms []z.Lit) z.Lit {
		m := ms[r.Intn(len(ms))]
		if r.Intn(2) == 0 {
			m = m.Not()
		}
		return m
	}
	if len(pool) == 0 {
		pool = append(pool, s.T)
	}
	for range gates {
		// Prefer recent gates so that the circuit gets some depth.
		a := pick(pool)
		b := pick(pool[len(pool)/2:])
		if g := s.And(a, b); g != s.T && g != s.F {
			pool = append(pool, g)
		}
	}
	for _, l := range s.Latches {
		s.SetNext(l, pick(pool))
	}
	sys.Bad = s.F
	if latches > 0 {
		bad := s.T
		for range 2 + r.Intn(2) {
			bad = s.And(bad, pick(s.Latches))
		}
		sys.Bad = bad
	}
	return sys
}

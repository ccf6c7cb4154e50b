package ic3

import (
	"context"
	"math/rand"
	"testing"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
)

// successorIn must agree with simulation: after a satisfiable query at
// level 1, the state and inputs of the model, stepped by mc.Simulate's
// evaluation, give the successor; a random cube holds in it exactly when
// successorIn says so (or successorIn abstains, for an unloaded cone).
func TestSuccessorInAgreesWithSimulation(t *testing.T) {
	answered := 0
	for seed := int64(1); seed <= 60; seed++ {
		latches := 3 + int(seed%8)
		sys := mctest.Random(seed, latches, 2, 3*latches)
		p := newPDR(context.Background(), sys, true)
		p.newFrame()
		s := sys.S
		rng := rand.New(rand.NewSource(seed))
		// F_1 is every state; ask for a successor in a random cube.
		c := randomCube(rng, s.Latches)
		if p.propagates(c, 1) != 1 {
			continue
		}
		sv := p.solvers[1]
		st, in := p.state(sv)
		next := step(sys, st, in)
		for range 20 {
			d := randomCube(rng, s.Latches)
			want := true
			for _, m := range d {
				if next[m.Var()] != m.IsPos() {
					want = false
				}
			}
			got := p.successorIn(sv, d)
			if got && !want {
				t.Fatalf("seed %d: successorIn says the successor is in %v, simulation says not", seed, d)
			}
			if got == want {
				answered++
			}
		}
		if !p.successorIn(sv, c) {
			t.Fatalf("seed %d: the queried cube %v itself is not found to hold after the step", seed, c)
		}
	}
	if answered < 200 {
		t.Fatalf("successorIn agreed with simulation only %d times: it abstains too often to matter", answered)
	}
}

func randomCube(rng *rand.Rand, latches []z.Lit) cube {
	var ms []z.Lit
	for _, l := range latches {
		switch rng.Intn(3) {
		case 0:
			ms = append(ms, l)
		case 1:
			ms = append(ms, l.Not())
		}
	}
	if len(ms) == 0 {
		ms = append(ms, latches[0])
	}
	return newCube(ms)
}

// step returns the latch values after one step from the full state st
// under inputs in, by evaluating the circuit.
func step(sys *mc.System, st cube, in []bool) map[z.Var]bool {
	s := sys.S
	vs := make([]bool, s.Len())
	for _, m := range st {
		vs[m.Var()] = m.IsPos()
	}
	for i, m := range sys.Inputs {
		vs[m.Var()] = in[i]
	}
	s.Eval(vs)
	next := map[z.Var]bool{}
	for _, l := range s.Latches {
		nx := s.Next(l)
		next[l.Var()] = vs[nx.Var()] == nx.IsPos()
	}
	return next
}

package ic3

import (
	"context"
	"math/rand"
	"testing"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc/mctest"
)

// TestXliftKeepsTargets: on random circuits, random states and inputs,
// every state of the cube xlift returns reaches the targets under the
// inputs, checked by evaluating the circuit on every completion of the
// latches it dropped; and it drops latches on some (it is not the
// identity).
func TestXliftKeepsTargets(t *testing.T) {
	dropped := 0
	for seed := int64(1); seed <= 300; seed++ {
		latches := 2 + int(seed%9)
		sys := mctest.Random(seed, latches, int(seed%4), 4*latches)
		s := sys.S
		r := rand.New(rand.NewSource(seed))
		vs := make([]bool, s.Len())
		for _, m := range append(append([]z.Lit{}, s.Latches...), sys.Inputs...) {
			vs[m.Var()] = r.Intn(2) == 0
		}
		s.Eval(vs)
		value := func(m z.Lit) bool { return vs[m.Var()] == m.IsPos() }
		// Targets: the next states of one to three latches, each as
		// this state and these inputs make it.
		var targets []z.Lit
		for i := 0; i <= r.Intn(3) && i < latches; i++ {
			nx := s.Next(s.Latches[r.Intn(latches)])
			if !value(nx) {
				nx = nx.Not()
			}
			targets = append(targets, nx)
		}
		full := make(cube, 0, latches)
		for _, l := range s.Latches {
			if value(l) {
				full = append(full, l)
			} else {
				full = append(full, l.Not())
			}
		}
		inputs := make([]bool, len(sys.Inputs))
		for i, m := range sys.Inputs {
			inputs[i] = value(m)
		}
		p := newPDR(context.Background(), sys, true)
		lifted := p.xlift(newCube(full), inputs, targets)
		dropped += latches - len(lifted)
		checkCompletions(t, seed, sys.S.Latches, lifted, vs, func(ws []bool) {
			s.Eval(ws)
			for _, m := range targets {
				if ws[m.Var()] != m.IsPos() {
					t.Fatalf("seed %d: the cube %v keeps a state that misses target %v", seed, lifted, m)
				}
			}
		})
	}
	if dropped == 0 {
		t.Fatal("xlift dropped no latch on any circuit")
	}
}

// checkCompletions calls f with vs changed, in turn, to every assignment
// of the latches not in c (the other values as in vs).
func checkCompletions(t *testing.T, seed int64, latches []z.Lit, c cube, vs []bool, f func(ws []bool)) {
	t.Helper()
	in := map[z.Var]bool{}
	for _, m := range c {
		in[m.Var()] = true
	}
	var free []z.Var
	for _, l := range latches {
		if !in[l.Var()] {
			free = append(free, l.Var())
		}
	}
	ws := make([]bool, len(vs))
	for bits := 0; bits < 1<<len(free); bits++ {
		copy(ws, vs)
		for i, v := range free {
			ws[v] = bits>>i&1 == 1
		}
		f(ws)
	}
}

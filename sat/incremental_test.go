package sat

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// TestIncrementalAfterUnsat: random 3-literal clauses over fresh gates,
// a solve after each (with and without an assumption), on two solvers of
// one circuit that must agree. Once the clauses are unsatisfiable, gini
// v1.0.4 asked again stopped the process ("internal error in solve: sat
// model") within the first seeds; Solver now keeps the answer instead.
// (The reproduction is the 2QBF helper's, from stop 4.)
func TestIncrementalAfterUnsat(t *testing.T) {
	unsat, n := 0, uint64(300)
	if testing.Short() {
		n = 60 // each seed makes 40 fresh solvers
	}
	for seed := range n {
		r := rand.New(rand.NewPCG(seed, 31))
		c := logic.NewC()
		var lits []z.Lit
		for range 3 + r.IntN(30) { // three variables at least, for the clauses below
			lits = append(lits, c.Lit())
		}
		pick := func() z.Lit {
			m := lits[r.IntN(len(lits))]
			if r.IntN(2) == 0 {
				m = m.Not()
			}
			return m
		}
		a1, a2 := New(c), New(c)
		var clauses [][]z.Lit
		was := Sat
		for step := range 40 {
			g := c.And(pick(), pick())
			if r.IntN(3) == 0 {
				g = c.Or(g, pick())
			}
			lits = append(lits, g)
			cl := []z.Lit{pick()}
			for len(cl) < 3 {
				m := pick()
				if !slices.ContainsFunc(cl, func(n z.Lit) bool { return n.Var() == m.Var() }) {
					cl = append(cl, m)
				}
			}
			a1.Add(cl...)
			a2.Add(cl...)
			clauses = append(clauses, cl)
			// A fresh solver with every clause so far is the oracle.
			fresh := New(c)
			for _, d := range clauses {
				fresh.Add(d...)
			}
			if step%2 == 0 {
				a := pick()
				a1.Assume(a)
				a2.Assume(a)
				fresh.Assume(a)
			}
			x, y, want := a1.Solve(), a2.Solve(), fresh.Solve()
			if x != y || x != want {
				t.Fatalf("seed %d step %d: %d and %d, a fresh solver says %d", seed, step, x, y, want)
			}
			if a1.unsat && x != Unsat {
				t.Fatalf("seed %d step %d: unsatisfiable for good, then %d", seed, step, x)
			}
			if a1.unsat && was != Unsat {
				unsat++
			}
			was = x
		}
	}
	if unsat == 0 {
		t.Fatal("no seed made the clauses unsatisfiable: the test tests nothing")
	}
}

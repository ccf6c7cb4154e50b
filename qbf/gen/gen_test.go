package gen

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bopgo/bopgo/qbf"
)

// TestSolverAgainstTruth solves generated formulas and compares with the
// loop run on every choice, which involves no CNF and no solver.
func TestSolverAgainstTruth(t *testing.T) {
	t.Parallel()
	n := uint64(300) // 100 with -short: running the loop is most of the time
	if testing.Short() {
		n = 100
	}
	verdicts := map[qbf.Truth]int{}
	for seed := range n {
		r := rand.New(rand.NewPCG(seed, 15))
		p := Random(r, 6, 4)
		p.TopDown = seed%3 == 0
		want, err := Truth(p)
		if err != nil {
			continue
		}
		q, err := Formula(p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		res, err := qbf.SolveQDIMACS(context.Background(), q)
		if err != nil {
			t.Fatalf("seed %d (%v): %v", seed, p, err)
		}
		wantV := qbf.False
		if want {
			wantV = qbf.True
		}
		if res.Truth != wantV {
			t.Fatalf("seed %d (%v): solver says %v, running the loop says %v", seed, p, res.Truth, wantV)
		}
		verdicts[res.Truth]++
	}
	// The generator must give both answers, or the comparison is weak.
	if verdicts[qbf.True] < int(n/10) || verdicts[qbf.False] < int(n/10) {
		t.Fatalf("verdicts %v: too few of one kind", verdicts)
	}
}

func TestFormulaDeterministic(t *testing.T) {
	t.Parallel()
	p := Random(rand.New(rand.NewPCG(7, 7)), 8, 5)
	a, err := Formula(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Formula(p)
	if len(a.Clauses) != len(b.Clauses) || a.NumVars != b.NumVars {
		t.Fatalf("two formulas from %v differ", p)
	}
	for i := range a.Clauses {
		for j := range a.Clauses[i] {
			if a.Clauses[i][j] != b.Clauses[i][j] {
				t.Fatalf("clause %d differs between two formulas from %v", i, p)
			}
		}
	}
	// Universals first, then the old choices, then Tseitin variables.
	if a.Prefix[0].Quant != qbf.Universal || a.Prefix[0].Vars[0] != 1 {
		t.Fatalf("prefix %v does not start with the new state's choices", a.Prefix)
	}
}

func TestFormulaRejectsBadParams(t *testing.T) {
	t.Parallel()
	for _, p := range []Params{{}, {Vars: 2, Choices: 1, Rounds: 1}, {Vars: 2, Choices: 1, Rounds: 1, Olds: []int{-1}}} {
		if _, err := Formula(p); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
}

// TestSolverModesAgree compares the full solver with the solver of
// before truth-table gates and splitting (And/Or patterns only), and
// with no gate recovery at all, on generated formulas, against Truth.
func TestSolverModesAgree(t *testing.T) {
	t.Parallel()
	modes := []qbf.Options{
		{},
		{Gates: qbf.GatesPatterns, NoSplit: true},
		{Gates: qbf.GatesNone},
		{NoSplit: true},
	}
	fewer := 0
	for seed := range uint64(150) {
		r := rand.New(rand.NewPCG(seed, 16))
		p := Random(r, 5, 3)
		p.TopDown = seed%2 == 0
		want, err := Truth(p)
		if err != nil {
			continue
		}
		q, err := Formula(p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var gates []int
		for _, o := range modes {
			res, err := qbf.SolveQDIMACSWith(context.Background(), q, o)
			if err != nil {
				t.Fatalf("seed %d (%v) %+v: %v", seed, p, o, err)
			}
			if (res.Truth == qbf.True) != want || res.Truth == qbf.Unknown {
				t.Fatalf("seed %d (%v) %+v: solver says %v, running the loop says %v", seed, p, o, res.Truth, want)
			}
			gates = append(gates, res.Gates)
		}
		if gates[2] != 0 || gates[1] > gates[0] {
			t.Fatalf("seed %d: gates by mode %v", seed, gates)
		}
		if gates[1] < gates[0] {
			fewer++
		}
	}
	if fewer < 50 {
		t.Fatalf("truth tables found more gates than patterns in only %d formulas", fewer)
	}
}

package qbf

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRandomSemanticGates plants Xor, Xnor, if-then-else and equivalence
// definitions, with repeated literals and redundant clauses as careless
// encoders write them, among random ∀∃ clauses, and compares with brute
// force. Outputs are numbered after their inputs, as encoders do, except
// now and then, so that some definitions overlap or read later gates.
func TestRandomSemanticGates(t *testing.T) {
	extracted, n := 0, seeds(1500)
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 6))
		nx, ny := 1+r.IntN(4), 1+r.IntN(4)
		ng := r.IntN(6)
		q := &QDIMACS{NumVars: nx + ny + ng, Prefix: []Block{{Quant: Universal}, {Quant: Existential}}}
		for v := 1; v <= nx; v++ {
			q.Prefix[0].Vars = append(q.Prefix[0].Vars, v)
		}
		for v := nx + 1; v <= q.NumVars; v++ {
			q.Prefix[1].Vars = append(q.Prefix[1].Vars, v)
		}
		below := func(v int) int {
			m := 1 + r.IntN(v-1)
			if r.IntN(8) == 0 {
				m = 1 + r.IntN(q.NumVars) // may be the gate itself or later
			}
			if r.IntN(2) == 0 {
				return -m
			}
			return m
		}
		add := func(ms ...int) { q.Clauses = append(q.Clauses, ms) }
		for g := nx + ny + 1; g <= q.NumVars; g++ {
			a, b, c := below(g), below(g), below(g)
			switch r.IntN(4) {
			case 0: // g ↔ a ⊕ b
				add(-g, a, b)
				add(-g, -a, -b)
				add(g, -a, b)
				add(g, a, -b)
			case 1: // g ↔ (c ? a : b)
				add(-g, -c, a)
				add(-g, c, b)
				add(g, -c, -a)
				add(g, c, -b)
				if r.IntN(2) == 0 {
					add(-g, a, b)
					add(g, -a, -b)
				}
			case 2: // g ↔ ¬a, one clause with a repeated literal
				add(g, a, a)
				add(-g, -a)
			default: // g ↔ a ∧ b ∧ c
				add(-g, a)
				add(-g, b)
				add(-g, c)
				add(g, -a, -b, -c)
			}
		}
		lit := func() int {
			m := 1 + r.IntN(q.NumVars)
			if r.IntN(2) == 0 {
				return -m
			}
			return m
		}
		for range r.IntN(2 * (nx + ny)) {
			add(lit(), lit(), lit())
		}
		r.Shuffle(len(q.Clauses), func(i, j int) { q.Clauses[i], q.Clauses[j] = q.Clauses[j], q.Clauses[i] })

		res, err := SolveQDIMACS(context.Background(), q)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		want := evalQBF(q)
		if res.Truth != want {
			t.Fatalf("seed %d: verdict %v, brute force says %v", seed, res.Truth, want)
		}
		checkCertificate(t, seed, q, res)
		extracted += res.Gates

		// Renaming the existential variables changes nothing but the
		// numbering the numbered passes read direction off.
		sq := shuffleFrom(r, q, nx+1)
		sres, err := SolveQDIMACS(context.Background(), sq)
		if err != nil {
			t.Fatalf("seed %d, shuffled: %v", seed, err)
		}
		if sres.Truth != want {
			t.Fatalf("seed %d, shuffled: verdict %v, brute force says %v", seed, sres.Truth, want)
		}
		checkCertificate(t, seed, sq, sres)
	}
	if extracted < 4*n/3 {
		t.Fatalf("only %d gates extracted in %d formulas; the test plants too few", extracted, n)
	}
}

func TestSemanticGateKinds(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		want  Truth
		gates int
	}{
		// 3 ↔ 1 ⊕ 2, and 3 must be true: false for 1 = 2.
		{"xor", "p cnf 3 5\na 1 2 0\ne 3 0\n-3 1 2 0\n-3 -1 -2 0\n3 -1 2 0\n3 1 -2 0\n3 0\n", False, 1},
		// 3 ↔ (1 ? 2 : ¬2), which is 1 ↔ 2; 4 ↔ (3 ? 1 : ¬1), which is
		// 3 ↔ 1, that is 2; and 4 must be false.
		{"ite", "p cnf 4 9\na 1 2 0\ne 3 4 0\n-3 -1 2 0\n-3 1 -2 0\n3 -1 -2 0\n3 1 2 0\n-4 -3 1 0\n-4 3 -1 0\n4 -3 -1 0\n4 3 1 0\n-4 0\n", False, 2},
		// A variable the clauses constrain but do not define stays free.
		{"not a gate", "p cnf 2 1\na 1 0\ne 2 0\n-2 1 0\n", True, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := ReadQDIMACS(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := evalQBF(q); got != tc.want {
				t.Fatalf("the table is wrong: brute force says %v", got)
			}
			res, err := SolveQDIMACS(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if res.Truth != tc.want {
				t.Fatalf("verdict %v, want %v", res.Truth, tc.want)
			}
			if res.Gates != tc.gates {
				t.Fatalf("%d gates extracted, want %d", res.Gates, tc.gates)
			}
		})
	}
}

package qbf

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// subsumptionShaped returns ∀X ∃Y. g(X) → h(Y) ∧ f(X) = f'(Y) with
// random g, h, f, f', the shape of the model checker's queries.
func subsumptionShaped(r *rand.Rand, n, gates int) Problem {
	c := logic.NewC()
	x, y := inputs(c, n), inputs(c, n)
	grow := func(pool []z.Lit) []z.Lit {
		pool = append([]z.Lit(nil), pool...)
		for range gates {
			a, b := pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]
			if r.IntN(2) == 0 {
				a = a.Not()
			}
			if r.IntN(3) == 0 {
				pool = append(pool, c.Xor(a, b))
			} else {
				pool = append(pool, c.And(a, b))
			}
		}
		return pool
	}
	px, py := grow(x), grow(y)
	guard := c.Or(px[len(px)-1], px[len(px)-2])
	body := c.Or(py[len(py)-1], py[len(py)-2])
	for k := 3; k < 7; k++ {
		body = c.And(body, c.Xor(px[len(px)-k], py[len(py)-k]).Not())
	}
	return Problem{Circuit: c, Forall: x, Exists: y, Matrix: c.Implies(guard, body)}
}

func TestGateExtractionRestoresStructure(t *testing.T) {
	for seed := range uint64(5) {
		p := subsumptionShaped(rand.New(rand.NewPCG(seed, 4)), 10, 40)
		direct, err := Solve(context.Background(), p)
		require.NoError(t, err)

		q, err := EncodeQDIMACS(p)
		require.NoError(t, err)
		gates := q.NumVars - len(p.Forall) - len(p.Exists)
		res, err := SolveQDIMACS(context.Background(), q)
		require.NoError(t, err)
		assert.Equal(t, direct.Truth, res.Truth, "seed %d", seed)
		assert.Equal(t, gates, res.Gates, "seed %d: every Tseitin variable is a gate again", seed)
		assert.Equal(t, direct.Stats.Iterations, res.Stats.Iterations,
			"seed %d: the rebuilt circuit should take the same rounds", seed)
	}
}

func TestGateExtractionCycles(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		want  Truth
		gates int
	}{
		// 2 = ¬3 and 3 = ¬2 define each other: only one can be a gate.
		{"two-cycle", "p cnf 3 3\na 1 0\ne 2 3 0\n2 3 0\n-2 -3 0\n1 2 0\n", True, 1},
		{"two-cycle false", "p cnf 3 4\na 1 0\ne 2 3 0\n2 3 0\n-2 -3 0\n1 2 0\n1 3 0\n", False, 1},
		// 2 = 1 ∧ 3, 3 = 1 ∧ 2: a cycle through an And.
		{"and cycle", "p cnf 3 7\na 1 0\ne 2 3 0\n-2 1 0\n-2 3 0\n2 -1 -3 0\n-3 1 0\n-3 2 0\n3 -1 -2 0\n1 -2 0\n", True, 1},
		// An Or gate: 2 = 1 ∨ 3, i.e. ¬2 = ¬1 ∧ ¬3.
		{"or gate", "p cnf 3 4\na 1 0\ne 2 3 0\n-2 1 3 0\n2 -1 0\n2 -3 0\n-2 0\n", False, 1},
		// A universal is never defined, even with the right clauses.
		{"universal", "p cnf 2 2\na 1 0\ne 2 0\n1 2 0\n-1 -2 0\n", True, 1},
		{"universal only", "p cnf 2 2\na 1 2 0\n1 2 0\n-1 -2 0\n", False, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := ReadQDIMACS(strings.NewReader(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.want, evalQBF(q), "the table itself is wrong")
			res, err := SolveQDIMACS(context.Background(), q)
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Truth)
			assert.Equal(t, tc.gates, res.Gates)
		})
	}
}

// TestRandomGateDefinitions plants gate definitions, some of them cyclic
// or overlapping, among random ∀∃ clauses and compares with brute force.
func TestRandomGateDefinitions(t *testing.T) {
	extracted, n := 0, seeds(1000)
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 5))
		nx, ny := 1+r.IntN(4), 1+r.IntN(6)
		q := &QDIMACS{NumVars: nx + ny, Prefix: []Block{{Quant: Universal}, {Quant: Existential}}}
		for v := 1; v <= nx; v++ {
			q.Prefix[0].Vars = append(q.Prefix[0].Vars, v)
		}
		for v := nx + 1; v <= nx+ny; v++ {
			q.Prefix[1].Vars = append(q.Prefix[1].Vars, v)
		}
		lit := func() int {
			m := 1 + r.IntN(q.NumVars)
			if r.IntN(2) == 0 {
				return -m
			}
			return m
		}
		for range r.IntN(2 * ny) {
			g := nx + 1 + r.IntN(ny)
			if r.IntN(2) == 0 {
				g = -g
			}
			long := []int{g}
			for range 1 + r.IntN(3) {
				if m := lit(); abs(m) != abs(g) {
					long = append(long, m)
					q.Clauses = append(q.Clauses, []int{-g, -m})
				}
			}
			q.Clauses = append(q.Clauses, long)
		}
		for range r.IntN(3 * (nx + ny)) {
			q.Clauses = append(q.Clauses, []int{lit(), lit(), lit()})
		}
		r.Shuffle(len(q.Clauses), func(i, j int) { q.Clauses[i], q.Clauses[j] = q.Clauses[j], q.Clauses[i] })

		res, err := SolveQDIMACS(context.Background(), q)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if want := evalQBF(q); res.Truth != want {
			t.Fatalf("seed %d: verdict %v, brute force says %v", seed, res.Truth, want)
		}
		checkCertificate(t, seed, q, res)
		extracted += res.Gates
	}
	if extracted < n/2 {
		t.Fatalf("only %d gates extracted in %d formulas; the test plants too few", extracted, n)
	}
}

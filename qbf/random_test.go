package qbf

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// seeds is how many random formulas a test draws: n, or a fifth of them
// with -short. A test's thresholds scale with it.
func seeds(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}

// randomProblem builds a random AIG matrix over at most 6 universals and
// 6 existentials. Gate operands are drawn from the inputs and earlier
// gates, so the cone mixes deep and shallow structure.
func randomProblem(r *rand.Rand) Problem {
	c := logic.NewC()
	x, y := inputs(c, r.IntN(7)), inputs(c, r.IntN(7))
	pool := append(append([]z.Lit{c.T}, x...), y...)
	pick := func() z.Lit {
		m := pool[r.IntN(len(pool))]
		if r.IntN(2) == 0 {
			m = m.Not()
		}
		return m
	}
	for range 1 + r.IntN(20) {
		var g z.Lit
		switch r.IntN(4) {
		case 0:
			g = c.Xor(pick(), pick())
		case 1:
			g = c.Or(pick(), pick())
		default:
			g = c.And(pick(), pick())
		}
		pool = append(pool, g)
	}
	m := pool[len(pool)-1]
	if r.IntN(2) == 0 {
		m = m.Not()
	}
	return Problem{Circuit: c, Forall: x, Exists: y, Matrix: m}
}

// bruteForce decides p by expanding every universal assignment.
func bruteForce(p Problem) Truth {
	w := make([]bool, len(p.Forall))
	for bits := 0; bits < 1<<len(p.Forall); bits++ {
		for i := range w {
			w[i] = bits>>i&1 == 1
		}
		if !existsY(p.Circuit, p, w) {
			return False
		}
	}
	return True
}

func TestRandomAIGAgainstBruteForce(t *testing.T) {
	for seed := range uint64(seeds(1500)) {
		r := rand.New(rand.NewPCG(seed, 1))
		p := randomProblem(r)
		want := bruteForce(p)
		res, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Truth != want {
			t.Fatalf("seed %d: verdict %v, brute force says %v", seed, res.Truth, want)
		}
		if want == False && existsY(p.Circuit, p, res.Witness) {
			t.Fatalf("seed %d: witness %v has an existential answer", seed, res.Witness)
		}

		// The Tseitin encoding must mean the same formula.
		q, err := EncodeQDIMACS(p)
		if err != nil {
			t.Fatalf("seed %d: encode: %v", seed, err)
		}
		qres, err := SolveQDIMACS(context.Background(), q)
		if err != nil {
			t.Fatalf("seed %d: solve encoded: %v", seed, err)
		}
		if qres.Truth != want {
			t.Fatalf("seed %d: encoded formula is %v, want %v", seed, qres.Truth, want)
		}
		if got := evalQBF(q); got != want {
			t.Fatalf("seed %d: brute force on the encoding says %v, want %v", seed, got, want)
		}
	}
}

// randomQDIMACS returns a random CNF with a random prefix of up to four
// blocks; some variables may be left free and some blocks empty.
func randomQDIMACS(r *rand.Rand) *QDIMACS {
	q := &QDIMACS{NumVars: 1 + r.IntN(9)}
	quant := Quant(Universal)
	if r.IntN(2) == 0 {
		quant = Existential
	}
	nblocks := r.IntN(4)
	for v := 1; v <= q.NumVars; v++ {
		if r.IntN(8) == 0 {
			continue // free, or unused
		}
		for len(q.Prefix) == 0 || (len(q.Prefix) < nblocks && r.IntN(3) == 0) {
			q.Prefix = append(q.Prefix, Block{Quant: quant})
			if quant == Universal {
				quant = Existential
			} else {
				quant = Universal
			}
		}
		b := &q.Prefix[len(q.Prefix)-1]
		b.Vars = append(b.Vars, v)
	}
	for range r.IntN(4 * q.NumVars) {
		cl := make([]int, 1+r.IntN(3))
		for i := range cl {
			cl[i] = 1 + r.IntN(q.NumVars)
			if r.IntN(2) == 0 {
				cl[i] = -cl[i]
			}
		}
		q.Clauses = append(q.Clauses, cl)
	}
	return q
}

func TestRandomQDIMACSAgainstBruteForce(t *testing.T) {
	solved, n := 0, seeds(1500)
	for seed := range uint64(n) {
		r := rand.New(rand.NewPCG(seed, 2))
		q := randomQDIMACS(r)
		res, err := SolveQDIMACS(context.Background(), q)
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		solved++
		want := evalQBF(q)
		if res.Truth != want {
			t.Fatalf("seed %d: verdict %v, brute force says %v", seed, res.Truth, want)
		}
		checkCertificate(t, seed, q, res)

		// A round trip through the text format changes nothing.
		var buf bytes.Buffer
		if err := WriteQDIMACS(&buf, q); err != nil {
			t.Fatalf("seed %d: write: %v", seed, err)
		}
		back, err := ReadQDIMACS(&buf)
		if err != nil {
			t.Fatalf("seed %d: read back: %v\n%s", seed, err, buf.String())
		}
		if got := evalQBF(back); got != want {
			t.Fatalf("seed %d: read back formula is %v, want %v", seed, got, want)
		}
	}
	if solved < n/3 {
		t.Fatalf("only %d of %d random formulas had a supported prefix", solved, n)
	}
}

// checkCertificate checks that the certificate, if any, decides q: with
// the outermost block fixed to it, the rest of the formula must have the
// claimed value.
func checkCertificate(t *testing.T, seed uint64, q *QDIMACS, res QDIMACSResult) {
	t.Helper()
	if res.Certificate == nil {
		return
	}
	fixed := &QDIMACS{NumVars: q.NumVars, Clauses: append([][]int(nil), q.Clauses...)}
	for _, m := range res.Certificate {
		fixed.Clauses = append(fixed.Clauses, []int{m})
	}
	// Keep the prefix so that the remaining blocks keep their quantifiers;
	// units on the outer block make its quantifier irrelevant.
	fixed.Prefix = q.Prefix
	if got := evalQBF(fixed); got != res.Truth {
		t.Fatalf("seed %d: certificate %v does not make the formula %v", seed, res.Certificate, res.Truth)
	}
}

// evalQBF decides q by recursive expansion of its prefix, free variables
// outermost and existential. It shares no code with the solver. A clause
// is checked as soon as its last variable is assigned, so the Tseitin
// variables of an encoded circuit, numbered in topological order, cost a
// linear search rather than an exponential one.
func evalQBF(q *QDIMACS) Truth {
	var order []int
	var isAll []bool
	quantified := make(map[int]bool)
	for _, b := range q.Prefix {
		for _, v := range b.Vars {
			quantified[v] = true
		}
	}
	for _, cl := range q.Clauses {
		for _, m := range cl {
			if v := abs(m); !quantified[v] {
				quantified[v] = true
				order = append(order, v)
				isAll = append(isAll, false)
			}
		}
	}
	for _, b := range q.Prefix {
		for _, v := range b.Vars {
			order = append(order, v)
			isAll = append(isAll, b.Quant == Universal)
		}
	}
	pos := make([]int, q.NumVars+1)
	for i, v := range order {
		pos[v] = i
	}
	// due[i] lists the clauses whose last variable is order[i].
	due := make([][][]int, len(order))
	for _, cl := range q.Clauses {
		if len(cl) == 0 {
			return False
		}
		last := 0
		for _, m := range cl {
			last = max(last, pos[abs(m)])
		}
		due[last] = append(due[last], cl)
	}
	val := make([]bool, q.NumVars+1)
	falsified := func(i int) bool {
		for _, cl := range due[i] {
			sat := false
			for _, m := range cl {
				if val[abs(m)] == (m > 0) {
					sat = true
					break
				}
			}
			if !sat {
				return true
			}
		}
		return false
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(order) {
			return true
		}
		try := func(b bool) bool {
			val[order[i]] = b
			return !falsified(i) && rec(i+1)
		}
		if a := try(false); a != isAll[i] {
			return a // ∃ found true, or ∀ found false
		}
		return try(true)
	}
	if rec(0) {
		return True
	}
	return False
}

package qbf

import (
	"context"
	"math/rand/v2"
	"testing"
)

// shuffleFrom renumbers the variables from first on at random (the
// prefix keeps its blocks), as an encoder with another numbering would
// write the same formula.
func shuffleFrom(r *rand.Rand, q *QDIMACS, first int) *QDIMACS {
	perm := make([]int, q.NumVars+1)
	for v := range perm {
		perm[v] = v
	}
	if first <= q.NumVars {
		tail := perm[first:]
		r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	}
	ren := func(m int) int {
		if m < 0 {
			return -perm[-m]
		}
		return perm[m]
	}
	out := &QDIMACS{NumVars: q.NumVars}
	for _, b := range q.Prefix {
		nb := Block{Quant: b.Quant}
		for _, v := range b.Vars {
			nb.Vars = append(nb.Vars, perm[v])
		}
		out.Prefix = append(out.Prefix, nb)
	}
	for _, cl := range q.Clauses {
		nc := make([]int, len(cl))
		for i, m := range cl {
			nc[i] = ren(m)
		}
		out.Clauses = append(out.Clauses, nc)
	}
	return out
}

// TestRootWalkShuffledEncodings encodes random AIG problems, renumbers
// their gate variables at random, sometimes asserts the output by a top
// clause over two gates instead of a unit, and compares the solver with
// brute force on the problem. The recovered gates must not depend on the
// numbering: shuffled, the encodings must give as many gates as in
// EncodeQDIMACS's bottom-up order.
func TestRootWalkShuffledEncodings(t *testing.T) {
	var straight, shuffled int
	for seed := range uint64(seeds(1000)) {
		r := rand.New(rand.NewPCG(seed, 21))
		p := randomProblem(r)
		want := bruteForce(p)
		q, err := EncodeQDIMACS(p)
		if err != nil {
			t.Fatalf("seed %d: encode: %v", seed, err)
		}
		if r.IntN(2) == 0 {
			topClause(q)
		}
		first := len(p.Forall) + len(p.Exists) + 1
		sq := shuffleFrom(r, q, first)
		for i, f := range []*QDIMACS{q, sq} {
			res, err := SolveQDIMACS(context.Background(), f)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if res.Truth != want {
				t.Fatalf("seed %d (shuffled %v): verdict %v, brute force says %v", seed, i == 1, res.Truth, want)
			}
			if i == 0 {
				straight += res.Gates
			} else {
				shuffled += res.Gates
			}
		}
		if got := evalQBF(sq); got != want {
			t.Fatalf("seed %d: brute force on the shuffled encoding says %v, want %v", seed, got, want)
		}
	}
	t.Logf("%d gates straight, %d shuffled", straight, shuffled)
	if straight == 0 || shuffled < straight {
		t.Fatalf("%d gates recovered from the shuffled encodings, %d from the straight ones", shuffled, straight)
	}
}

// topClause rewrites an encoding that asserts ¬g with g ↔ m1 ∧ m2 into
// the single clause (¬m1 ∨ ¬m2), dropping g's definition: a top clause
// over two gates and no unit, as a subsumption query's (¬γ ∨ o1 ∨ ...)
// is. Other encodings are left alone.
func topClause(q *QDIMACS) {
	unit := -1
	for i, cl := range q.Clauses {
		if len(cl) == 1 && cl[0] < 0 {
			unit = i
		}
	}
	if unit < 0 {
		return
	}
	g := -q.Clauses[unit][0]
	var def []int
	var long []int
	for i, cl := range q.Clauses {
		if i == unit || !containsInt(cl, g) && !containsInt(cl, -g) {
			continue
		}
		def = append(def, i)
		if containsInt(cl, g) {
			long = cl
		}
	}
	if len(def) != 3 || len(long) != 3 {
		return
	}
	var top []int
	for _, m := range long {
		if m != g {
			top = append(top, m) // ¬m1, ¬m2
		}
	}
	drop := map[int]bool{unit: true, def[0]: true, def[1]: true, def[2]: true}
	var out [][]int
	for i, cl := range q.Clauses {
		if !drop[i] {
			out = append(out, cl)
		}
	}
	q.Clauses = append(out, top)
}

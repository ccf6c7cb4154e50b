package bp

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// evalTerm evaluates t with globals vars and choices ch (primes, passive
// slots and schoose are not generated here).
func evalTerm(t *Term, vars, ch []bool) bool {
	switch t.Op {
	case TConst:
		return t.Val
	case TVar:
		return vars[t.Ref.Index]
	case TNondet:
		return ch[t.Choice]
	case TNot:
		return !evalTerm(t.Args[0], vars, ch)
	}
	a, b := evalTerm(t.Args[0], vars, ch), evalTerm(t.Args[1], vars, ch)
	switch t.Op {
	case TAnd:
		return a && b
	case TOr:
		return a || b
	case TXor:
		return a != b
	case TIff:
		return a == b
	case TImplies:
		return !a || b
	}
	panic(fmt.Sprintf("op %d", t.Op))
}

func randomTerm(r *rand.Rand, depth, vars, choices int) *Term {
	if depth == 0 || r.Intn(4) == 0 {
		switch r.Intn(3) {
		case 0:
			return &Term{Op: TVar, Ref: VarRef{Global, r.Intn(vars)}}
		case 1:
			return &Term{Op: TNondet, Choice: r.Intn(choices)}
		}
		return &Term{Op: TConst, Val: r.Intn(2) == 0}
	}
	if r.Intn(5) == 0 {
		return &Term{Op: TNot, Args: []*Term{randomTerm(r, depth-1, vars, choices)}}
	}
	ops := []TermOp{TAnd, TOr, TXor, TIff, TImplies, TXor, TIff}
	return &Term{Op: ops[r.Intn(len(ops))], Args: []*Term{randomTerm(r, depth-1, vars, choices), randomTerm(r, depth-1, vars, choices)}}
}

// outcomes lists, for one valuation of the variables, the tuples of
// values the terms can take over every assignment of the choices, as a
// sorted set of bit masks.
func outcomes(terms []*Term, vars []bool, choices int) []int {
	var out []int
	ch := make([]bool, choices)
	for m := range 1 << choices {
		for i := range ch {
			ch[i] = m>>i&1 == 1
		}
		tuple := 0
		for i, t := range terms {
			if evalTerm(t, vars, ch) {
				tuple |= 1 << i
			}
		}
		out = append(out, tuple)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestAbsorbKeepsOutcomes: on random steps (two to four values over three
// variables and four choices, so that many choices occur more than once),
// the absorbed values can take exactly the tuples of values the original
// ones can, for every valuation of the variables; and absorption happens
// often enough for that to mean something.
func TestAbsorbKeepsOutcomes(t *testing.T) {
	t.Parallel()
	const vars, choices = 3, 4
	n := 3000
	if testing.Short() {
		n = 600
	}
	changed := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		r := rand.New(rand.NewSource(seed))
		st := &Step{Kind: Assign}
		for range 2 + r.Intn(3) {
			st.Values = append(st.Values, randomTerm(r, 3, vars, choices))
		}
		ab := newAbsorber(st)
		got := make([]*Term, len(st.Values))
		for i, v := range st.Values {
			got[i] = ab.term(v)
			if got[i] != v {
				changed++
			}
		}
		for m := range 1 << vars {
			vals := []bool{m&1 == 1, m&2 == 2, m&4 == 4}
			want, have := outcomes(st.Values, vals, choices), outcomes(got, vals, choices)
			if !slices.Equal(want, have) {
				t.Fatalf("seed %d, variables %v: outcomes %v, absorbed %v\nvalues %v\nabsorbed %v", seed, vals, want, have, show(st.Values), show(got))
			}
		}
	}
	if changed < n/10 {
		t.Fatalf("only %d values of %d steps absorbed anything", changed, n)
	}
	t.Logf("%d values absorbed something in %d steps", changed, n)
}

func show(ts []*Term) []string {
	var out []string
	for _, t := range ts {
		out = append(out, termString(t))
	}
	return out
}

func termString(t *Term) string {
	switch t.Op {
	case TConst:
		return fmt.Sprint(t.Val)
	case TVar:
		return fmt.Sprintf("v%d", t.Ref.Index)
	case TNondet:
		return fmt.Sprintf("c%d", t.Choice)
	case TNot:
		return "!" + termString(t.Args[0])
	}
	op := map[TermOp]string{TAnd: "&", TOr: "|", TXor: "^", TIff: "=", TImplies: "=>"}[t.Op]
	return "(" + termString(t.Args[0]) + " " + op + " " + termString(t.Args[1]) + ")"
}

package ic3

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/sat/cone"
)

// muxCircuit is a random circuit of AND gates, AND trees and
// multiplexers (logic.C.Choice): gates with one reader and with several,
// read positively and negatively.
func muxCircuit(seed int64) *mc.System {
	r := rand.New(rand.NewSource(seed))
	s := logic.NewS()
	sys := &mc.System{S: s, Bad: s.F}
	var pool []z.Lit
	for range 3 {
		m := s.Lit()
		sys.Inputs = append(sys.Inputs, m)
		pool = append(pool, m)
	}
	for range 6 {
		pool = append(pool, s.Latch(s.F))
	}
	pick := func() z.Lit {
		m := pool[r.Intn(len(pool))]
		if r.Intn(2) == 0 {
			m = m.Not()
		}
		return m
	}
	for range 40 {
		var g z.Lit
		switch r.Intn(3) {
		case 0:
			g = s.And(pick(), pick())
		case 1:
			g = s.Choice(pick(), pick(), pick())
		default:
			g = s.Ands(pick(), pick(), pick(), pick())
		}
		if g.Var() != s.T.Var() {
			pool = append(pool, g)
		}
	}
	for _, l := range s.Latches {
		s.SetNext(l, pick())
	}
	sys.Bad = s.And(s.Latches[0], pool[len(pool)-1])
	return sys
}

// The clauses a solver holds must define every root as the circuit does:
// with latches and inputs fixed, the model gives each next-state function
// its evaluated value, and the opposite value is unsatisfiable.
func TestSolverClausesDefineTheCircuit(t *testing.T) {
	absorbed := 0
	for seed := int64(1); seed <= 40; seed++ {
		sys := muxCircuit(seed)
		s := sys.S
		sh := newShape(sys)
		for i := range sh.absorbed {
			if sh.absorbed[i] {
				absorbed++
			}
		}
		sv := newSolver(sh)
		roots := []z.Lit{sys.Bad}
		for _, l := range s.Latches {
			roots = append(roots, s.Next(l))
		}
		for _, m := range roots {
			sv.lit(m)
		}
		free := append(slices.Clone(s.Latches), sys.Inputs...)
		r := rand.New(rand.NewSource(seed))
		for range 10 {
			vs := make([]bool, s.Len())
			var ms []z.Lit
			for _, m := range free {
				vs[m.Var()] = r.Intn(2) == 0
				if vs[m.Var()] {
					ms = append(ms, sv.lit(m))
				} else {
					ms = append(ms, sv.lit(m.Not()))
				}
			}
			s.Eval(vs)
			for _, m := range roots {
				want := vs[m.Var()] == m.IsPos()
				// The query's domain is the cone of the latches, the
				// inputs and the root: the root is decided.
				dom := slices.Clone(sv.domain(ms, []z.Lit{sv.lit(m)}))
				if sv.g.Solve(&cone.Query{Assume: ms, Domain: dom}) != 1 {
					t.Fatalf("seed %d: fixed latches and inputs are unsatisfiable", seed)
				}
				if got := sv.value(m); got != want {
					t.Fatalf("seed %d: root %v is %v in the model, %v by evaluation", seed, m, got, want)
				}
				wrong := sv.lit(m)
				if want {
					wrong = wrong.Not()
				}
				if sv.g.Solve(&cone.Query{Assume: append(slices.Clip(ms), wrong), Domain: dom}) != -1 {
					t.Fatalf("seed %d: root %v can take the value evaluation denies", seed, m)
				}
			}
		}
	}
	if absorbed < 40 {
		t.Fatalf("only %d absorbed gates: the n-ary encoding is hardly tested", absorbed)
	}
}

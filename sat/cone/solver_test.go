package cone

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// giniSays decides clauses ∧ assumptions with a fresh gini.
func giniSays(clauses [][]z.Lit, assume []z.Lit) int {
	g := gini.New()
	for _, c := range clauses {
		for _, m := range c {
			g.Add(m)
		}
		g.Add(0)
	}
	g.Assume(assume...)
	return g.Solve()
}

// satisfied reports whether the solver's assignment makes every clause
// true.
func satisfied(s *Solver, clauses [][]z.Lit) bool {
	for _, c := range clauses {
		if !slices.ContainsFunc(c, s.Value) {
			return false
		}
	}
	return true
}

func randomClause(r *rand.Rand, nvars, width int) []z.Lit {
	c := make([]z.Lit, 1+r.Intn(width))
	for i := range c {
		c[i] = z.Var(1 + r.Intn(nvars)).Pos()
		if r.Intn(2) == 0 {
			c[i] = c[i].Not()
		}
	}
	return c
}

// TestAgainstGini runs random incremental sessions, with assumptions and
// temporary clauses, and checks every answer: a model against the clauses,
// an unsatisfiable answer by gini, which must find the clauses with the
// assumptions Why reports unsatisfiable too.
func TestAgainstGini(t *testing.T) {
	for seed := int64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewSource(seed))
		s := New()
		nvars := 5 + r.Intn(40)
		vars := make([]z.Lit, nvars)
		for i := range vars {
			vars[i] = s.Lit()
		}
		// The solver's own variable t is 1: shift the test's variables.
		shift := func(c []z.Lit) []z.Lit {
			out := make([]z.Lit, len(c))
			for i, m := range c {
				out[i] = vars[m.Var()-1]
				if !m.IsPos() {
					out[i] = out[i].Not()
				}
			}
			return out
		}
		var perm [][]z.Lit
		var last []z.Lit
		for q := 0; q < 30; q++ {
			query := &Query{}
			if q > 0 && r.Intn(2) == 0 {
				// Like IC3's generalisation: no new clause, and the
				// assumptions begin as the last query's did, so that
				// the solver keeps their levels (reuse.go).
				query.Assume = slices.Clone(last[:len(last)-r.Intn(len(last)/2+1)])
			} else {
				for range r.Intn(3 * nvars / 2) {
					c := shift(randomClause(r, nvars, 4))
					perm = append(perm, c)
					s.AddClause(c...)
				}
			}
			for range r.Intn(6) {
				query.Assume = append(query.Assume, shift(randomClause(r, nvars, 1))...)
			}
			all := slices.Clone(perm)
			if r.Intn(2) == 0 {
				query.Temp = shift(randomClause(r, nvars, 5))
				all = append(all, query.Temp)
			}
			if err := checkAnswer(s, query, all); err != nil {
				t.Fatalf("seed %d query %d: %v", seed, q, err)
			}
			last = query.Assume
		}
	}
}

// checkAnswer solves query and checks the answer against gini: a model
// against every clause (all) and the assumptions, an unsatisfiable answer
// by gini, which must find the clauses unsatisfiable under the
// assumptions Why reports.
func checkAnswer(s *Solver, query *Query, all [][]z.Lit) error {
	got := s.Solve(query)
	if want := giniSays(all, query.Assume); got != want {
		return fmt.Errorf("got %d, gini says %d", got, want)
	}
	switch got {
	case 1:
		if !satisfied(s, all) {
			return fmt.Errorf("the model violates a clause")
		}
		if !allTrue(s, query.Assume) {
			return fmt.Errorf("the model violates an assumption")
		}
	case -1:
		why := s.Why(nil)
		for _, m := range why {
			if !slices.Contains(query.Assume, m) {
				return fmt.Errorf("Why has %v, not an assumption", m)
			}
		}
		if giniSays(all, why) != -1 {
			return fmt.Errorf("the clauses are satisfiable under Why %v", why)
		}
	}
	return nil
}

// FuzzAgainstGini reads a session from the bytes: each byte either adds a
// literal to the clause being built, ends it (as a permanent clause, the
// query's temporary clause or its assumptions) or runs a query, which
// checkAnswer checks.
func FuzzAgainstGini(f *testing.F) {
	f.Add([]byte{1, 2, 0, 3, 4, 0, 5, 255, 254})
	f.Add([]byte{10, 11, 12, 0, 13, 253, 255, 1, 0, 254})
	f.Add([]byte{2, 5, 7, 9, 254, 255, 11, 252, 4, 253, 255, 6, 252, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		const nvars = 12
		s := New()
		vars := make([]z.Lit, nvars)
		for i := range vars {
			vars[i] = s.Lit()
		}
		var perm [][]z.Lit
		var cur, last []z.Lit
		query := &Query{}
		for _, b := range data {
			switch b {
			case 0: // a permanent clause
				perm = append(perm, cur)
				s.AddClause(cur...)
				cur = nil
			case 253: // the temporary clause
				query.Temp = cur
				cur = nil
			case 254: // the assumptions
				query.Assume = cur
				cur = nil
			case 252: // the assumptions: half the last query's, then these
				query.Assume = append(slices.Clone(last[:len(last)/2]), cur...)
				cur = nil
			case 255: // a query
				all := slices.Clone(perm)
				if query.Temp != nil {
					all = append(all, query.Temp)
				}
				if err := checkAnswer(s, query, all); err != nil {
					t.Fatal(err)
				}
				last = query.Assume
				query = &Query{}
			default:
				m := vars[int(b>>1)%nvars]
				if b&1 == 1 {
					m = m.Not()
				}
				cur = append(cur, m)
			}
		}
	})
}

func allTrue(s *Solver, ms []z.Lit) bool {
	for _, m := range ms {
		if !s.Value(m) {
			return false
		}
	}
	return true
}

// A random circuit for the domain test: inputs, then AND gates over
// earlier variables, as Tseitin clauses.
type circuit struct {
	inputs  []z.Var
	ins     map[z.Var][2]z.Lit // by gate
	order   []z.Var            // gates, inputs before them
	clauses [][]z.Lit          // the gates' definitions
}

func randomCircuit(r *rand.Rand, s *Solver, nin, ngates int) *circuit {
	c := &circuit{ins: map[z.Var][2]z.Lit{}}
	var all []z.Lit
	for range nin {
		m := s.Lit()
		c.inputs = append(c.inputs, m.Var())
		all = append(all, m)
	}
	for range ngates {
		a, b := all[r.Intn(len(all))], all[r.Intn(len(all))]
		if r.Intn(2) == 0 {
			a = a.Not()
		}
		if r.Intn(2) == 0 {
			b = b.Not()
		}
		g := s.Lit()
		for _, cl := range [][]z.Lit{{g.Not(), a}, {g.Not(), b}, {g, a.Not(), b.Not()}} {
			s.AddClause(cl...)
			c.clauses = append(c.clauses, cl)
		}
		c.ins[g.Var()] = [2]z.Lit{a, b}
		c.order = append(c.order, g.Var())
		all = append(all, g)
	}
	return c
}

// cone returns the variables in the cone of the roots.
func (c *circuit) cone(roots []z.Lit) []z.Var {
	seen := map[z.Var]bool{}
	var out []z.Var
	var walk func(v z.Var)
	walk = func(v z.Var) {
		if seen[v] {
			return
		}
		seen[v] = true
		out = append(out, v)
		if ab, ok := c.ins[v]; ok {
			walk(ab[0].Var())
			walk(ab[1].Var())
		}
	}
	for _, m := range roots {
		walk(m.Var())
	}
	return out
}

// eval computes every gate from the solver's values of the inputs (an
// unassigned input is false).
func (c *circuit) eval(s *Solver) map[z.Var]bool {
	val := map[z.Var]bool{}
	for _, v := range c.inputs {
		val[v] = s.Value(v.Pos())
	}
	lit := func(m z.Lit) bool { return val[m.Var()] == m.IsPos() }
	for _, g := range c.order {
		ab := c.ins[g]
		val[g] = lit(ab[0]) && lit(ab[1])
	}
	return val
}

// TestDomain: with the domain the cone of the assumptions plus the
// variables of the "frame" clauses (over inputs), answers agree with a
// full solve, and a model of the domain extends: the gates computed from
// the assigned inputs make the assumptions and every clause true. As in
// IC3, a query often begins with the last one's assumptions under another
// domain (reuse.go) and has a temporary clause over inputs.
func TestDomain(t *testing.T) {
	for seed := int64(1); seed <= 600; seed++ {
		r := rand.New(rand.NewSource(seed))
		s := New()
		c := randomCircuit(r, s, 4+r.Intn(12), 10+r.Intn(60))
		var frame [][]z.Lit
		var last []z.Lit
		lemmaVars := map[z.Var]bool{}
		for q := 0; q < 20; q++ {
			var assume []z.Lit
			if q > 0 && r.Intn(2) == 0 {
				assume = slices.Clone(last[:len(last)-r.Intn(len(last)/2+1)])
			} else {
				for range r.Intn(3) {
					var cl []z.Lit
					for range 1 + r.Intn(3) {
						m := randomLit(r, c.inputs)
						cl = append(cl, m)
						lemmaVars[m.Var()] = true
					}
					frame = append(frame, cl)
					s.AddClause(cl...)
				}
			}
			for range 1 + r.Intn(3) {
				assume = append(assume, randomLit(r, c.order))
			}
			last = assume
			var temp []z.Lit
			if r.Intn(2) == 0 {
				for range 1 + r.Intn(3) {
					temp = append(temp, randomLit(r, c.inputs))
				}
			}
			domain := c.cone(assume)
			for v := range lemmaVars {
				if !slices.Contains(domain, v) {
					domain = append(domain, v)
				}
			}
			slices.Sort(domain) // map order must not change the run
			got := s.Solve(&Query{Assume: assume, Domain: domain, Temp: temp})
			all := append(slices.Concat(c.clauses, frame), temp)
			if temp == nil {
				all = all[:len(all)-1]
			}
			if want := giniSays(all, assume); got != want {
				t.Fatalf("seed %d query %d: %d with the domain, gini says %d", seed, q, got, want)
			}
			if got != 1 {
				continue
			}
			val := c.eval(s)
			holds := func(m z.Lit) bool { return val[m.Var()] == m.IsPos() }
			for _, m := range assume {
				if !holds(m) {
					t.Fatalf("seed %d query %d: assumption %v false in the extension", seed, q, m)
				}
			}
			for _, cl := range append(frame, temp) {
				if cl == nil {
					continue
				}
				if !slices.ContainsFunc(cl, holds) {
					t.Fatalf("seed %d query %d: frame clause %v false in the extension", seed, q, cl)
				}
			}
		}
	}
}

// randomLit returns a literal of one of vs, either sign.
func randomLit(r *rand.Rand, vs []z.Var) z.Lit {
	m := vs[r.Intn(len(vs))].Pos()
	if r.Intn(2) == 0 {
		m = m.Not()
	}
	return m
}

// pigeons adds the clauses "n+1 pigeons in n holes", unsatisfiable and
// hard for resolution.
func pigeons(s *Solver, n int) {
	p := make([][]z.Lit, n+1)
	for i := range p {
		p[i] = make([]z.Lit, n)
		for j := range p[i] {
			p[i][j] = s.Lit()
		}
		s.AddClause(p[i]...)
	}
	for j := range n {
		for a := range p {
			for b := a + 1; b < len(p); b++ {
				s.AddClause(p[a][j].Not(), p[b][j].Not())
			}
		}
	}
}

func TestStop(t *testing.T) {
	s := New()
	pigeons(s, 8)
	asked := 0
	if r := s.Solve(&Query{Stop: func() bool { asked++; return true }}); r != 0 || asked != 1 {
		t.Fatalf("stopped query: %d after %d questions, want 0 after 1", r, asked)
	}
	s2 := New()
	pigeons(s2, 6)
	if r := s2.Solve(&Query{}); r != -1 {
		t.Fatalf("6 holes: %d, want -1", r)
	}
}

func TestTempClauseGoes(t *testing.T) {
	s := New()
	a, b := s.Lit(), s.Lit()
	s.AddClause(a, b)
	// With the temporary clause ¬a and the assumption ¬b: unsatisfiable.
	if r := s.Solve(&Query{Assume: []z.Lit{b.Not()}, Temp: []z.Lit{a.Not()}}); r != -1 {
		t.Fatalf("with ¬a: %d, want -1", r)
	}
	if why := s.Why(nil); !slices.Equal(why, []z.Lit{b.Not()}) {
		t.Fatalf("Why = %v, want [¬b]", why)
	}
	// Without it, satisfiable again.
	if r := s.Solve(&Query{Assume: []z.Lit{b.Not()}}); r != 1 || !s.Value(a) {
		t.Fatalf("without ¬a: %d, a = %v; want 1 with a", r, s.Value(a))
	}
	if r := s.Solve(&Query{Temp: []z.Lit{}}); r != -1 {
		t.Fatalf("empty temporary clause: %d, want -1", r)
	}
}

func TestLuby(t *testing.T) {
	var got []int
	for i := range 15 {
		got = append(got, luby(i))
	}
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("luby = %v, want %v", got, want)
	}
}

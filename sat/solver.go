package sat

import (
	"fmt"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Result values returned by Solve, SolveContext and Test; they are gini's.
const (
	Sat     = 1
	Unsat   = -1
	Unknown = 0
)

// Solver is one incremental gini instance bound to one circuit.
type Solver struct {
	g *gini.Gini
	c *logic.C

	// mark[v] == 1 once the Tseitin clauses of variable v are in g; it is
	// owned by c.CnfSince, which grows it as the circuit grows.
	mark []int8

	// tests counts open Test scopes; gini forbids adding clauses inside
	// one, so encoding a new gate there is reported instead of crashing
	// inside gini.
	tests int

	// unsat: the clauses alone are unsatisfiable, whatever is assumed.
	// gini v1.0.4 must not be asked again then: a later Solve, after
	// more clauses, can stop the process with "internal error in solve:
	// sat model" (TestIncrementalAfterUnsat). pending counts the
	// assumptions of the next solve, to tell that case from a conflict
	// with the assumptions; dead counts Test scopes opened after it.
	unsat   bool
	pending int
	dead    int
	why     []z.Lit // settle's buffer

	stats Stats
}

// New returns a solver bound to circuit c. The constant of c is pinned to
// true at once, so clauses may mention c.T and c.F before any gate.
//
// The solver's first capacity is c's size, not gini.New's 128 variables
// and 768 clauses (80 KB and 300 allocations): the symbolic engine makes
// two solvers for each subsumption query (qbf), thousands a second,
// mostly on small circuits, and gini.New took a fifth of its time.
func New(c *logic.C) *Solver {
	n := max(c.Len(), minCapacity)
	s := &Solver{g: gini.NewVc(n, 2*n), c: c}
	s.mark, _ = c.CnfSince(s.g, nil)
	return s
}

// minCapacity is the fewest variables a new solver has room for.
const minCapacity = 16

// Circuit returns the circuit the solver is bound to.
func (s *Solver) Circuit() *logic.C { return s.c }

// Add adds the clause that is the disjunction of lits, first encoding any
// gate among them the solver has not seen. An empty clause makes the
// solver unsatisfiable for good.
func (s *Solver) Add(lits ...z.Lit) {
	s.define(lits)
	for _, m := range lits {
		s.g.Add(m)
	}
	s.g.Add(z.LitNull)
	s.stats.Clauses++
}

// AddUnder adds the clause ¬act ∨ lits, which holds only in solves that
// assume act.
func (s *Solver) AddUnder(act z.Lit, lits ...z.Lit) {
	s.define(lits)
	s.check(act)
	s.g.Add(act.Not())
	for _, m := range lits {
		s.g.Add(m)
	}
	s.g.Add(z.LitNull)
	s.stats.Clauses++
}

// AddCircuit adds the Tseitin clauses of the cones of roots that are not
// in the solver yet and returns the number of gates encoded. It does not
// assert the roots: use Add(root) for that. Add and Assume call it
// implicitly; calling it ahead of time is useful before a Test scope,
// where no clause can be added.
func (s *Solver) AddCircuit(roots ...z.Lit) int {
	n := 0
	for _, m := range roots {
		n += s.define1(m)
	}
	return n
}

// Assert encodes roots and adds each one as a unit clause.
func (s *Solver) Assert(roots ...z.Lit) {
	for _, m := range roots {
		s.Add(m)
	}
}

// NewActivation returns a fresh activation literal, allocated in the
// circuit so that it cannot collide with a gate.
func (s *Solver) NewActivation() z.Lit {
	return s.c.Lit()
}

// Release switches act off for good: clauses added under it are satisfied
// from now on and cost the solver nothing but memory.
func (s *Solver) Release(act z.Lit) {
	s.Add(act.Not())
}

// Assume makes lits hold in the next call to Solve, SolveContext or Test.
// They are decided in the order given.
func (s *Solver) Assume(lits ...z.Lit) {
	s.define(lits)
	s.g.Assume(lits...)
	s.pending += len(lits)
	s.stats.Assumptions += int64(len(lits))
}

// Solve decides the clauses under the pending assumptions and consumes
// them. It returns Sat, Unsat, or (only if gini was stopped) Unknown.
func (s *Solver) Solve() int {
	if s.unsat {
		s.pending = 0
		s.record(Unsat, 0)
		return Unsat
	}
	start := time.Now()
	r := s.g.Solve()
	s.settle(r)
	s.record(r, time.Since(start))
	return r
}

// settle notes an answer of gini's: an Unsat that no assumption took
// part in is for good.
func (s *Solver) settle(r int) {
	if r == Unsat {
		if s.pending > 0 {
			s.why = s.g.Why(s.why[:0])
		}
		// A conflict without assumptions in it, by gini's account (a
		// second solve to make sure would be the crash itself).
		s.unsat = s.pending == 0 || len(s.why) == 0
	}
	s.pending = 0
}

// Value returns the value of m in the model found by the last satisfiable
// Solve. A variable no clause or assumption mentions is unconstrained and
// reads as false.
func (s *Solver) Value(m z.Lit) bool {
	if m.Var() > s.g.MaxVar() {
		return !m.IsPos()
	}
	return s.g.Value(m)
}

// Why returns the assumptions of the last unsatisfiable Solve or Test that
// were needed for the conflict, as a new slice.
func (s *Solver) Why() []z.Lit {
	if s.unsat {
		return nil
	}
	return s.g.Why(nil)
}

// Test propagates the pending assumptions, keeps them in a new scope that
// outlives Solve, and returns Sat, Unsat or Unknown together with gini's
// data (the propagated literals, or the conflict). Gates used inside a
// scope must be encoded before it opens (AddCircuit).
func (s *Solver) Test() (int, []z.Lit) {
	s.tests++
	if s.unsat {
		s.dead++
		return Unsat, nil
	}
	return s.g.Test(nil)
}

// Untest closes the innermost Test scope and reports whether the
// remaining assumptions are still consistent under propagation.
func (s *Solver) Untest() int {
	if s.tests == 0 {
		panic("sat: Untest without Test")
	}
	s.tests--
	if s.dead > 0 {
		s.dead--
		return Unsat
	}
	return s.g.Untest()
}

// Stats returns the counters accumulated since New.
func (s *Solver) Stats() Stats { return s.stats }

func (s *Solver) record(r int, d time.Duration) {
	s.stats.Calls++
	s.stats.Time += d
	switch r {
	case Sat:
		s.stats.Sat++
	case Unsat:
		s.stats.Unsat++
	default:
		s.stats.Unknown++
	}
}

// define encodes the gates under lits; the common case, every literal
// already encoded, costs one comparison per literal and no allocation.
func (s *Solver) define(lits []z.Lit) {
	for _, m := range lits {
		s.define1(m)
	}
}

func (s *Solver) define1(m z.Lit) int {
	s.check(m)
	v := int(m.Var())
	if v < len(s.mark) && s.mark[v] == 1 {
		return 0
	}
	if s.tests > 0 {
		panic(fmt.Sprintf("sat: literal %v first used inside a Test scope; call AddCircuit before Test", m))
	}
	var n int
	s.mark, n = s.c.CnfSince(s.g, s.mark, m)
	s.stats.Gates += int64(n)
	return n
}

// check rejects literals that did not come from the circuit: gini would
// accept them and silently give them a second meaning.
func (s *Solver) check(m z.Lit) {
	if m == z.LitNull || int(m.Var()) >= s.c.Len() {
		panic(fmt.Sprintf("sat: literal %v is not allocated in the solver's circuit", m))
	}
}

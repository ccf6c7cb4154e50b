package cone

import (
	"slices"

	"github.com/go-air/gini/z"
)

// Solver is one incremental CNF solver. The zero value is not ready: use
// New.
type Solver struct {
	vals     []int8      // by literal: 1 true, -1 false, 0 unassigned
	level    []int32     // by variable
	reason   []cref      // by variable; 0 for a decision or a fact
	activity []float64   // by variable (VSIDS)
	phase    []bool      // by variable: the value it had last
	seen     []bool      // by variable, scratch of the analyses
	dom      []uint32    // by variable: == stamp if in the query's domain
	watches  [][]watcher // by literal: visited when it becomes false
	trail    []z.Lit
	lims     []int // trail length at the start of each decision level
	qhead    int

	arena      []z.Lit // the clauses (clause.go)
	wasted     int     // room of deleted clauses in arena
	learnts    []cref
	maxLearnts int
	varInc     float64
	claInc     float32
	order      heap

	stamp   uint32
	all     bool    // the query decides every variable
	domain  []z.Var // the query's domain, its first decisions in this order
	cursor  int     // domain[:cursor] is assigned
	heaped  bool    // decisions come from order (VSIDS), not domain
	qconfl  int     // conflicts of the query
	assumps []z.Lit // of the query: t first when it has a temporary clause
	why     []z.Lit // failed assumptions of the last unsatisfiable query

	t     z.Lit  // activation literal of temporary clauses
	temps []cref // the temporary clause and those learned from it
	unsat bool   // the clauses alone are unsatisfiable

	levels []uint32 // by level, scratch of lbd
	lstamp uint32
	stack  []z.Lit // scratch of redundant
	learnt []z.Lit // scratch of analyze
	clear  []z.Var // scratch of redundant

}

// New returns an empty solver.
func New() *Solver {
	s := &Solver{varInc: 1, claInc: 1, maxLearnts: 2000}
	s.arena = []z.Lit{0} // offset 0 is no clause
	s.order.act = &s.activity
	s.grow() // variable 0 is z's null variable, never used
	s.t = s.Lit()
	return s
}

// grow adds the arrays' entries for one more variable.
func (s *Solver) grow() z.Var {
	v := z.Var(len(s.level))
	s.vals = append(s.vals, 0, 0)
	s.level = append(s.level, 0)
	s.reason = append(s.reason, 0)
	s.activity = append(s.activity, 0)
	s.phase = append(s.phase, false)
	s.seen = append(s.seen, false)
	s.dom = append(s.dom, 0)
	s.watches = append(s.watches, nil, nil)
	s.order.grow()
	return v
}

// Lit returns the positive literal of a new variable.
func (s *Solver) Lit() z.Lit { return s.grow().Pos() }

// Value reports whether m is true in the last model. A variable the last
// query left unassigned (outside its domain) reads as false.
func (s *Solver) Value(m z.Lit) bool { return s.vals[m] == 1 }

// Why appends to dst the assumptions the last unsatisfiable query needed:
// its conflict with them. It is empty when the clauses alone are
// unsatisfiable (or the temporary clause was empty).
func (s *Solver) Why(dst []z.Lit) []z.Lit { return append(dst, s.why...) }

func (s *Solver) inDomain(v z.Var) bool { return s.all || s.dom[v] == s.stamp }

// assign makes m true at the current level.
func (s *Solver) assign(m z.Lit, from cref) {
	v := m.Var()
	s.vals[m] = 1
	s.vals[m.Not()] = -1
	s.level[v] = int32(len(s.lims))
	s.reason[v] = from
	s.trail = append(s.trail, m)
}

// backtrack undoes every level above lvl, and returns the domain's
// variables it unassigns to the decision order.
func (s *Solver) backtrack(lvl int) {
	s.cursor = 0
	s.undo(lvl, s.heaped)
}

// undo undoes every level above lvl; order says whether the unassigned
// variables of the domain go back to the decision order.
func (s *Solver) undo(lvl int, order bool) {
	if len(s.lims) <= lvl {
		return
	}
	start := s.lims[lvl]
	for i := len(s.trail) - 1; i >= start; i-- {
		m := s.trail[i]
		v := m.Var()
		s.phase[v] = m.IsPos()
		s.vals[m], s.vals[m.Not()] = 0, 0
		s.reason[v] = 0
		if order && s.inDomain(v) {
			s.order.push(v)
		}
	}
	s.trail = s.trail[:start]
	s.qhead = start
	s.lims = s.lims[:lvl]
}

// settle ends the last query: its assignment is undone and its temporary
// clause with what was learned from it removed.
func (s *Solver) settle() { s.settleKeeping(0) }

// settleKeeping is settle keeping the first keep decision levels, which
// must not depend on the temporary clauses (kept).
func (s *Solver) settleKeeping(keep int) {
	s.undo(keep, false)
	if len(s.temps) == 0 {
		return
	}
	for _, c := range s.temps {
		s.detach(c)
	}
	s.temps = s.temps[:0]
	if s.vals[s.t] != 0 {
		// A learned unit made ¬t a fact; a fresh t keeps later
		// temporary clauses alive.
		s.t = s.Lit()
	}
}

func dropDeleted(s *Solver, cs []cref) []cref {
	return slices.DeleteFunc(cs, func(c cref) bool { return s.is(c, flagDeleted) })
}

// AddClause adds the clause ms for good. The solver keeps no reference to
// ms.
func (s *Solver) AddClause(ms ...z.Lit) {
	s.settle()
	if s.unsat {
		return
	}
	lits, sat := s.simplify(ms)
	if sat {
		return
	}
	switch len(lits) {
	case 0:
		s.unsat = true
	case 1:
		s.assign(lits[0], 0)
		if s.propagate() != 0 {
			s.unsat = true
		}
	default:
		s.attach(s.newClause(lits, 0, 0))
	}
}

// simplify copies ms without duplicates and without literals false at
// level 0; sat when the clause is true at level 0 or a tautology. Values
// above level 0 (levels kept for a query) are not facts.
func (s *Solver) simplify(ms []z.Lit) (lits []z.Lit, sat bool) {
	lits = make([]z.Lit, 0, len(ms))
	for _, m := range ms {
		switch s.fact(m) {
		case 1:
			return nil, true
		case -1:
			continue
		}
		dup := false
		for _, n := range lits {
			if n == m.Not() {
				return nil, true
			}
			dup = dup || n == m
		}
		if !dup {
			lits = append(lits, m)
		}
	}
	return lits, false
}

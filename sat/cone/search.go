package cone

import (
	"slices"

	"github.com/go-air/gini/z"
)

// A Query is one call of Solve.
type Query struct {
	// Assume are the assumptions, decided in this order.
	Assume []z.Lit
	// Temp, when not nil, is a clause that holds for this query only; an
	// empty Temp is the empty clause.
	Temp []z.Lit
	// Domain are the variables the query decides, nil for all. Those of
	// Assume and Temp are added. Choosing it is the caller's promise (the
	// package comment): every assignment of the domain that satisfies the
	// clauses over the domain extends to a model of all clauses.
	Domain []z.Var
	// Stop, when not nil, is asked now and then; true ends the query
	// with 0.
	Stop func() bool
}

// stopEvery is how many conflicts pass between two calls of Query.Stop.
const stopEvery = 64

// Solve answers q: 1 satisfiable (Value reads the model), -1
// unsatisfiable (Why reads the assumptions it needed), 0 stopped. What
// was learned, except from Temp, is kept for later queries.
func (s *Solver) Solve(q *Query) int {
	s.settleKeeping(s.kept(q.Assume))
	s.why = s.why[:0]
	if s.unsat {
		return -1
	}
	if len(s.learnts) >= s.maxLearnts {
		s.undo(0, false) // reduce and compact run at level 0
		s.reduce()
	}
	if s.compactDue() { // also of the temporary clauses of past queries
		s.undo(0, false)
		s.compact()
	}
	s.assumps = append(s.assumps[:0], q.Assume...)
	if q.Temp != nil {
		lits, sat := s.simplify(q.Temp)
		if !sat {
			if len(lits) == 0 {
				return -1
			}
			s.attachTemp(append(lits, s.t.Not()))
			s.assumps = append(s.assumps, s.t)
		}
	}
	s.setDomain(q.Domain)
	r := s.search(q.Stop)
	if r == -1 {
		s.why = slices.DeleteFunc(s.why, func(m z.Lit) bool { return m == s.t })
	}
	if r == 0 {
		s.backtrack(0)
	}
	return r
}

// setDomain marks the query's domain and lists it in the order of the
// first decisions: the caller's domain (all variables for nil), then the
// variables of the assumptions and of the temporary clause.
func (s *Solver) setDomain(domain []z.Var) {
	s.all = domain == nil
	s.domain = s.domain[:0]
	s.cursor, s.heaped, s.qconfl = 0, false, 0
	s.stamp++
	if s.all {
		for v := z.Var(1); int(v) < len(s.level); v++ {
			s.domain = append(s.domain, v)
		}
	}
	for _, v := range domain {
		s.mark(v)
	}
	for _, m := range s.assumps {
		s.mark(m.Var())
	}
	for _, c := range s.temps {
		for _, m := range s.lits(c) {
			s.mark(m.Var())
		}
	}
}

// mark adds v to the domain.
func (s *Solver) mark(v z.Var) {
	if s.dom[v] != s.stamp {
		s.dom[v] = s.stamp
		if !s.all {
			s.domain = append(s.domain, v)
		}
	}
}

// search runs CDCL from level 0 under s.assumps.
func (s *Solver) search(stop func() bool) int {
	var restarts, conflicts int
	budget := luby(restarts) * restartUnit
	for {
		if confl := s.propagate(); confl != 0 {
			conflicts++
			if len(s.lims) == 0 {
				s.unsat = true
				return -1
			}
			s.learn(confl)
			s.qconfl++
			if stop != nil && conflicts%stopEvery == 0 && stop() {
				return 0
			}
			if budget--; budget <= 0 {
				restarts++
				budget = luby(restarts) * restartUnit
				s.backtrack(0)
			}
			continue
		}
		if d := len(s.lims); d < len(s.assumps) {
			p := s.assumps[d]
			switch s.vals[p] {
			case 1:
				s.lims = append(s.lims, len(s.trail))
			case -1:
				s.analyzeFinal(p)
				return -1
			default:
				s.lims = append(s.lims, len(s.trail))
				s.assign(p, 0)
			}
			continue
		}
		v := s.pick()
		if v == 0 {
			return 1
		}
		s.lims = append(s.lims, len(s.trail))
		m := v.Pos()
		if !s.phase[v] {
			m = m.Not()
		}
		s.assign(m, 0)
	}
}

// learn analyses confl, backtracks and asserts the learned clause.
func (s *Solver) learn(confl cref) {
	lits, back, lbd := s.analyze(confl)
	s.backtrack(back)
	s.varInc /= 0.95
	s.claInc /= 0.999
	if len(lits) == 1 {
		s.assign(lits[0], 0)
		return
	}
	flags := uint32(flagLearnt)
	if slices.Contains(lits, s.t.Not()) {
		flags |= flagTemp
	}
	c := s.newClause(lits, flags, lbd)
	s.setAct(c, s.claInc)
	if flags&flagTemp != 0 {
		s.temps = append(s.temps, c)
	} else {
		s.learnts = append(s.learnts, c)
	}
	s.attach(c)
	s.assign(lits[0], c)
}

// heapAfter is how many conflicts a query makes before its decisions
// follow VSIDS. Most of IC3's queries end after a few conflicts and a few
// dozen decisions, and a heap of the whole domain, built for each query,
// cost more than those (a fifth of the time); until then the domain is
// decided in its order.
const heapAfter = 50

// pick returns the next unassigned variable of the domain, or 0.
func (s *Solver) pick() z.Var {
	if !s.heaped && s.qconfl >= heapAfter {
		s.heaped = true
		s.order.reset()
		for _, v := range s.domain {
			s.fill(v)
		}
	}
	if s.heaped {
		for {
			v := s.order.pop()
			if v == 0 || s.vals[v.Pos()] == 0 {
				return v
			}
		}
	}
	for ; s.cursor < len(s.domain); s.cursor++ {
		if v := s.domain[s.cursor]; s.vals[v.Pos()] == 0 {
			return v
		}
	}
	return 0
}

// restartUnit is the Luby sequence's unit, in conflicts.
const restartUnit = 100

// luby returns the i-th element (from 0) of the Luby sequence 1 1 2 1 1 2
// 4 ...
func luby(i int) int {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) / 2
		seq--
		i %= size
	}
	return 1 << seq
}

// reduce deletes the less useful half of the learned clauses: those of
// LBD above 2, least active first. It runs at level 0, where a learned
// clause is at most the reason of a fact, which no analysis reads.
func (s *Solver) reduce() {
	slices.SortFunc(s.learnts, func(a, b cref) int {
		if la, lb := s.lbdOf(a), s.lbdOf(b); la != lb {
			return int(la) - int(lb)
		}
		switch aa, ab := s.act(a), s.act(b); {
		case aa > ab:
			return -1
		case aa < ab:
			return 1
		}
		return 0
	})
	for _, c := range s.learnts[len(s.learnts)/2:] {
		if s.lbdOf(c) > 2 && len(s.lits(c)) > 2 {
			s.detach(c)
		}
	}
	s.learnts = dropDeleted(s, s.learnts)
	s.maxLearnts += s.maxLearnts / 10
}

// fill adds v to the decision order if it is unassigned.
func (s *Solver) fill(v z.Var) {
	if s.vals[v.Pos()] == 0 {
		s.order.push(v)
	}
}

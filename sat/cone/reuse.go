package cone

import "github.com/go-air/gini/z"

// A query keeps what it can of the last one's assignment. Its first
// decision levels are its assumptions, one a level, each with what it
// implies; where the new assumptions begin as the last query's did, those
// levels are still right and need not be propagated again. IC3 asks many
// queries in a row whose assumptions share a prefix (a cube's
// generalisation drops one literal at a time), and most of a query's
// propagation is of its assumptions.
//
// The temporary clause's activation literal t is the last assumption, so
// that a new temporary clause does not cut the prefix: the levels before
// t's never read a temporary clause. A temporary clause implies a literal
// other than ¬t only once t is true, and t is never implied (it occurs
// only negatively); only ¬t can be implied early, by a clause learned from
// a temporary one. The levels from that one on are not kept, so that t is
// free again and need not be replaced by a new variable (settle).

// kept returns how many decision levels of the last query the next one,
// with assumptions next (without t), can keep.
func (s *Solver) kept(next []z.Lit) int {
	n := 0
	for n < len(s.lims) && n < len(s.assumps) && n < len(next) &&
		s.assumps[n] == next[n] && s.assumps[n] != s.t {
		n++
	}
	if s.vals[s.t] != 0 {
		n = min(n, int(s.level[s.t.Var()])-1)
	}
	return max(n, 0)
}

// fact returns m's value at level 0: 1 true, -1 false, 0 neither.
func (s *Solver) fact(m z.Lit) int8 {
	if s.level[m.Var()] != 0 {
		return 0
	}
	return s.vals[m]
}

// attachTemp adds lits (the temporary clause with ¬t, none of them a fact)
// as a temporary clause while the kept levels are assigned. Its watches
// are ¬t, which is unassigned, and the literal that stays non-false
// longest: a true or unassigned one, else the false one of the highest
// level. When all its other literals are false the clause would have
// implied ¬t; it does not here, but once t is assumed propagation finds
// the clause false, and the analysis learns the same.
func (s *Solver) attachTemp(lits []z.Lit) {
	last := len(lits) - 1 // ¬t
	lits[0], lits[last] = lits[last], lits[0]
	best := 1
	for i := 2; i < len(lits); i++ {
		if s.stays(lits[i], lits[best]) {
			best = i
		}
	}
	lits[1], lits[best] = lits[best], lits[1]
	c := s.newClause(lits, flagTemp, 0)
	s.attach(c)
	s.temps = append(s.temps, c)
}

// stays reports whether a stays non-false longer than b under the
// current assignment: true beats unassigned beats false, and of two false
// literals the later one.
func (s *Solver) stays(a, b z.Lit) bool {
	va, vb := s.vals[a], s.vals[b]
	if va != vb {
		return va > vb
	}
	return va == -1 && s.level[a.Var()] > s.level[b.Var()]
}

package cone

import "github.com/go-air/gini/z"

// propagate assigns what the clauses imply from the trail not yet
// propagated, and returns a clause all of whose literals are false, or
// 0.
//
// Above level 0 a literal outside the query's domain is never assigned: a
// clause that would imply it stays as it is, as if that literal were
// true. Nothing at level 0 is skipped, so the watches are complete there,
// where every query starts.
func (s *Solver) propagate() cref {
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		if c := s.propagateLit(p.Not()); c != 0 {
			return c
		}
	}
	return 0
}

// propagateLit visits the clauses watching f, which just became false.
func (s *Solver) propagateLit(f z.Lit) cref {
	ws := s.watches[f]
	skip := len(s.lims) > 0 && !s.all
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if s.vals[w.blocker] == 1 {
			ws[j] = w
			j++
			continue
		}
		if w.ref&binRef != 0 {
			ws[j] = w
			j++
			c := w.ref &^ binRef
			if s.vals[w.blocker] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[f] = ws[:j]
				return c
			}
			if !skip || s.dom[w.blocker.Var()] == s.stamp {
				s.assign(w.blocker, c)
			}
			continue
		}
		c := w.ref
		n := cref(s.arena[c])
		if uint32(s.arena[c+1])&flagDeleted != 0 {
			continue
		}
		lits := s.arena[c+hdrSize : c+hdrSize+n]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], f
		}
		first := lits[0]
		if first != w.blocker && s.vals[first] == 1 {
			ws[j] = watcher{ref: c, blocker: first}
			j++
			continue
		}
		moved := false
		for k := 2; k < len(lits); k++ {
			if m := lits[k]; s.vals[m] != -1 {
				lits[1], lits[k] = m, f
				s.watches[m] = append(s.watches[m], watcher{ref: c, blocker: first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watcher{ref: c, blocker: first}
		j++
		if s.vals[first] == -1 {
			j += copy(ws[j:], ws[i+1:])
			s.watches[f] = ws[:j]
			return c
		}
		if !skip || s.dom[first.Var()] == s.stamp {
			s.assign(first, c)
		}
	}
	s.watches[f] = ws[:j]
	return 0
}

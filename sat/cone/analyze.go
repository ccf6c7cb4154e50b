package cone

import "github.com/go-air/gini/z"

// analyze derives from the conflict clause confl a learned clause whose
// first literal is asserting at the returned level (first UIP), and the
// clause's LBD. The current level is above 0. The clause is in a buffer
// the next analysis reuses (learn copies it into the arena).
func (s *Solver) analyze(confl cref) (learnt []z.Lit, back int, lbd int) {
	learnt = append(s.learnt[:0], 0)
	open := 0 // literals of the current level still to resolve
	var p z.Lit
	idx := len(s.trail) - 1
	cur := int32(len(s.lims))
	for c := confl; ; {
		if s.is(c, flagLearnt) {
			s.bumpClause(c)
		}
		for _, q := range s.lits(c) {
			v := q.Var()
			if p != 0 && v == p.Var() || s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.bumpVar(v)
			s.seen[v] = true
			if s.level[v] >= cur {
				open++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !s.seen[s.trail[idx].Var()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.Var()] = false
		open--
		if open == 0 {
			break
		}
		c = s.reason[p.Var()]
	}
	learnt[0] = p.Not()
	learnt = s.minimize(learnt)
	for _, q := range learnt {
		s.seen[q.Var()] = false
	}
	if len(learnt) > 1 {
		// The literal of the highest level below the current one goes
		// second: it is watched, and the level is where learnt asserts.
		hi := 1
		for i := 2; i < len(learnt); i++ {
			if s.level[learnt[i].Var()] > s.level[learnt[hi].Var()] {
				hi = i
			}
		}
		learnt[1], learnt[hi] = learnt[hi], learnt[1]
		back = int(s.level[learnt[1].Var()])
	}
	s.learnt = learnt
	return learnt, back, s.lbd(learnt)
}

// minimize drops the literals of learnt (after the first) that the others
// imply through reasons (MiniSat's recursive minimization). Every literal
// of learnt is seen on entry; those kept stay seen.
func (s *Solver) minimize(learnt []z.Lit) []z.Lit {
	var levels uint32
	for _, q := range learnt[1:] {
		levels |= s.abstractLevel(q.Var())
	}
	s.clear = s.clear[:0]
	j := 1
	for _, q := range learnt[1:] {
		if s.reason[q.Var()] == 0 || !s.redundant(q, levels) {
			learnt[j] = q
			j++
		} else {
			s.clear = append(s.clear, q.Var()) // dropped, still seen
		}
	}
	for _, v := range s.clear {
		s.seen[v] = false
	}
	return learnt[:j]
}

func (s *Solver) abstractLevel(v z.Var) uint32 { return 1 << (uint32(s.level[v]) & 31) }

// redundant reports whether q's reasons lead, through literals of level
// 0 and seen ones only, to literals of learnt. What it visits stays seen
// (in s.clear) when it is; nothing new stays seen when it is not.
func (s *Solver) redundant(q z.Lit, levels uint32) bool {
	s.stack = append(s.stack[:0], q)
	top := len(s.clear)
	for len(s.stack) > 0 {
		r := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, m := range s.lits(s.reason[r.Var()]) {
			v := m.Var()
			if v == r.Var() || s.seen[v] || s.level[v] == 0 {
				continue
			}
			if s.reason[v] == 0 || s.abstractLevel(v)&levels == 0 {
				for _, u := range s.clear[top:] {
					s.seen[u] = false
				}
				s.clear = s.clear[:top]
				return false
			}
			s.seen[v] = true
			s.stack = append(s.stack, m)
			s.clear = append(s.clear, v)
		}
	}
	return true
}

// lbd counts the distinct decision levels of lits.
func (s *Solver) lbd(lits []z.Lit) int {
	s.lstamp++
	for len(s.levels) <= len(s.lims) {
		s.levels = append(s.levels, 0)
	}
	n := 0
	for _, m := range lits {
		l := s.level[m.Var()]
		if s.levels[l] != s.lstamp {
			s.levels[l] = s.lstamp
			n++
		}
	}
	return n
}

// analyzeFinal sets why to the assumptions that make the assumption p
// false.
func (s *Solver) analyzeFinal(p z.Lit) {
	s.why = append(s.why[:0], p)
	if len(s.lims) == 0 {
		return
	}
	s.seen[p.Var()] = true
	for i := len(s.trail) - 1; i >= s.lims[0]; i-- {
		m := s.trail[i]
		v := m.Var()
		if !s.seen[v] {
			continue
		}
		s.seen[v] = false
		if c := s.reason[v]; c != 0 {
			for _, q := range s.lits(c) {
				if q.Var() != v && s.level[q.Var()] > 0 {
					s.seen[q.Var()] = true
				}
			}
		} else {
			s.why = append(s.why, m) // a decision: an assumption
		}
	}
	s.seen[p.Var()] = false
}

// bumpVar raises v's activity, rescaling all when it grows too large.
func (s *Solver) bumpVar(v z.Var) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.order.bumped(v)
}

func (s *Solver) bumpClause(c cref) {
	s.setAct(c, s.act(c)+s.claInc)
	if s.act(c) > 1e20 {
		for _, d := range s.learnts {
			s.setAct(d, s.act(d)*1e-20)
		}
		s.claInc *= 1e-20
	}
}

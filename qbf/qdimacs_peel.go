package qbf

import (
	"fmt"
	"slices"
)

// maxPairClauses bounds the clauses of a variable whose pairs peeling
// tries: a gate has few clauses, and a variable that many gates read
// has many, all of them its parents'.
const maxPairClauses = 12

// Peeling: gate recovery that does not trust the numbering. Encoders
// that walk a formula from its root and share subformulas number a gate
// before some of its inputs and after others, so neither direction of
// semanticPass finds all gates. Peeling follows the circuit instead,
// from its inputs up: a variable becomes known once a group of its
// clauses over known variables defines it. The groups tried for g are
// the clauses of g whose other variables lie within one clause of g, or
// within two (an if-then-else spreads over two). A variable no group
// defines at all is an input from the start; when peeling stalls on a
// ring of variables that define one another (g ↔ a ⊕ b also says
// a ↔ g ⊕ b), the variable that blocks most others becomes an input.

type peelCand struct {
	in  []int // the other variables of the group
	def *gateDef
}

// peelGates returns definitions of variables in inner found by peeling.
func peelGates(q *QDIMACS, vars []int, occ map[int][]int, inner map[int]bool) map[int]*gateDef {
	cands := make(map[int][]peelCand)
	for _, v := range vars {
		cands[v] = peelCandidates(q, v, occ[v])
	}
	known := make(map[int]bool)
	for _, v := range vars {
		if len(cands[v]) == 0 {
			known[v] = true
		}
	}
	for _, cl := range q.Clauses {
		if len(cl) == 1 {
			known[abs(cl[0])] = true // a constant
		}
	}
	isKnown := func(u int) bool { return !inner[u] || known[u] }
	defs := make(map[int]*gateDef)
	usedClause := make(map[int]bool)
	for {
		progress := false
		for _, v := range vars {
			if known[v] {
				continue
			}
		cand:
			for _, c := range cands[v] {
				for _, u := range c.in {
					if !isKnown(u) {
						continue cand
					}
				}
				for _, i := range c.def.clauses {
					if usedClause[i] {
						continue cand
					}
				}
				defs[v] = c.def
				known[v] = true
				for _, i := range c.def.clauses {
					usedClause[i] = true
				}
				progress = true
				break
			}
		}
		if progress {
			continue
		}
		// Stuck: make an input of the unknown variable that blocks the
		// most candidates of other unknown variables (the constant, a
		// choice read by one comparison), the lowest-numbered of equals.
		blocks := make(map[int]int)
		for _, v := range vars {
			if known[v] {
				continue
			}
			for _, c := range cands[v] {
				for _, u := range c.in {
					if !isKnown(u) {
						blocks[u]++
					}
				}
			}
		}
		best := 0
		for _, v := range vars {
			if !known[v] && (best == 0 || blocks[v] > blocks[best]) {
				best = v
			}
		}
		if best == 0 {
			return defs
		}
		known[best] = true
	}
}

// peelCandidates returns the groups of clauses that define v.
func peelCandidates(q *QDIMACS, v int, occ []int) []peelCand {
	var sets [][]int // other variables of each clause of v
	for _, i := range occ {
		cl := q.Clauses[i]
		if len(cl) < 2 || !distinctVars(cl) {
			continue
		}
		var s []int
		for _, m := range cl {
			if abs(m) != v {
				s = append(s, abs(m))
			}
		}
		slices.Sort(s)
		sets = append(sets, s)
	}
	tried := make(map[string]bool)
	var out []peelCand
	try := func(in []int) {
		if len(in) > maxSemanticInputs {
			return
		}
		key := fmt.Sprint(in)
		if tried[key] {
			return
		}
		tried[key] = true
		var pos, neg [][]int
		var idx []int
		for _, i := range occ {
			cl := q.Clauses[i]
			if len(cl) < 2 || !distinctVars(cl) {
				continue
			}
			var res []int
			sign, inside := 0, true
			for _, m := range cl {
				if abs(m) == v {
					sign = m
				} else if _, ok := slices.BinarySearch(in, abs(m)); ok {
					res = append(res, m)
				} else {
					inside = false
					break
				}
			}
			if !inside {
				continue
			}
			if sign > 0 {
				pos = append(pos, res)
			} else {
				neg = append(neg, res)
			}
			idx = append(idx, i)
		}
		if len(pos) == 0 || len(neg) == 0 || !definesByTable(in, pos, neg) {
			return
		}
		out = append(out, peelCand{in: in, def: &gateDef{out: v, sets: pos, clauses: idx}})
	}
	for i, s := range sets {
		try(s)
		if len(sets) > maxPairClauses {
			continue
		}
		for _, t := range sets[i+1:] {
			u := append(slices.Clone(s), t...)
			slices.Sort(u)
			try(slices.Compact(u))
		}
	}
	return out
}

package qbf

import "slices"

// Semantic gate extraction. The And/Or patterns of extractGates miss the
// other gates Tseitin encoders write (Xor, Xnor, if-then-else, and
// encodings with redundant clauses), and those are exactly the
// equalities ωo,v ↔ ωn,v of a subsumption query. A variable g is
// defined by a set S of clauses if, for every assignment to S's other
// variables, S forces g one way: the clauses (g ∨ Pi) and (¬g ∨ Nj) of S
// never leave g free (∧Pi ∧ ∧Nj is unsatisfiable) and never force it
// both ways (∨¬Pi ∧ ∨¬Nj is unsatisfiable). Then S ≡ g ↔ ¬∧Pi, and for
// g in the innermost existential block the clauses can be replaced by
// the definition. Which S to try: most encoders number a gate after its
// inputs, so S is first the clauses of g whose other variables all come
// before g, which also keeps the definitions acyclic, or else the
// clauses whose other variables all come after g, as top-down encoders
// number them: each direction is tried on every variable, and the one
// that defines more wins. (Mixing them per variable goes wrong: in a
// top-down encoding, the clauses of g's parent can define g in terms of
// the parent, which then stays an input.) S's variables are few, so a
// truth table decides both conditions.

// maxSemanticInputs bounds the inputs of a gate found by its truth table.
// Wider gates are the n-ary Ands and Ors, which extractGates matches
// syntactically.
const maxSemanticInputs = 10

// semanticGates returns the definitions found by truth tables for the
// variables in inner.
func semanticGates(q *QDIMACS, inner map[int]bool) map[int]*gateDef {
	// The walk from the roots trusts no numbering and so takes the right
	// variable of each ring of definitions (qdimacs_roots.go). What it
	// leaves (a part it could not enter from a root, or whose root it
	// mistook) is left to the numbered passes; since the walk's gates
	// have taken all their clauses, the definitions found in what is
	// left never read them.
	r := newRootWalk(q, inner)
	roots := r.run()
	rest := &QDIMACS{NumVars: q.NumVars}
	var back []int // clause index in rest -> clause index in q
	for i, cl := range q.Clauses {
		if !r.consumed[i] {
			rest.Clauses = append(rest.Clauses, cl)
			back = append(back, i)
		}
	}
	open := make(map[int]bool)
	for v := range inner {
		if roots[v] == nil {
			open[v] = true
		}
	}
	for v, d := range numberedGates(rest, open) {
		for k, i := range d.clauses {
			d.clauses[k] = back[i]
		}
		roots[v] = d
	}
	// When the walk took nearly every clause, the formula is a circuit
	// it has followed, and the numbered passes over all of it, which
	// cost twice to four times the walk, would only find the same gates
	// or the wrong end of some rings. Otherwise, as on a CNF with no
	// gate structure at its roots, they win when they find clearly more.
	if 10*len(rest.Clauses) <= len(q.Clauses) {
		return roots
	}
	if best := numberedGates(q, inner); 10*len(roots) < 9*len(best) {
		return best
	}
	return roots
}

// numberedGates returns the definitions that the numbering suggests: by
// truth tables over the clauses of a variable whose other variables come
// before it (or all after it), or by peeling.
func numberedGates(q *QDIMACS, inner map[int]bool) map[int]*gateDef {
	occ := make(map[int][]int)
	for i, cl := range q.Clauses {
		for _, m := range cl {
			if v := abs(m); inner[v] {
				occ[v] = append(occ[v], i)
			}
		}
	}
	vars := make([]int, 0, len(occ))
	for v := range occ {
		vars = append(vars, v)
	}
	slices.Sort(vars)

	up := make(map[int]*gateDef)
	semanticPass(q, vars, occ, up, func(u, v int) bool { return u > v })
	down := make(map[int]*gateDef)
	semanticPass(q, vars, occ, down, func(u, v int) bool { return u < v })
	best := up
	if len(down) > len(best) {
		best = down
	}
	// Peeling costs more; run it only when the numbering is not cleanly
	// bottom up. In a bottom-up encoding the top-down direction finds
	// next to nothing (a tenth as many gates or fewer, measured on
	// qbf/gen's formulas); with top-down numbering it finds more than
	// the bottom-up direction.
	if 3*len(down) > len(up) {
		if peeled := peelGates(q, vars, occ, inner); len(peeled) > len(best) {
			best = peeled
		}
	}
	return best
}

// semanticPass looks for definitions of the variables in vars not yet in
// defs, from the clauses in which no variable u is outside(u, v).
func semanticPass(q *QDIMACS, vars []int, occ map[int][]int, defs map[int]*gateDef, outside func(u, v int) bool) {
	var local []int
	var pos, neg [][]int
	var idx []int
	for _, v := range vars {
		if defs[v] != nil {
			continue
		}
		local, pos, neg, idx = local[:0], pos[:0], neg[:0], idx[:0]
		ok := true
		for _, i := range occ[v] {
			cl := q.Clauses[i]
			if len(cl) < 2 || !distinctVars(cl) || slices.ContainsFunc(cl, func(m int) bool { return outside(abs(m), v) }) {
				continue
			}
			var res []int
			sign := 0
			for _, m := range cl {
				if abs(m) == v {
					sign = m
					continue
				}
				res = append(res, m)
				if !slices.Contains(local, abs(m)) {
					local = append(local, abs(m))
				}
			}
			if len(local) > maxSemanticInputs {
				ok = false
				break
			}
			if sign > 0 {
				pos = append(pos, res)
			} else {
				neg = append(neg, res)
			}
			idx = append(idx, i)
		}
		if !ok || len(pos) == 0 || len(neg) == 0 || !definesByTable(local, pos, neg) {
			continue
		}
		d := &gateDef{out: v, clauses: slices.Clone(idx)}
		for _, s := range pos {
			d.sets = append(d.sets, slices.Clone(s))
		}
		defs[v] = d
	}
}

// definesByTable tells whether, under every assignment of local, exactly
// one of "all pos clauses hold" and "all neg clauses hold" is true.
func definesByTable(local []int, pos, neg [][]int) bool {
	// At most maxSemanticInputs variables: a linear search beats a map.
	bit := func(v int) uint { return uint(slices.Index(local, v)) }
	// A clause is false under an assignment a iff a sets each literal
	// false: a&mask == want.
	type clause struct{ mask, want uint32 }
	compile := func(cls [][]int) []clause {
		out := make([]clause, len(cls))
		for i, cl := range cls {
			for _, m := range cl {
				b := uint32(1) << bit(abs(m))
				out[i].mask |= b
				if m < 0 {
					out[i].want |= b // ¬x is false when x is true
				}
			}
		}
		return out
	}
	p, n := compile(pos), compile(neg)
	allHold := func(cls []clause, a uint32) bool {
		for _, c := range cls {
			if a&c.mask == c.want {
				return false
			}
		}
		return true
	}
	for a := uint32(0); a < 1<<len(local); a++ {
		if allHold(p, a) == allHold(n, a) {
			return false
		}
	}
	return true
}

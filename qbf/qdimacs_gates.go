package qbf

import "slices"

// Gate extraction. A Tseitin encoding, EncodeQDIMACS's included, turns
// every gate into an innermost existential variable g and the clauses
// (G ∨ m1 ∨ ... ∨ mk) and (¬G ∨ ¬mi) for each i, which together say
// G ↔ ¬m1 ∧ ... ∧ ¬mk (G is g or ¬g; an Or gate is the case ¬g). Left as
// variables, the gates ruin CEGAR: the check solver's answer fixes them
// too, so each refinement rules out hardly more than the one candidate
// that produced it. Rebuilding them as circuit gates restores the
// structure. For g in the innermost existential block,
// ∃g. (g ↔ D) ∧ φ ≡ φ[g := D], so dropping the defining clauses and
// substituting D is exact, as long as the definitions are acyclic.

// gateDef is one extracted definition, out ↔ ¬∧_i ∨sets[i]: out is
// forced true exactly when one of the clauses (out ∨ sets[i]) has its
// other literals false. The clauses with the given indices say exactly
// that and nothing more.
type gateDef struct {
	out     int
	sets    [][]int
	clauses []int
}

// uses calls f for every variable the definition reads.
func (d *gateDef) uses(f func(v int)) {
	for _, s := range d.sets {
		for _, m := range s {
			f(abs(m))
		}
	}
}

// extractGates finds acyclic definitions of variables in inner. It
// returns them by variable, the defined variables in topological order
// (inputs of a gate before the gate), and the defining clauses.
func extractGates(q *QDIMACS, inner []int, mode GateMode) (defs map[int]*gateDef, order []int, removed map[int]bool) {
	isInner := make(map[int]bool, len(inner))
	for _, v := range inner {
		isInner[v] = true
	}
	type pair [2]int
	key := func(a, b int) pair {
		if a > b {
			a, b = b, a
		}
		return pair{a, b}
	}
	binary := make(map[pair]int)
	for i, cl := range q.Clauses {
		if len(cl) == 2 && abs(cl[0]) != abs(cl[1]) {
			if _, ok := binary[key(cl[0], cl[1])]; !ok {
				binary[key(cl[0], cl[1])] = i
			}
		}
	}

	defs = make(map[int]*gateDef)
	if mode == GatesAll {
		defs = semanticGates(q, isInner)
	}
	// A clause of a definition found by its truth table may match a
	// pattern for one of its inputs too (the clauses of g ↔ a ∧ ¬b also
	// say a ↔ g ∨ b); such a definition would only close a cycle.
	used := make(map[int]bool)
	for _, d := range defs {
		for _, i := range d.clauses {
			used[i] = true
		}
	}
	for i, cl := range q.Clauses {
		if len(cl) < 2 || used[i] || !distinctVars(cl) {
			continue
		}
		for _, g := range cl {
			v := abs(g)
			if !isInner[v] || defs[v] != nil {
				continue
			}
			d := &gateDef{out: g, clauses: []int{i}}
			var rest []int
			for _, m := range cl {
				if m == g {
					continue
				}
				j, ok := binary[key(-g, -m)]
				if !ok {
					d = nil
					break
				}
				rest = append(rest, m)
				d.clauses = append(d.clauses, j)
			}
			if d != nil {
				d.sets = [][]int{rest}
			}
			if d != nil {
				defs[v] = d
				break
			}
		}
	}

	order = topoOrder(defs)
	removed = make(map[int]bool)
	for _, v := range order {
		for _, i := range defs[v].clauses {
			removed[i] = true
		}
	}
	return defs, order, removed
}

// topoOrder returns the defined variables with every definition after
// those it uses. A definition that would close a cycle is deleted from
// defs, turning its variable back into an ordinary existential.
func topoOrder(defs map[int]*gateDef) []int {
	vars := make([]int, 0, len(defs))
	for v := range defs {
		vars = append(vars, v)
	}
	slices.Sort(vars) // map order must not choose which cycle edge goes

	const (
		white = iota
		grey
		black
	)
	color := make(map[int]int, len(defs))
	var order []int
	type frame struct {
		v    int
		deps []int
		next int
	}
	depsOf := func(v int) []int {
		var ds []int
		defs[v].uses(func(u int) { ds = append(ds, u) })
		return ds
	}
	for _, root := range vars {
		if color[root] != white {
			continue
		}
		color[root] = grey
		stack := []frame{{v: root, deps: depsOf(root)}}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(f.deps) {
				color[f.v] = black
				order = append(order, f.v)
				stack = stack[:len(stack)-1]
				continue
			}
			u := f.deps[f.next]
			f.next++
			if defs[u] == nil {
				continue
			}
			switch color[u] {
			case white:
				color[u] = grey
				stack = append(stack, frame{v: u, deps: depsOf(u)})
			case grey:
				// u is on the stack: f.v's definition closes a cycle.
				// Dropping it makes f.v an input, which breaks the cycle
				// for every gate above it as well.
				delete(defs, f.v)
				color[f.v] = black
				stack = stack[:len(stack)-1]
			}
		}
	}
	return order
}

func distinctVars(cl []int) bool {
	if len(cl) > 16 {
		seen := make(map[int]bool, len(cl))
		for _, m := range cl {
			if seen[abs(m)] {
				return false
			}
			seen[abs(m)] = true
		}
		return true
	}
	for i, m := range cl {
		for _, n := range cl[:i] {
			if abs(m) == abs(n) {
				return false
			}
		}
	}
	return true
}

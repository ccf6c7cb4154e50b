package qbf

import "slices"

// Root-driven gate recovery: definitions found from the formula's roots
// down, trusting no numbering. The other passes read direction off the
// variable numbers, and a clause group such as the four clauses of
// g ↔ a ⊕ b defines a just as well as g (a ↔ g ⊕ b): a pass that takes
// the wrong one makes a of the old state's choices a gate and the real
// gate g an input, which the check solver then fixes in every
// refinement. Measured on qbf/gen's formulas with their Tseitin
// variables shuffled, the numbered passes lost up to half the gates and
// CEGAR needed 1,537 rounds where 7 did.
//
// Walking down from the roots picks the right one. A Tseitin formula
// asserts its output (a unit clause) or a few clauses over gate outputs;
// every other clause belongs to the definition of one gate. A variable
// is reached once it occurs in a root clause or in the definition of a
// recovered gate, and a reached variable is a gate once the clauses of
// it that no recovered gate has taken define it: by then every gate
// above it has taken its own clauses, so what is left is exactly its
// definition, and a variable read by several gates waits until all of
// them are recovered. An input of the circuit ends with no clauses left.
// Since a recovered gate takes every clause it occurs in, no later
// definition can read it, and the definitions are acyclic.

func newRootWalk(q *QDIMACS, inner map[int]bool) *rootWalk {
	r := &rootWalk{
		q:        q,
		inner:    make([]bool, q.NumVars+1),
		occ:      make([][]int, q.NumVars+1),
		consumed: make([]bool, len(q.Clauses)),
		reached:  make([]bool, q.NumVars+1),
		defs:     make(map[int]*gateDef),
		changed:  make([]int, q.NumVars+1),
		checked:  make([]int, len(q.Clauses)),
	}
	for v := range inner {
		if v > 0 && v <= q.NumVars {
			r.inner[v] = true
		}
	}
	for i, cl := range q.Clauses {
		for _, m := range cl {
			r.occ[abs(m)] = append(r.occ[abs(m)], i)
		}
	}
	return r
}

func (r *rootWalk) run() map[int]*gateDef {
	q, inner := r.q, r.inner
	for i, cl := range q.Clauses {
		if len(cl) == 1 {
			r.takeRoot(i)
		}
	}
	for {
		r.drain()
		if i, ok := r.findRootClause(); ok {
			r.takeRoot(i)
			continue
		}
		// No root clause: what is left are gates no root reads (dead
		// code) and their inputs. Take them from the highest-numbered
		// down, each with the gates below it: the numbering is the only
		// hint left, and encoders number their inputs first. Then look
		// for roots again.
		found := false
		for u := q.NumVars; u > 0; u-- {
			if inner[u] && !r.reached[u] && r.define(u, -1) != nil {
				found = true
				r.reach(u)
				r.drain()
			}
		}
		if !found {
			return r.defs
		}
	}
}

type rootWalk struct {
	q        *QDIMACS
	inner    []bool
	occ      [][]int // clauses of each variable
	consumed []bool  // taken by a root or a recovered gate
	reached  []bool
	defs     map[int]*gateDef
	work     []int // reached variables to try
	// A clause that failed findRootClause's test fails it again until a
	// clause of one of its variables is consumed or one becomes a gate:
	// changed[v] is the clock at v's last change, checked[i] the clock
	// at clause i's last test.
	clock            int
	changed, checked []int
	// Scratch space of define.
	sIdx, sLocal, sFlat []int
	sPos, sNeg          [][2]int
}

// reach marks v reached and queues it.
func (r *rootWalk) reach(v int) {
	if !r.reached[v] {
		r.reached[v] = true
		if r.inner[v] {
			r.work = append(r.work, v)
		}
	}
}

// take marks clause i consumed and queues its variables: each reached
// one may now be defined by what is left of its clauses.
func (r *rootWalk) take(i int) {
	r.consumed[i] = true
	r.clock++
	for _, m := range r.q.Clauses[i] {
		v := abs(m)
		r.changed[v] = r.clock
		if r.reached[v] && r.defs[v] == nil && r.inner[v] {
			r.work = append(r.work, v)
		} else {
			r.reach(v)
		}
	}
}

func (r *rootWalk) takeRoot(i int) {
	if !r.consumed[i] {
		r.take(i)
	}
}

// drain recovers gates until no queued variable is defined by its
// remaining clauses.
func (r *rootWalk) drain() {
	for len(r.work) > 0 {
		v := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		if r.defs[v] != nil {
			continue
		}
		d := r.define(v, -1)
		if d == nil {
			continue
		}
		r.defs[v] = d
		for _, i := range d.clauses {
			r.take(i)
		}
	}
}

// define returns the definition of v by all its remaining clauses except
// clause skip, or nil if they do not define it.
func (r *rootWalk) define(v, skip int) *gateDef {
	// define runs for every reached variable each time one of its
	// clauses is taken, and mostly fails: it works in scratch space and
	// copies only a definition it returns.
	idx, local, pos, neg, flat := r.sIdx[:0], r.sLocal[:0], r.sPos[:0], r.sNeg[:0], r.sFlat[:0]
	defer func() { r.sIdx, r.sLocal, r.sPos, r.sNeg, r.sFlat = idx, local, pos, neg, flat }()
	wide := false
	for _, i := range r.occ[v] {
		if r.consumed[i] || i == skip {
			continue
		}
		cl := r.q.Clauses[i]
		if len(cl) < 2 || !distinctVars(cl) {
			return nil
		}
		idx = append(idx, i)
		start := len(flat)
		sign := 0
		for _, m := range cl {
			if abs(m) == v {
				sign = m
				continue
			}
			flat = append(flat, m)
			if !wide && !containsInt(local, abs(m)) {
				local = append(local, abs(m))
				wide = len(local) > maxSemanticInputs
			}
		}
		// flat may move as it grows; the residuals are cut from it
		// below, once it is complete.
		if sign > 0 {
			pos = append(pos, [2]int{start, len(flat)})
		} else {
			neg = append(neg, [2]int{start, len(flat)})
		}
		if wide && len(pos) > 1 && len(neg) > 1 {
			// Too wide for a table, and not one long clause against
			// binaries: an input read by many gates. Stopping here keeps
			// the many calls on such a variable cheap.
			return nil
		}
	}
	if len(idx) == 0 {
		return nil
	}
	cut := func(spans [][2]int) [][]int {
		out := make([][]int, len(spans))
		for k, sp := range spans {
			out[k] = flat[sp[0]:sp[1]:sp[1]]
		}
		return out
	}
	p, n := cut(pos), cut(neg)
	if wide {
		d := wideDefinition(v, idx, p, n)
		if d != nil {
			d.sets = [][]int{slices.Clone(d.sets[0])}
			d.clauses = slices.Clone(idx)
		}
		return d
	}
	if !definesByTable(local, p, n) {
		return nil
	}
	// A side with no clauses makes v a constant: ¬∧ of no sets is false.
	d := &gateDef{out: v, clauses: slices.Clone(idx)}
	for _, set := range p {
		d.sets = append(d.sets, slices.Clone(set))
	}
	return d
}

// wideDefinition matches the n-ary And/Or pattern of extractGates on
// exactly the clauses idx of v, whose residuals (v removed) are pos and
// neg: one long clause (G ∨ m1 ∨ ... ∨ mk) and a binary (¬G ∨ ¬mi) for
// each i. Too wide for a truth table, it is the only wide gate Tseitin
// encoders write.
func wideDefinition(v int, idx []int, pos, neg [][]int) *gateDef {
	for _, side := range [2]struct {
		g          int
		long, bins [][]int
	}{{v, pos, neg}, {-v, neg, pos}} {
		if len(side.long) != 1 {
			continue
		}
		rest := side.long[0]
		covered := make(map[int]bool, len(rest))
		ok := true
		for _, b := range side.bins {
			if len(b) != 1 || !containsInt(rest, -b[0]) {
				ok = false
				break
			}
			covered[-b[0]] = true
		}
		if ok && len(covered) == len(rest) {
			return &gateDef{out: side.g, sets: [][]int{rest}, clauses: idx}
		}
	}
	return nil
}

// findRootClause returns a clause that is in no gate's definition: a clause over outer
// variables only, or one whose removal lets one of its variables that no
// recovered gate reads be defined by what is left of its clauses, as the
// top clause (¬γ ∨ o1 ∨ ... ∨ om) of a subsumption query does for each
// oi. A clause of a gate g's definition does neither: without it g's
// other clauses say too little, and an input's other clauses still
// include the rest of g's. (An input a that a recovered gate reads can
// pass the test: if g ↔ ite(s, h, a) and a ↔ b ∧ s, dropping the clause
// (¬g ∨ s ∨ a) leaves a defined, since a is false wherever the other
// clause of g about a matters. Such an a is below a root already.)
func (r *rootWalk) findRootClause() (int, bool) {
	n := len(r.q.Clauses)
	for k := range n {
		// From both ends inwards: encoders write the clauses that
		// assert the root last (bottom up) or first (top down), and
		// testing a clause costs truth tables.
		i := k / 2
		if k%2 == 0 {
			i = n - 1 - k/2
		}
		if r.consumed[i] {
			continue
		}
		if r.checked[i] > 0 && !slices.ContainsFunc(r.q.Clauses[i], func(m int) bool { return r.changed[abs(m)] >= r.checked[i] }) {
			continue
		}
		r.clock++
		r.checked[i] = r.clock
		free, blocked, ok := true, false, true
		for _, m := range r.q.Clauses[i] {
			v := abs(m)
			if !r.inner[v] || r.defs[v] != nil {
				continue
			}
			free = false
			if r.reached[v] {
				continue
			}
			if !r.bothSigns(v, i) || r.define(v, i) == nil {
				ok = false
				break
			}
			if r.define(v, -1) == nil {
				blocked = true
			}
		}
		if free || ok && blocked {
			return i, true
		}
	}
	return 0, false
}

// bothSigns tells whether v occurs positively and negatively in its
// remaining clauses other than i. A variable that the others force to a
// constant without clause i (g ↔ (a ↔ a) is g ∨ a, g ∨ ¬a) would pass
// findRootClause's test for any clause that reads it.
func (r *rootWalk) bothSigns(v, i int) bool {
	var pos, neg bool
	for _, j := range r.occ[v] {
		if j == i || r.consumed[j] {
			continue
		}
		for _, m := range r.q.Clauses[j] {
			if m == v {
				pos = true
			} else if m == -v {
				neg = true
			}
		}
	}
	return pos && neg
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

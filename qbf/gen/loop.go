package gen

import "math/rand/v2"

// The loop is a random Boolean program: an initial state, and a body that
// assigns every state variable at once from the old values and the
// round's fresh choices, after an optional assumption on them.

type op uint8

const (
	opVar    op = iota // state variable idx
	opChoice           // the round's choice idx
	opConst            // val
	opNot
	opAnd
	opOr
	opXor
	opIte
)

type expr struct {
	op      op
	idx     int
	val     bool
	a, b, c *expr
}

type loop struct {
	vars, choices int
	init, body    []*expr
	assume        *expr
}

func newLoop(r *rand.Rand, vars, choices int, assume bool) *loop {
	l := &loop{vars: vars, choices: choices}
	for range vars {
		switch r.IntN(4) {
		case 0, 1:
			l.init = append(l.init, &expr{op: opConst, val: r.IntN(4) == 0})
		default:
			l.init = append(l.init, &expr{op: opChoice, idx: r.IntN(choices)})
		}
	}
	for v := range vars {
		var e *expr
		switch x := r.IntN(20); {
		case x < 3: // x := *
			e = &expr{op: opChoice, idx: r.IntN(choices)}
		case x < 5: // unchanged, or toggled
			e = &expr{op: opVar, idx: v}
			if x == 4 {
				e = &expr{op: opNot, a: e}
			}
		default:
			e = l.tree(r, v, 1+r.IntN(2))
		}
		l.body = append(l.body, e)
	}
	if assume {
		l.assume = &expr{op: opOr, a: l.leaf(r, r.IntN(vars)), b: l.leaf(r, r.IntN(vars))}
	}
	return l
}

// leaf is a state variable near v or a choice, maybe negated.
func (l *loop) leaf(r *rand.Rand, v int) *expr {
	var e *expr
	switch x := r.IntN(10); {
	case x < 4:
		e = &expr{op: opChoice, idx: r.IntN(l.choices)}
	case x < 7:
		e = &expr{op: opVar, idx: (v + r.IntN(3)) % l.vars}
	default:
		e = &expr{op: opVar, idx: r.IntN(l.vars)}
	}
	if r.IntN(3) == 0 {
		e = &expr{op: opNot, a: e}
	}
	return e
}

func (l *loop) tree(r *rand.Rand, v, depth int) *expr {
	if depth == 0 {
		return l.leaf(r, v)
	}
	sub := func() *expr {
		if r.IntN(2) == 0 {
			return l.tree(r, v, depth-1)
		}
		return l.leaf(r, v)
	}
	switch r.IntN(5) {
	case 0:
		return &expr{op: opAnd, a: sub(), b: sub()}
	case 1:
		return &expr{op: opOr, a: sub(), b: sub()}
	case 2:
		return &expr{op: opXor, a: sub(), b: sub()}
	default:
		return &expr{op: opIte, a: l.leaf(r, v), b: sub(), c: sub()}
	}
}

// unroll writes the state after k rounds over the given choices (the
// first l.choices of them make the initial state) and returns its guard
// and values as DIMACS literals.
func (l *loop) unroll(w *writer, in []int, k int) (guard int, vals []int) {
	vals = make([]int, l.vars)
	ch := in[:l.choices]
	for v, e := range l.init {
		vals[v] = w.eval(e, nil, ch)
	}
	var guards []int
	for round := 1; round <= k; round++ {
		ch = in[round*l.choices : (round+1)*l.choices]
		if l.assume != nil {
			guards = append(guards, w.eval(l.assume, vals, ch))
		}
		next := make([]int, l.vars)
		for v, e := range l.body {
			next[v] = w.eval(e, vals, ch)
		}
		vals = next
	}
	switch len(guards) {
	case 0:
		guard = w.constant(true)
	case 1:
		guard = guards[0]
	default:
		guard = w.and(guards...)
	}
	return guard, vals
}

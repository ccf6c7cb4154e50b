package gen

import "math/rand/v2"

// writer allocates DIMACS variables and writes Tseitin clauses. Every
// operator gets a fresh variable, even when an equal one exists: the
// encoding is the one a tool without structural hashing writes.
type writer struct {
	r            *rand.Rand
	n            int
	clauses      [][]int
	firstTseitin int
	truth        int // the variable fixed true, 0 until needed
}

func (w *writer) fresh() int {
	w.n++
	return w.n
}

func (w *writer) inputs(k int) []int {
	vs := make([]int, k)
	for i := range vs {
		vs[i] = w.fresh()
	}
	return vs
}

func (w *writer) clause(ms ...int) {
	w.clauses = append(w.clauses, append([]int(nil), ms...))
}

func (w *writer) constant(val bool) int {
	if w.truth == 0 {
		w.truth = w.fresh()
		w.clause(w.truth)
	}
	if val {
		return w.truth
	}
	return -w.truth
}

func (w *writer) eval(e *expr, vals, ch []int) int {
	switch e.op {
	case opVar:
		return vals[e.idx]
	case opChoice:
		return ch[e.idx]
	case opConst:
		return w.constant(e.val)
	case opNot:
		return w.not(w.eval(e.a, vals, ch))
	case opAnd:
		return w.and(w.eval(e.a, vals, ch), w.eval(e.b, vals, ch))
	case opOr:
		return w.or(w.eval(e.a, vals, ch), w.eval(e.b, vals, ch))
	case opXor:
		return -w.xnor(w.eval(e.a, vals, ch), w.eval(e.b, vals, ch))
	case opIte:
		return w.ite(w.eval(e.a, vals, ch), w.eval(e.b, vals, ch), w.eval(e.c, vals, ch))
	}
	panic("gen: unknown operator")
}

// not is a negative literal, or, one time in four, a variable defined
// equivalent to it, as tools that give every operator a variable write.
func (w *writer) not(a int) int {
	if w.r.IntN(4) != 0 {
		return -a
	}
	g := w.fresh()
	w.clause(g, a)
	w.clause(-g, -a)
	return g
}

// and defines g ↔ ∧ ms: (¬g ∨ m) for each m and (g ∨ ¬m1 ∨ ... ∨ ¬mk).
func (w *writer) and(ms ...int) int {
	g := w.fresh()
	long := []int{g}
	for _, m := range ms {
		w.clause(-g, m)
		long = append(long, -m)
	}
	w.clause(long...)
	return g
}

func (w *writer) or(ms ...int) int {
	g := w.fresh()
	long := []int{-g}
	for _, m := range ms {
		w.clause(g, -m)
		long = append(long, m)
	}
	w.clause(long...)
	return g
}

// xnor defines g ↔ (a ↔ b) by its four clauses.
func (w *writer) xnor(a, b int) int {
	g := w.fresh()
	w.clause(-g, -a, b)
	w.clause(-g, a, -b)
	w.clause(g, a, b)
	w.clause(g, -a, -b)
	return g
}

// ite defines g ↔ (c ? a : b), with the two redundant clauses that some
// encoders add half of the time.
func (w *writer) ite(c, a, b int) int {
	g := w.fresh()
	w.clause(-g, -c, a)
	w.clause(-g, c, b)
	w.clause(g, -c, -a)
	w.clause(g, c, -b)
	if w.r.IntN(2) == 0 {
		w.clause(-g, a, b)
		w.clause(g, -a, -b)
	}
	return g
}

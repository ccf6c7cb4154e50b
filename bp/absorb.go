package bp

// A fresh choice absorbs what it is combined with by ^, = or !: x ^ *
// takes either value whatever x is, and so does * alone. Generators write
// such values (bopgo's own: the scaled programs, and a worker's local
// recomputed every round as l1 ^ *; no program of the corpus does), and
// reading x through them makes x look relevant to the slicing when no
// value of x changes what can happen. So the slicing reads a step's terms
// with such combinations replaced by the choice.
//
// Only a choice that occurs once in its step absorbs anything: a choice
// read twice correlates the two places, and x ^ c with c = y elsewhere in
// the step is not free of x. Replacing x ^ c by c keeps, for every value
// of the step's variables, the set of tuples of values its terms can
// take: fix every other choice, and c alone still gives either value to
// the place where it stood and to no other place.

// absorber rewrites the terms of one step; once holds the choices that
// occur exactly once in it.
type absorber struct{ once map[int]bool }

func newAbsorber(st *Step) absorber {
	count := map[int]int{}
	st.terms(eachNode(func(t *Term) {
		if t.Op == TNondet || t.Op == TChoose {
			count[t.Choice]++
		}
	}))
	once := map[int]bool{}
	for c, n := range count {
		if n == 1 {
			once[c] = true
		}
	}
	return absorber{once}
}

// free reports whether t is a choice that occurs nowhere else.
func (ab absorber) free(t *Term) bool { return t.Op == TNondet && ab.once[t.Choice] }

// term returns t with every !c, x ^ c and x = c of a free choice c
// replaced by c, bottom up; t itself when nothing changes.
func (ab absorber) term(t *Term) *Term {
	if t == nil || len(t.Args) == 0 {
		return t
	}
	args := make([]*Term, len(t.Args))
	changed := false
	for i, a := range t.Args {
		args[i] = ab.term(a)
		changed = changed || args[i] != a
	}
	switch {
	case t.Op == TNot && ab.free(args[0]):
		return args[0]
	case (t.Op == TXor || t.Op == TIff) && ab.free(args[1]):
		return args[1]
	case (t.Op == TXor || t.Op == TIff) && ab.free(args[0]):
		return args[0]
	case !changed:
		return t
	}
	c := *t
	c.Args = args
	return &c
}

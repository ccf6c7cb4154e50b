package encode

// A small reduced ordered BDD package, only what re-parameterisation
// needs: conjunction, exclusive or, existential quantification and
// cofactors over variables numbered by level (0 on top). Without
// complement edges, so a function has exactly one node; the node count is
// bounded and an operation past the bound gives up (bddLimit), since a
// set whose BDD is large is not worth a canonical form.

const (
	bddFalse int32 = 0
	bddTrue  int32 = 1
	leafLvl  int32 = 1<<31 - 1
)

type bddNode struct {
	level  int32
	lo, hi int32
}

type bddOp struct {
	op   byte
	a, b int32
}

type bdd struct {
	nodes  []bddNode
	unique map[bddNode]int32
	cache  map[bddOp]int32
	limit  int
}

// bddLimit is the panic value of an operation that exceeds the node bound;
// Reparameterise recovers it.
type bddLimit struct{}

func newBDD(limit int) *bdd {
	b := &bdd{unique: map[bddNode]int32{}, cache: map[bddOp]int32{}, limit: limit}
	b.nodes = append(b.nodes, bddNode{level: leafLvl}, bddNode{level: leafLvl})
	return b
}

func (b *bdd) level(f int32) int32 { return b.nodes[f].level }

func (b *bdd) mk(level, lo, hi int32) int32 {
	if lo == hi {
		return lo
	}
	n := bddNode{level, lo, hi}
	if r, ok := b.unique[n]; ok {
		return r
	}
	if len(b.nodes) >= b.limit {
		panic(bddLimit{})
	}
	r := int32(len(b.nodes))
	b.nodes = append(b.nodes, n)
	b.unique[n] = r
	return r
}

// variable is the function "variable at level is true".
func (b *bdd) variable(level int32) int32 { return b.mk(level, bddFalse, bddTrue) }

// cofactors returns f with the variable at level set to false and true.
func (b *bdd) cofactors(f, level int32) (int32, int32) {
	n := b.nodes[f]
	if n.level != level {
		return f, f
	}
	return n.lo, n.hi
}

const (
	opAnd byte = iota
	opXor
	opExists
)

func (b *bdd) and(f, g int32) int32 {
	switch {
	case f == bddFalse || g == bddFalse:
		return bddFalse
	case f == bddTrue:
		return g
	case g == bddTrue || f == g:
		return f
	}
	if f > g {
		f, g = g, f
	}
	return b.apply(opAnd, f, g)
}

func (b *bdd) xor(f, g int32) int32 {
	switch {
	case f == g:
		return bddFalse
	case f == bddFalse:
		return g
	case g == bddFalse:
		return f
	}
	if f > g {
		f, g = g, f
	}
	return b.apply(opXor, f, g)
}

func (b *bdd) not(f int32) int32 { return b.xor(f, bddTrue) }

func (b *bdd) or(f, g int32) int32 { return b.not(b.and(b.not(f), b.not(g))) }

// apply is the Shannon expansion of a binary operator on its top variable.
func (b *bdd) apply(op byte, f, g int32) int32 {
	key := bddOp{op, f, g}
	if r, ok := b.cache[key]; ok {
		return r
	}
	top := b.level(f)
	if l := b.level(g); l < top {
		top = l
	}
	f0, f1 := b.cofactors(f, top)
	g0, g1 := b.cofactors(g, top)
	var lo, hi int32
	if op == opAnd {
		lo, hi = b.and(f0, g0), b.and(f1, g1)
	} else {
		lo, hi = b.xor(f0, g0), b.xor(f1, g1)
	}
	r := b.mk(top, lo, hi)
	b.cache[key] = r
	return r
}

// exists quantifies out the variables whose levels quant marks. The memo
// is per call: the set of levels differs between calls.
func (b *bdd) exists(f int32, quant []bool) int32 {
	memo := map[int32]int32{}
	var rec func(f int32) int32
	rec = func(f int32) int32 {
		if f <= bddTrue {
			return f
		}
		if r, ok := memo[f]; ok {
			return r
		}
		n := b.nodes[f]
		var r int32
		if int(n.level) < len(quant) && quant[n.level] {
			lo := rec(n.lo)
			if lo == bddTrue {
				r = bddTrue
			} else {
				r = b.or(lo, rec(n.hi))
			}
		} else {
			r = b.mk(n.level, rec(n.lo), rec(n.hi))
		}
		memo[f] = r
		return r
	}
	return rec(f)
}

// restrict returns f with the variable at level fixed to val.
func (b *bdd) restrict(f, level int32, val bool) int32 {
	memo := map[int32]int32{}
	var rec func(f int32) int32
	rec = func(f int32) int32 {
		n := b.nodes[f]
		if f <= bddTrue || n.level > level {
			return f
		}
		if r, ok := memo[f]; ok {
			return r
		}
		var r int32
		if n.level == level {
			if val {
				r = n.hi
			} else {
				r = n.lo
			}
		} else {
			r = b.mk(n.level, rec(n.lo), rec(n.hi))
		}
		memo[f] = r
		return r
	}
	return rec(f)
}

package ic3

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/sat/cone"
)

// shape is what every solver of a run shares about the circuit: which AND
// gates are absorbed into their only parent when the circuit becomes
// clauses, and a scratch mark for cone walks.
//
// An AND gate read by exactly one other AND gate, positively, and by
// nothing else (no next-state function, not Bad) needs no variable of its
// own: its parent's clauses say "parent = AND of the leaves" over the
// inputs of the whole fanout-free tree. On the encoded programs this
// leaves about half the gates without a variable, and a solver's models,
// which assign every variable, get that much cheaper.
type shape struct {
	s        *logic.S
	absorbed []bool // by variable
	mark     []uint32
	epoch    uint32
}

func newShape(sys *mc.System) *shape {
	s := sys.S
	n := s.Len()
	fanout := make([]int, n)
	positive := make([]bool, n) // read positively by some AND gate
	for i := range n {
		v := z.Var(i)
		if s.Type(v.Pos()) != logic.SAnd {
			continue
		}
		a, b := s.Ins(v.Pos())
		for _, m := range []z.Lit{a, b} {
			fanout[m.Var()]++
			if m.IsPos() {
				positive[m.Var()] = true
			}
		}
	}
	roots := []z.Lit{sys.Bad}
	for _, l := range s.Latches {
		roots = append(roots, s.Next(l))
	}
	for _, m := range roots {
		fanout[m.Var()] += 2 // a root keeps its variable
	}
	sh := &shape{s: s, absorbed: make([]bool, n), mark: make([]uint32, n)}
	for i := range n {
		v := z.Var(i)
		sh.absorbed[i] = s.Type(v.Pos()) == logic.SAnd && fanout[i] == 1 && positive[i]
	}
	return sh
}

// leaves appends to dst the inputs of the fanout-free AND tree that v
// heads: v is their conjunction.
func (sh *shape) leaves(dst []z.Lit, v z.Var) []z.Lit {
	a, b := sh.s.Ins(v.Pos())
	for _, m := range []z.Lit{a, b} {
		if m.IsPos() && sh.absorbed[m.Var()] {
			dst = sh.leaves(dst, m.Var())
		} else {
			dst = append(dst, m)
		}
	}
	return dst
}

// support appends to dst the latches and inputs in the cone of roots, in
// the order found.
func (sh *shape) support(dst []z.Lit, roots []z.Lit) []z.Lit {
	sh.cone(roots, func(v z.Var) {
		if t := sh.s.Type(v.Pos()); t == logic.SLatch || t == logic.SInput {
			dst = append(dst, v.Pos())
		}
	})
	return dst
}

// cone calls visit once for each variable in the cone of roots (through
// AND gates), a gate before its inputs. The cone stays marked (mark[v] ==
// epoch) until the next walk.
func (sh *shape) cone(roots []z.Lit, visit func(v z.Var)) {
	sh.epoch++
	var walk func(v z.Var)
	walk = func(v z.Var) {
		if sh.mark[v] == sh.epoch {
			return
		}
		sh.mark[v] = sh.epoch
		visit(v)
		if sh.s.Type(v.Pos()) == logic.SAnd {
			a, b := sh.s.Ins(v.Pos())
			walk(a.Var())
			walk(b.Var())
		}
	}
	for _, m := range roots {
		walk(m.Var())
	}
}

// A solver is one incremental SAT solver (package sat/cone) holding part
// of the circuit over its own variables: the cone of every circuit literal
// it was asked to map, defined on first use. Latches and inputs outside
// those cones have no variable, so a model leaves them free (value reads
// them as false).
//
// A query decides only its domain (domain): the cone of its own literals
// and of every frame clause's latches. That is sound (package cone's
// promise) because no other clause of a solver constrains anything: a
// gate outside the domain has only its definition, true once it is
// computed from its inputs, and a latch or input outside the domain
// appears in no frame clause, so it can take any value. A model therefore
// leaves the variables outside the domain unassigned, and value reads
// them as false; the state it describes is a true predecessor all the
// same, as those latches and inputs cannot change the query's literals.
type solver struct {
	g       *cone.Solver
	sh      *shape
	lits    []z.Lit   // by circuit variable: its positive literal in g, or z.LitNull
	circ    []z.Var   // by variable of g: the circuit variable it maps, or 0
	kids    [][]z.Var // by variable of g: the variables its definition reads
	frame   []z.Var   // the variables of g in the clauses added (add)
	inFrame []bool    // by circuit variable: in frame
	buf     []z.Lit

	// Scratch of domain's walk, by variable of g.
	dom   []z.Var
	stack []z.Var
	mark  []uint32
	epoch uint32
}

func newSolver(sh *shape) *solver {
	n := sh.s.Len()
	return &solver{g: cone.New(), sh: sh, lits: make([]z.Lit, n), inFrame: make([]bool, n)}
}

// newLit returns a literal of a new variable of g, mapping the circuit
// variable v (0 for none).
func (sv *solver) newLit(v z.Var) z.Lit {
	x := sv.g.Lit()
	for len(sv.circ) <= int(x.Var()) {
		sv.circ = append(sv.circ, 0)
		sv.kids = append(sv.kids, nil)
		sv.mark = append(sv.mark, 0)
	}
	sv.circ[x.Var()] = v
	return x
}

// lit maps the circuit literal m into the solver, adding the clauses that
// define its cone if they are not there yet.
func (sv *solver) lit(m z.Lit) z.Lit {
	v := m.Var()
	x := sv.lits[v]
	if x == z.LitNull {
		x = sv.newLit(v)
		sv.lits[v] = x
		sv.define(v, x)
	}
	if !m.IsPos() {
		x = x.Not()
	}
	return x
}

// define adds the clauses that say x is the circuit's v.
func (sv *solver) define(v z.Var, x z.Lit) {
	s := sv.sh.s
	switch s.Type(v.Pos()) {
	case logic.SConst:
		if v.Pos() == s.F {
			x = x.Not()
		}
		sv.g.AddClause(x)
	case logic.SAnd:
		start := len(sv.buf)
		sv.buf = sv.sh.leaves(sv.buf, v)
		ys := make([]z.Lit, 0, len(sv.buf)-start+1)
		for _, m := range sv.buf[start:] {
			ys = append(ys, sv.lit(m))
		}
		sv.buf = sv.buf[:start]
		kids := make([]z.Var, len(ys))
		for i, y := range ys {
			kids[i] = y.Var()
		}
		sv.kids[x.Var()] = kids
		// x -> y for each leaf; all leaves -> x.
		for _, y := range ys {
			sv.g.AddClause(x.Not(), y)
		}
		for i, y := range ys {
			ys[i] = y.Not()
		}
		sv.g.AddClause(append(ys, x)...)
	}
}

// mapped reports whether the circuit literal m has a variable here.
func (sv *solver) mapped(m z.Lit) bool { return sv.lits[m.Var()] != z.LitNull }

// value is m's value in the last model; false for a latch or input
// without a variable or outside the last query's domain, which no clause
// constrains.
func (sv *solver) value(m z.Lit) bool {
	x := sv.lits[m.Var()]
	if x == z.LitNull {
		return false
	}
	if !m.IsPos() {
		x = x.Not()
	}
	return sv.g.Value(x)
}

// add adds the clause cl (circuit literals), or cl ∨ ¬act if act (a
// literal of the solver) is not z.LitNull. Its variables join every later
// query's domain.
func (sv *solver) add(cl []z.Lit, act z.Lit) {
	ys := make([]z.Lit, 0, len(cl)+1)
	for _, m := range cl {
		y := sv.lit(m)
		ys = append(ys, y)
		if v := m.Var(); !sv.inFrame[v] {
			sv.inFrame[v] = true
			sv.frame = append(sv.frame, y.Var())
		}
	}
	if act != z.LitNull {
		ys = append(ys, act.Not())
	}
	sv.g.AddClause(ys...)
}

// domain returns the variables of g a query must decide whose assumptions
// and temporary clause are the solver literals of mss: the cone of their
// variables and of the frame clauses' variables, each gate before the
// variables its definition reads (the order of the query's first
// decisions). Literals of no circuit variable (activation literals) are
// decided as assumptions. The walk is over g's variables (kids), not the
// circuit's: gates absorbed into their parents are not walked again for
// every query.
func (sv *solver) domain(mss ...[]z.Lit) []z.Var {
	sv.epoch++
	sv.dom = sv.dom[:0]
	for _, ms := range mss {
		for _, x := range ms {
			if v := x.Var(); int(v) < len(sv.circ) && sv.circ[v] != 0 {
				sv.walk(v)
			}
		}
	}
	for _, v := range sv.frame {
		sv.walk(v)
	}
	return sv.dom
}

// walk adds to dom the variables of g in v's cone not yet marked in this
// walk, in depth-first preorder.
func (sv *solver) walk(v z.Var) {
	sv.stack = append(sv.stack[:0], v)
	for len(sv.stack) > 0 {
		v := sv.stack[len(sv.stack)-1]
		sv.stack = sv.stack[:len(sv.stack)-1]
		if sv.mark[v] == sv.epoch {
			continue
		}
		sv.mark[v] = sv.epoch
		sv.dom = append(sv.dom, v)
		kids := sv.kids[v]
		for i := len(kids) - 1; i >= 0; i-- {
			if sv.mark[kids[i]] != sv.epoch {
				sv.stack = append(sv.stack, kids[i])
			}
		}
	}
}

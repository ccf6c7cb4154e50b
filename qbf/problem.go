package qbf

import (
	"errors"
	"fmt"
	"slices"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Problem is the formula ∀Forall ∃Exists. Matrix.
type Problem struct {
	// Circuit holds Matrix; Solve only reads it.
	Circuit *logic.C
	// Forall and Exists are inputs of Circuit (c.Lit() results). A
	// negative literal quantifies its variable just the same; the sign
	// only matters for Result.Witness, which reports literal values.
	Forall []z.Lit
	Exists []z.Lit
	// Matrix is a literal of Circuit over the inputs in Forall and Exists.
	Matrix z.Lit
}

// ErrInvalidProblem is wrapped by every error that reports a malformed
// Problem.
var ErrInvalidProblem = errors.New("invalid problem")

// Roles of a circuit variable in a problem.
const (
	roleNone int8 = iota
	roleForall
	roleExists
)

// local is a problem copied into a circuit of its own that holds the
// matrix's cone and nothing else. The model checker keeps every state in
// one large circuit; working on a copy makes a query cost what its cone
// costs, not what the whole circuit costs.
type local struct {
	c *logic.C
	// forall[i] and exists[i] are c's positive input literals for the
	// variables of Problem.Forall[i] and Problem.Exists[i]. They are
	// allocated first, so they are c's variables 2, 3, ... in order.
	forall, exists []z.Lit
	matrix         z.Lit
	// gates are c's And gates in increasing variable order, which
	// logic.C guarantees is topological: a gate's inputs always have
	// smaller numbers than the gate.
	gates []z.Var
	// inCone[i] tells whether forall[i] occurs in the matrix; the check
	// solver needs to fix only those.
	inCone []bool
}

// compile validates p and copies its matrix's cone into a local circuit.
func compile(p Problem) (*local, error) {
	c := p.Circuit
	if c == nil {
		return nil, fmt.Errorf("%w: no circuit", ErrInvalidProblem)
	}
	role, err := roles(p)
	if err != nil {
		return nil, err
	}
	if p.Matrix == z.LitNull || int(p.Matrix.Var()) >= c.Len() {
		return nil, fmt.Errorf("%w: matrix literal %v is not in the circuit", ErrInvalidProblem, p.Matrix)
	}
	seen, gates, err := cone(c, p.Matrix, role)
	if err != nil {
		return nil, err
	}

	lc := logic.NewCCap(2 + len(p.Forall) + len(p.Exists) + len(gates))
	l := &local{c: lc, inCone: make([]bool, len(p.Forall))}
	to := make(map[z.Var]z.Lit, len(p.Forall)+len(p.Exists)+len(gates)+1)
	to[1] = lc.T
	for i, m := range p.Forall {
		x := lc.Lit()
		l.forall = append(l.forall, x)
		to[m.Var()] = x
		l.inCone[i] = seen[m.Var()]
	}
	for _, m := range p.Exists {
		y := lc.Lit()
		l.exists = append(l.exists, y)
		to[m.Var()] = y
	}
	tr := func(m z.Lit) z.Lit {
		r := to[m.Var()]
		if !m.IsPos() {
			r = r.Not()
		}
		return r
	}
	for _, v := range gates {
		x, y := c.Ins(v.Pos())
		to[v] = lc.And(tr(x), tr(y))
	}
	l.matrix = tr(p.Matrix)
	// Copying only the cone creates only gates of the cone, so every
	// variable after the inputs is one.
	for v := 2 + len(p.Forall) + len(p.Exists); v < lc.Len(); v++ {
		l.gates = append(l.gates, z.Var(v))
	}
	return l, nil
}

// roles is the quantifier of each variable of p's prefix, checking that
// each is an input of the circuit quantified once.
func roles(p Problem) (map[z.Var]int8, error) {
	c := p.Circuit
	n := c.Len()
	role := make(map[z.Var]int8, len(p.Forall)+len(p.Exists))
	quantify := func(lits []z.Lit, r int8, name string) error {
		for _, m := range lits {
			v := m.Var()
			if v < 2 || int(v) >= n {
				return fmt.Errorf("%w: %s literal %v is not an input of the circuit", ErrInvalidProblem, name, m)
			}
			if x, y := c.Ins(m); x != z.LitNull || y != z.LitNull {
				return fmt.Errorf("%w: %s literal %v is a gate, not an input", ErrInvalidProblem, name, m)
			}
			if role[v] != roleNone {
				return fmt.Errorf("%w: variable %d is quantified twice", ErrInvalidProblem, v)
			}
			role[v] = r
		}
		return nil
	}
	if err := quantify(p.Forall, roleForall, "forall"); err != nil {
		return nil, err
	}
	if err := quantify(p.Exists, roleExists, "exists"); err != nil {
		return nil, err
	}
	return role, nil
}

// cone walks the cone of matrix in c: the variables seen, and its gates
// in increasing order; every input of the cone must have a role.
func cone(c *logic.C, matrix z.Lit, role map[z.Var]int8) (map[z.Var]bool, []z.Var, error) {
	// Walk the cone with an explicit stack: circuits of long paths are
	// deep, and the walk must not depend on the goroutine stack.
	seen := map[z.Var]bool{matrix.Var(): true}
	var gates []z.Var
	stack := []z.Var{matrix.Var()}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == 1 {
			// Only a constant matrix reaches the constant: logic.C folds
			// constants out of every gate.
			continue
		}
		x, y := c.Ins(v.Pos())
		if x == z.LitNull {
			if role[v] == roleNone {
				return nil, nil, fmt.Errorf("%w: input %d is in the matrix but neither universal nor existential", ErrInvalidProblem, v)
			}
			continue
		}
		gates = append(gates, v)
		for _, m := range [2]z.Lit{x, y} {
			if !seen[m.Var()] {
				seen[m.Var()] = true
				stack = append(stack, m.Var())
			}
		}
	}
	slices.Sort(gates)
	return seen, gates, nil
}

// substitute copies the local circuit into dst, replacing each input
// variable v by sub[v] (a literal of dst), and returns the copy of the
// matrix. sub must hold an entry for every input; gate entries are
// overwritten. dst's structural hashing folds constants, so the copy is
// usually much smaller than the original.
func (l *local) substitute(dst *logic.C, sub []z.Lit) z.Lit {
	sub[1] = dst.T
	tr := func(m z.Lit) z.Lit {
		r := sub[m.Var()]
		if !m.IsPos() {
			r = r.Not()
		}
		return r
	}
	for _, v := range l.gates {
		x, y := l.c.Ins(v.Pos())
		sub[v] = dst.And(tr(x), tr(y))
	}
	return tr(l.matrix)
}

package symbolic

import (
	"context"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/sat"
)

// Re-parameterisation in the symbolic search (DESIGN.md, "Depth";
// encode.Reparameterise). A successor whose cone (guard and live values)
// has grown past a threshold is replaced, before it is stored or compared,
// by an equivalent state over fresh inputs. The plain state is kept on the
// node: a counterexample through it is rebuilt segment by segment
// (pathValues).
//
// The threshold, measured on both shapes of the depth family, wide parity
// and the corpus (benchmarks/README.md, "Depth"): a cone larger than
// reparamRatio gates per live variable (plus one), and more than twice the
// cone the state had after the last re-parameterisation on its path (or
// at the last failed attempt), so that a set whose canonical form is
// itself large is not recomputed after every step. Ratios 1 to 16 all
// decide the constrained shape at v=30 in 0.3 to 2 s; on the sequential
// shape 2 took 2.6 s, 4 took 9.6 s (plain states: 5.9 s).
const reparamRatio = 2

// reparamInfo is what a node records of re-parameterisation.
type reparamInfo struct {
	plain *encode.State // the state as the step made it, if it was replaced
	base  int           // the cone size the next decision compares with
}

// reparameterise returns the state to store for successor st of node
// head: st itself, or st re-parameterised.
func (e *symEngine) reparameterise(st encode.State, head int) (encode.State, reparamInfo) {
	base := e.nodes[head].rp.base
	if e.opts.PlainStates {
		return st, reparamInfo{}
	}
	live := len(st.Globals)
	for _, t := range st.Threads {
		for _, m := range t.Locals {
			if m != z.LitNull {
				live++
			}
		}
	}
	threshold := reparamRatio * (live + 1)
	if 2*base > threshold {
		threshold = 2 * base
	}
	size := e.enc.ConeSize(&st, threshold+1)
	if size <= threshold {
		return st, reparamInfo{base: base}
	}
	n, ok := e.enc.Reparameterise(&st, encode.DefaultReparamNodes)
	if !ok {
		return st, reparamInfo{base: size}
	}
	e.stats.Reparameterised++
	return n, reparamInfo{plain: &st, base: e.enc.ConeSize(&n, 0)}
}

// pathValues evaluates the circuit under the last model, extended to the
// inputs of the whole path. The model fixes the inputs the last query
// read: those of the path since its last re-parameterised node r, so the
// values at r. Its plain state (over the inputs before r) is then solved
// for exactly those values, which fixes the inputs before r, and so on
// back to the start; every node of the path then evaluates to a concrete
// state, and consecutive ones are related by the steps between them.
func (e *symEngine) pathValues(path []int) []bool {
	c := e.enc.C
	vs := make([]bool, c.Len())
	for _, i := range c.InPos(nil) {
		vs[i] = e.value(z.Var(i).Pos())
	}
	vs[c.T.Var()] = true
	value := func(m z.Lit) bool { return vs[m.Var()] == m.IsPos() }
	for j := len(path) - 1; j > 0; j-- {
		n := &e.nodes[path[j]]
		if n.rp.plain == nil {
			continue
		}
		dst := logic.NewC()
		inputs := map[z.Var]z.Lit{}
		cp := encode.NewCopier(c, dst, func(in z.Lit) z.Lit {
			m := dst.Lit()
			inputs[in.Var()] = m
			return m
		})
		q := cp.Copy(n.rp.plain.Guard)
		pair := func(old, now []z.Lit) {
			for i, m := range old {
				if m == z.LitNull || now[i] == z.LitNull {
					continue
				}
				if value(now[i]) {
					q = dst.And(q, cp.Copy(m))
				} else {
					q = dst.And(q, cp.Copy(m).Not())
				}
			}
		}
		pair(n.rp.plain.Globals, n.st.Globals)
		for t := range n.st.Threads {
			pair(n.rp.plain.Threads[t].Locals, n.st.Threads[t].Locals)
		}
		s := sat.New(dst)
		s.Assume(q)
		if s.SolveContext(context.Background()) != sat.Sat {
			// Cannot happen (the two states stand for the same set); the
			// trace will not replay, and Check reports that.
			continue
		}
		for in, d := range inputs {
			vs[in] = s.Value(d)
		}
		// No evaluation yet: the values of a re-parameterised node are
		// inputs and constants, read directly.
	}
	c.Eval(vs)
	return vs
}

package symbolic

import (
	"context"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/sat"
)

// Sets written over their own values. A symbolic state stands for the
// projection {ω(ι) | γ(ι)}; when every input in γ's cone is one of the
// values (each value an input or a constant), γ itself, its inputs
// renamed to the slots, is the set's characteristic formula: no
// quantifier is left. Exits are made so by re-parameterisation
// (compactExit), entry sets likewise (enter, onto); subsumption among
// such sets is then SAT (compactCovered), and the certificate writes them
// by renaming (summary_cert.go).

// onto is the guard of r, a re-parameterised state (encode.Reparameterise)
// whose values are constants or inputs, as a formula over the literals
// to, one per value: the set r stands for, over to.
func (x *sumSearch) onto(r encode.State, to []z.Lit) z.Lit {
	c := x.enc.C
	set := c.T
	back := map[z.Var]z.Lit{}
	for i, m := range r.Globals {
		switch m {
		case c.T:
			set = c.And(set, to[i])
		case c.F:
			set = c.And(set, to[i].Not())
		default:
			back[m.Var()] = encode.Signed(to[i], m)
		}
	}
	cp := encode.NewCopier(c, c, func(in z.Lit) z.Lit {
		if m, ok := back[in.Var()]; ok {
			return m
		}
		return in
	})
	return c.And(set, cp.Copy(r.Guard))
}

// compactExit is plain re-parameterised: the projection of its entry and
// values, as a BDD (encode.Reparameterise), with the entry's slots mapped
// back to E. Its formulas are as large as the relation's BDD, not as the
// path to the Return, and every call copies them: without it a summary
// applied inside a summary grows with the depth of the fixed point (one
// random program took a minute, 5,400 QBF queries). Past the BDD limit,
// and with Options.PlainStates, plain is used as it is.
func (x *sumSearch) compactExit(s *sumSpace, plain *exitForm) exitForm {
	if x.opts.PlainStates {
		return *plain
	}
	c := x.enc.C
	slots := plain.slots(s.entryVals)
	var live []z.Lit
	for _, m := range slots {
		if m != z.LitNull {
			live = append(live, m)
		}
	}
	r, ok := x.enc.Reparameterise(&encode.State{Globals: live, Guard: plain.guard}, encode.DefaultReparamNodes)
	if !ok {
		return *plain
	}
	x.stats.Reparameterised++
	out := make([]z.Lit, len(slots))
	back := map[z.Var]z.Lit{}
	guard := c.T
	j := 0
	for i, m := range slots {
		if m == z.LitNull {
			continue
		}
		out[i] = r.Globals[j]
		j++
		if i >= len(s.entryVals) {
			continue
		}
		switch out[i] {
		case c.T:
			guard = c.And(guard, m)
		case c.F:
			guard = c.And(guard, m.Not())
		default:
			back[out[i].Var()] = encode.Signed(m, out[i])
		}
	}
	cp := encode.NewCopier(c, c, func(in z.Lit) z.Lit {
		if m, ok := back[in.Var()]; ok {
			return m
		}
		return in
	})
	f := exitForm{guard: c.And(guard, cp.Copy(r.Guard))}
	rest := out[len(s.entryVals):]
	nTL := len(plain.tls)
	f.globals = rest[:len(plain.globals)]
	f.tls = rest[len(plain.globals) : len(plain.globals)+nTL]
	f.results = rest[len(plain.globals)+nTL:]
	return f
}

// compactCovered decides whether node n is covered by the nodes olds
// when all of them are compact (characteristic: every input of a guard's
// cone is a value): each is then its own characteristic formula once its
// values are renamed to shared slot variables, and coverage is one SAT
// question, χn ∧ ¬∨χo unsatisfiable, instead of the forall-exists query
// (on a 12-bit relation of xors the QBF loop took seconds). compact is
// false, and nothing decided, otherwise.
func (x *sumSearch) compactCovered(ctx context.Context, n *symNode, olds []*symNode) (covered, compact bool, err error) {
	if len(olds) == 0 {
		return false, true, nil
	}
	c := x.enc.C
	slot := make([]z.Lit, len(n.vals))
	for i := range slot {
		slot[i] = x.enc.Fresh()
	}
	chiN, ok := x.characteristic(c, n.vals, n.st.Guard, slot)
	if !ok {
		return false, false, nil
	}
	some := c.F
	for _, o := range olds {
		if len(o.vals) != len(n.vals) {
			continue
		}
		chiO, ok := x.characteristic(c, o.vals, o.st.Guard, slot)
		if !ok {
			return false, false, nil
		}
		some = c.Or(some, chiO)
	}
	switch x.solve(ctx, c.And(chiN, some.Not())) {
	case sat.Unsat:
		return true, true, nil
	case sat.Sat:
		return false, true, nil
	}
	return false, true, fmt.Errorf("subsumption undecided: %w", context.Cause(ctx))
}

// characteristic is, when the set {vals(ι) | guard(ι)} is compact (every
// input in the guard's cone is one of the values; values are inputs or
// constants), its characteristic formula in dst over targets (one per
// value; z.LitNull values are free): the guard with each input renamed
// to the target of a slot holding it, the other slots holding it equal
// to that one, constant slots fixed. ok is false for a set that is not
// compact.
func (x *sumSearch) characteristic(dst *logic.C, vals []z.Lit, guard z.Lit, targets []z.Lit) (z.Lit, bool) {
	c := x.enc.C
	set := dst.T
	bind := map[z.Var]z.Lit{}
	for i, v := range vals {
		switch v {
		case z.LitNull:
			continue
		case c.T:
			set = dst.And(set, targets[i])
			continue
		case c.F:
			set = dst.And(set, targets[i].Not())
			continue
		}
		if a, _ := c.Ins(v); a != z.LitNull {
			return z.LitNull, false
		}
		t := encode.Signed(targets[i], v)
		if b, dup := bind[v.Var()]; dup {
			set = dst.And(set, dst.Xor(b, t).Not())
			continue
		}
		bind[v.Var()] = t
	}
	free := false
	cp := encode.NewCopier(c, dst, func(in z.Lit) z.Lit {
		if b, ok := bind[in.Var()]; ok {
			return b
		}
		free = true
		return dst.T
	})
	set = dst.And(set, cp.Copy(guard))
	if free {
		return z.LitNull, false
	}
	return set, true
}

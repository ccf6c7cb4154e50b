package symbolic

import (
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
)

// certificate writes the fixed point of the summary search as
// bp.SummaryFormulas, in a circuit of its own whose formulas have no
// inputs but the declared ones (no existential left for a checker).
//
// A stored state stands for {ω(ι) | γ(ι)}, a projection, so it is
// written through re-parameterisation (encode.Reparameterise), which
// computes exactly that set as a BDD over the values: its guard over
// the values themselves is the state's characteristic formula. The
// invariant at (p, pc) is the union of the reach space's states there
// (over the current frame) and, for a callable p, conjoined with the
// union of p's space's states there (over entry and current frame): the
// reach part makes the invariants safe, the summary part relates them
// to the entry, and both are closed under the steps, so their
// conjunction is. The summary of p is the union of its exits.
func (x *sumSearch) certificate() (*bp.SummaryFormulas, error) {
	prog := x.prob.Prog
	k := logic.NewC()
	inputs := func(n int) []z.Lit {
		out := make([]z.Lit, n)
		for i := range out {
			out[i] = k.Lit()
		}
		return out
	}
	ng, nTL := len(prog.Globals), len(prog.ThreadLocals)
	out := &bp.SummaryFormulas{C: k, Procs: make([]bp.ProcFormulas, len(prog.Procs))}
	for pi, p := range prog.Procs {
		pf := &out.Procs[pi]
		pf.Entry, pf.Values = inputs(ng+len(p.Locals)), inputs(ng+len(p.Locals))
		if p.Callable {
			pf.Exit = inputs(ng + nTL + p.Returns)
		}
		pf.Summary = k.F
		pf.Invariants = make([]z.Lit, len(p.Steps))
		for pc := range pf.Invariants {
			pf.Invariants[pc] = k.F
		}
	}
	frame := func(n *symNode) []z.Lit {
		return append(append([]z.Lit(nil), n.st.Globals...), n.st.Threads[0].Locals...)
	}
	for i := range x.reach.nodes {
		n := &x.reach.nodes[i]
		pf := &out.Procs[n.proc]
		m, err := x.project(k, frame(n), pf.Values, n.st.Guard)
		if err != nil {
			return nil, err
		}
		pf.Invariants[n.pc] = k.Or(pf.Invariants[n.pc], m)
	}
	for pi, s := range x.spaces {
		if s == nil {
			continue
		}
		pf := &out.Procs[pi]
		sum := make([]z.Lit, len(pf.Invariants))
		for pc := range sum {
			sum[pc] = k.F
		}
		both := append(append([]z.Lit(nil), pf.Entry...), pf.Values...)
		for i := range s.nodes {
			n := &s.nodes[i]
			m, err := x.project(k, append(append([]z.Lit(nil), s.entryVals...), frame(n)...), both, n.st.Guard)
			if err != nil {
				return nil, err
			}
			sum[n.pc] = k.Or(sum[n.pc], m)
		}
		for pc := range sum {
			pf.Invariants[pc] = k.And(pf.Invariants[pc], sum[pc])
		}
		exitSlots := append(append([]z.Lit(nil), pf.Entry...), pf.Exit...)
		for j := range s.exits {
			ex := &s.exits[j]
			if len(ex.compact.results) != prog.Procs[pi].Returns {
				return nil, fmt.Errorf("%s returns %d values, not %d", prog.Procs[pi].Name, len(ex.compact.results), prog.Procs[pi].Returns)
			}
			m, err := x.project(k, ex.compact.slots(s.entryVals), exitSlots, ex.compact.guard)
			if err != nil {
				return nil, err
			}
			pf.Summary = k.Or(pf.Summary, m)
		}
	}
	return out, nil
}

// errProjection says that a state's set could not be written as a
// formula over its values.
var errProjection = errors.New("a state's set of values is too large a BDD to write")

// project is the characteristic formula, in k over targets, of the set
// {vals(ι) | guard(ι)} (slots of vals that are z.LitNull are free).
func (x *sumSearch) project(k *logic.C, vals, targets []z.Lit, guard z.Lit) (z.Lit, error) {
	var live, tg []z.Lit
	for i, m := range vals {
		if m != z.LitNull {
			live, tg = append(live, m), append(tg, targets[i])
		}
	}
	c := x.enc.C
	r := encode.State{Globals: live, Guard: guard}
	if !x.isCompact(live, guard) {
		var ok bool
		if r, ok = x.enc.Reparameterise(&r, certNodes); !ok {
			return z.LitNull, errProjection
		}
	}
	res := k.T
	bind := map[z.Var]z.Lit{}
	for i, m := range r.Globals {
		switch m {
		case c.T:
			res = k.And(res, tg[i])
		case c.F:
			res = k.And(res, tg[i].Not())
		default:
			if a, _ := c.Ins(m); a != z.LitNull {
				return z.LitNull, errors.New("re-parameterisation left a value that is not an input")
			}
			if _, dup := bind[m.Var()]; dup {
				return z.LitNull, errors.New("re-parameterisation gave two values one input")
			}
			bind[m.Var()] = encode.Signed(tg[i], m)
		}
	}
	free := false
	cp := encode.NewCopier(c, k, func(in z.Lit) z.Lit {
		if d, ok := bind[in.Var()]; ok {
			return d
		}
		free = true
		return k.Lit()
	})
	res = k.And(res, cp.Copy(r.Guard))
	if free {
		return z.LitNull, errors.New("re-parameterisation left an input that is no value")
	}
	return res, nil
}

// certNodes bounds the BDD of one state's set in the certificate: more
// than the search's re-parameterisation allows, since a Safe answer
// without its certificate is no answer.
const certNodes = 1 << 20

// isCompact reports whether the set {vals(ι) | guard(ι)} is already
// written over its values: each value a constant or an input of its own,
// the guard over those inputs alone (an entry state, a compact exit, a
// re-parameterised state). Its formula is then the guard renamed, and a
// BDD of it would only risk a worse variable order than the one it was
// built in (measured: a 32-variable relation of xors took 9,209 gates
// through FORCE's order, and its obligations 20 s of SAT).
func (x *sumSearch) isCompact(vals []z.Lit, guard z.Lit) bool {
	c := x.enc.C
	own := map[z.Var]bool{}
	for _, m := range vals {
		if m == c.T || m == c.F {
			continue
		}
		if a, _ := c.Ins(m); a != z.LitNull || own[m.Var()] {
			return false
		}
		own[m.Var()] = true
	}
	seen := map[z.Var]bool{}
	stack := []z.Var{guard.Var()}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[v] || v == c.T.Var() {
			continue
		}
		seen[v] = true
		if a, b := c.Ins(v.Pos()); a != z.LitNull {
			stack = append(stack, a.Var(), b.Var())
		} else if !own[v] {
			return false
		}
	}
	return true
}

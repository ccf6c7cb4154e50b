package symbolic

import (
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/engine"
)

// certificate writes the fixed point of the summary search as
// engine.SummaryFormulas, in a circuit of its own whose formulas have no
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
func (x *sumSearch) certificate() (*engine.SummaryFormulas, error) {
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
	out := &engine.SummaryFormulas{C: k, Procs: make([]engine.ProcFormulas, len(prog.Procs))}
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
// {vals(ι) | guard(ι)} (slots of vals that are z.LitNull are free): the
// guard renamed if the set is compact (characteristic), else through a
// BDD of it (encode.Reparameterise), whose values are then compact. A
// compact set is never put through a second BDD, whose variable order
// can only be worse than the one it was built in (measured: a
// 32-variable relation of xors took 9,209 gates through FORCE's order,
// and its obligations 20 s of SAT).
func (x *sumSearch) project(k *logic.C, vals, targets []z.Lit, guard z.Lit) (z.Lit, error) {
	if m, ok := x.characteristic(k, vals, guard, targets); ok {
		return m, nil
	}
	var live, tg []z.Lit
	for i, m := range vals {
		if m != z.LitNull {
			live, tg = append(live, m), append(tg, targets[i])
		}
	}
	r, ok := x.enc.Reparameterise(&encode.State{Globals: live, Guard: guard}, certNodes)
	if !ok {
		return z.LitNull, errProjection
	}
	if m, ok := x.characteristic(k, r.Globals, r.Guard, tg); ok {
		return m, nil
	}
	return z.LitNull, errors.New("re-parameterisation left a set that is not over its values")
}

// certNodes bounds the BDD of one state's set in the certificate: more
// than the search's re-parameterisation allows, since a Safe answer
// without its certificate is no answer.
const certNodes = 1 << 20

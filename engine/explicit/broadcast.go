package explicit

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// broadcast executes an assignment with a passive part (x$). For each
// outcome of the active part (its choices enumerated, its constraint
// holding) every passive thread, independently, takes one of its own
// outcomes: values of the passive targets for some choice of its fresh
// choices that satisfies the passive conjuncts. A passive thread without
// an outcome blocks that active outcome (bp.Blocking) or keeps its values
// (bp.Monotone). The successors are the product of the passive outcomes.
func (x *stepper) broadcast(s *state, ti int, st *bp.Step, info stepInfo, emit emitFunc) {
	th := &s.threads[ti]
	ev := &env{g: s.globals, l: th.locals, ch: make([]bool, st.Choices)}
	cs, pcs := broadcastChoices(st)
	if len(cs) > maxEnum || len(pcs) > maxEnum {
		x.err = fmt.Errorf("%s: the broadcast has %d active and %d passive non-deterministic choices, too many for the explicit engine",
			x.prog.Position(st), len(cs), len(pcs))
		return
	}
	outs := make([][][]val, len(s.threads))
	for mask := 0; mask < 1<<len(cs); mask++ {
		if x.interrupted(mask) {
			return
		}
		for j, ch := range cs {
			ev.ch[ch] = mask&(1<<j) != 0
		}
		c, ok := activeOutcome(s, ti, st, ev.ch, nil)
		if !ok {
			continue
		}
		c.threads[ti].pc = int32(st.Next)
		product, blocked := 1, false
		for tj := range s.threads {
			if tj == ti {
				continue
			}
			outs[tj] = x.passiveOutcomes(s, &c, ti, tj, st, pcs)
			if x.err != nil {
				return // interrupted
			}
			if len(outs[tj]) == 0 {
				if x.an.reading == bp.Blocking {
					blocked = true
					break
				}
				outs[tj] = [][]val{targetVals(st, s.threads[tj].locals)}
			}
			product *= len(outs[tj])
			if product > 1<<maxEnum {
				x.err = fmt.Errorf("%s: the broadcast has more than %d joint outcomes over the passive threads, too many for the explicit engine",
					x.prog.Position(st), 1<<maxEnum)
				return
			}
		}
		if blocked {
			continue
		}
		x.emitProduct(c, ti, st, outs, 0, info, emit)
	}
}

// broadcastChoices lists the choices a broadcast enumerates: those of
// the active part (values and constraint) and, in their own space, those
// of each passive thread.
func broadcastChoices(st *bp.Step) (cs, pcs []int) {
	for _, v := range st.Values {
		cs = choicesOf(v, cs)
	}
	cs = choicesOf(st.Constraint, cs)
	for _, v := range st.PassiveValues {
		pcs = choicesOf(v, pcs)
	}
	return cs, choicesOf(st.PassiveConstraint, pcs)
}

// emitProduct emits c with every combination of the passive outcomes of
// threads from tj on.
func (x *stepper) emitProduct(c state, ti int, st *bp.Step, outs [][][]val, tj int, info stepInfo, emit emitFunc) {
	if tj == ti {
		tj++
	}
	if tj >= len(c.threads) {
		emit(c.clone(), ti, -1, info)
		return
	}
	for _, o := range outs[tj] {
		for k, r := range st.PassiveTargets {
			c.threads[tj].locals[r.Index] = o[k]
		}
		x.emitProduct(c, ti, st, outs, tj+1, info, emit)
	}
}

// targetVals returns the current values of the passive targets in locals.
func targetVals(st *bp.Step, locals []val) []val {
	out := make([]val, len(st.PassiveTargets))
	for k, r := range st.PassiveTargets {
		out[k] = locals[r.Index]
	}
	return out
}

// passiveOutcomes returns the distinct values passive thread tj can give
// its passive targets, given the state before (s) and the active part's
// outcome (c). Without passive conjuncts each target is independent, so a
// value that can be either is X, which is exact.
func (x *stepper) passiveOutcomes(s, c *state, ti, tj int, st *bp.Step, pcs []int) [][]val {
	act := &s.threads[ti]
	pl := s.threads[tj].locals
	ev := &env{g: s.globals, l: act.locals, ng: c.globals, nl: c.threads[ti].locals, pl: pl, ch: make([]bool, st.PassiveChoices)}
	if st.PassiveConstraint == nil {
		o := make([]val, len(st.PassiveTargets))
		for k, v := range st.PassiveValues {
			o[k] = ev.value(v)
		}
		return [][]val{o}
	}
	var out [][]val
	seen := map[string]bool{}
	pnl := append([]val(nil), pl...)
	for mask := 0; mask < 1<<len(pcs); mask++ {
		if x.interrupted(mask) {
			return nil
		}
		for j, ch := range pcs {
			ev.ch[ch] = mask&(1<<j) != 0
		}
		o := make([]val, len(st.PassiveTargets))
		for k, v := range st.PassiveValues {
			o[k] = boolVal(ev.eval(v))
		}
		for k, r := range st.PassiveTargets {
			pnl[r.Index] = o[k]
		}
		cev := *ev
		cev.after, cev.pnl = true, pnl
		if !cev.eval(st.PassiveConstraint) {
			continue
		}
		key := string(valBytes(o))
		if !seen[key] {
			seen[key] = true
			out = append(out, o)
		}
	}
	return out
}

func valBytes(vs []val) []byte {
	b := make([]byte, len(vs))
	for i, v := range vs {
		b[i] = byte(v)
	}
	return b
}

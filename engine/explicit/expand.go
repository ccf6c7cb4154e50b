package explicit

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// slotRef is a slot of a state: a global, or a local of the current frame
// of thread index thread.
type slotRef struct {
	global bool
	thread int // index into the state's threads
	slot   int32
}

// unknownReads lists the X slots the step of thread ti of s reads: the
// slots that must be split into their two values before it runs.
func (an *analysis) unknownReads(s *state, ti int) []slotRef {
	th := &s.threads[ti]
	rs := an.reads[th.proc][th.pc]
	var xs []slotRef
	for _, g := range rs.globals {
		if s.globals[g] == vX {
			xs = append(xs, slotRef{true, -1, g})
		}
	}
	for _, l := range rs.locals {
		if th.locals[l] == vX {
			xs = append(xs, slotRef{false, ti, l})
		}
	}
	// A broadcast reads y$ in every passive thread.
	for tj := range s.threads {
		if tj == ti {
			continue
		}
		for _, l := range rs.passive {
			if s.threads[tj].locals[l] == vX {
				xs = append(xs, slotRef{false, tj, l})
			}
		}
	}
	return xs
}

// concretise is s with the slots xs set to the bits of mask, and the
// record of those splits for the trace.
func concretise(s *state, xs []slotRef, mask int) (state, []concretised) {
	c := *s
	if len(xs) > 0 {
		c = s.clone()
	}
	var conc []concretised
	for j, x := range xs {
		v := boolVal(mask&(1<<j) != 0)
		id := int32(-1)
		if x.global {
			c.globals[x.slot] = v
		} else {
			c.threads[x.thread].locals[x.slot] = v
			id = c.threads[x.thread].id
		}
		conc = append(conc, concretised{global: x.global, thread: id, slot: x.slot, v: v})
	}
	return c, conc
}

// tooManyReads is the reason the engine gives up on a step that reads n
// unknown values at once.
func tooManyReads(prog *bp.Program, st *bp.Step, n int) string {
	return fmt.Sprintf("%s: the step reads %d unknown values at once, too many for the explicit engine", prog.Position(st), n)
}

// expand generates the successors of node head by the step of thread ti.
func (e *search) expand(head int32, sp *state, ti int) {
	s := *sp
	th := s.threads[ti]
	switches := s.switches
	if e.opts.Contexts > 0 && s.last != -1 && s.last != th.id {
		if switches++; int(switches) > e.opts.Contexts {
			e.contextHit = true
			return
		}
	}
	xs := e.an.unknownReads(&s, ti)
	if len(xs) > maxEnum {
		e.fail(engine.Choices, tooManyReads(e.prog, &e.prog.Procs[th.proc].Steps[th.pc], len(xs)))
		return
	}
	for mask := 0; mask < 1<<len(xs); mask++ {
		c, conc := concretise(&s, xs, mask)
		info := stepInfo{conc: conc}
		if e.stepper.exec(&c, ti, info, func(n state, moved, created int, info stepInfo) {
			if e.opts.Contexts > 0 {
				n.last, n.switches = th.id, switches
			}
			e.store(head, n, moved, created, info)
		}) {
			info.thread, info.proc, info.pc, info.taken = th.id, th.proc, th.pc, -1
			r := &engine.Result{Verdict: engine.Unsafe, Reason: "assertion can fail"}
			r.Trace = e.trace(head, &info)
			e.failure = r
		}
		if err := e.stepper.err; err != nil {
			if e.ctx.Err() != nil {
				r := engine.Stopped(e.ctx)
				e.failure = &r
			} else {
				e.fail(engine.Choices, err.Error())
			}
		}
		if e.failure != nil {
			return
		}
	}
}

// fail stops the search with Unknown, limit l and the reason.
func (e *search) fail(l engine.Limit, reason string) {
	if e.failure == nil {
		e.failure = &engine.Result{Limit: l, Reason: reason}
	}
}

// store canonicalises a successor, keeps it if new, and checks the label
// property on it.
func (e *search) store(parent int32, s state, moved, created int, info stepInfo) {
	if e.failure != nil {
		return
	}
	if !e.opts.KeepDead {
		if st := &e.prog.Procs[info.proc].Steps[info.pc]; st.Broadcast() {
			// Passive threads were written too.
			for t := range s.threads {
				e.forgetDead(&s, t)
			}
		} else if moved >= 0 {
			e.forgetDead(&s, moved)
		}
		if created >= 0 {
			e.forgetDead(&s, created)
		}
	}
	i := e.add(s, parent, info)
	if i < 0 || e.opts.Label == "" {
		return
	}
	for _, t := range []int{moved, created} {
		if t >= 0 && e.an.target[s.threads[t].proc][s.threads[t].pc] {
			r := &engine.Result{Verdict: engine.Unsafe, Reason: fmt.Sprintf("label %s reached", e.opts.Label)}
			r.Trace = e.trace(i, nil)
			e.failure = r
			return
		}
	}
}

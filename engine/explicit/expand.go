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
// record of those splits for the trace; a copy's arrays come from a.
func concretise(s *state, xs []slotRef, mask int, a *arena) (state, []concretised) {
	c := *s
	if len(xs) > 0 {
		if own := ownSlots(xs); own >= 0 {
			c = s.cloneFor(own, a)
		} else {
			c = s.clone()
		}
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

// ownSlots returns the thread whose locals are the only locals among xs,
// or -1 if they are several threads' (a broadcast's passive reads); with
// no local among xs, thread 0, any one.
func ownSlots(xs []slotRef) int {
	own := -1
	for _, x := range xs {
		switch {
		case x.global:
		case own < 0:
			own = x.thread
		case own != x.thread:
			return -1
		}
	}
	return max(own, 0)
}

// tooManyReads is the reason the engine gives up on a step that reads n
// unknown values at once.
func tooManyReads(prog *bp.Program, st *bp.Step, n int) string {
	return fmt.Sprintf("%s: the step reads %d unknown values at once, too many for the explicit engine", prog.Position(st), n)
}

// fail stops the search with Unknown, limit l and the reason.
func (e *search) fail(l engine.Limit, reason string) {
	if e.failure == nil {
		e.failure = &engine.Result{Limit: l, Reason: reason}
	}
}

package interp

import (
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// Replaying a constrained assignment with more choices than the step
// semantics enumerates (maxEnum, where the explicit engine gives up) is
// still cheap, because the next state is known: a choice assigned whole to
// a target whose next value counts takes that value, and only the other
// choices are enumerated. Without this, every answer of another engine
// through such a step (the symbolic engine decides 30-variable constraints
// easily) would fail its check.

// wideAssign reports whether replay takes st through replayWide.
func wideAssign(st *bp.Step) bool {
	if st.Kind != bp.Assign || st.Constraint == nil || st.Broadcast() {
		return false
	}
	return len(choiceSet(st)) > maxEnum
}

// choiceSet lists the choices of st's values and constraint, once each.
func choiceSet(st *bp.Step) []int {
	var cs []int
	for _, v := range st.Values {
		cs = choicesOf(v, cs)
	}
	cs = choicesOf(st.Constraint, cs)
	seen := map[int]bool{}
	out := cs[:0]
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// replayWide looks for an outcome of the assignment st of thread ti in s
// that match accepts; next is the state the trace claims.
func replayWide(an *analysis, s *state, ti int, st *bp.Step, next *bp.State, match func(*state) bool) (bool, error) {
	th := &s.threads[ti]
	nt := next.Thread(int(th.id))
	fixed := map[int]bool{}
	for j, r := range st.Targets {
		v := st.Values[j]
		if v.Op != bp.TNondet {
			continue
		}
		var want bool
		switch {
		case r.Scope == bp.Global:
			want = next.Globals[r.Index]
		case nt != nil && an.live[th.proc][st.Next].Has(r.Index):
			want = nt.Locals[r.Index]
		default:
			continue // a dead local: any value does
		}
		if old, ok := fixed[v.Choice]; ok && old != want {
			return false, nil // one choice, two different values
		}
		fixed[v.Choice] = want
	}
	var free []int
	for _, c := range choiceSet(st) {
		if _, ok := fixed[c]; !ok {
			free = append(free, c)
		}
	}
	if len(free) > maxEnum {
		return false, fmt.Errorf("%s: the step has %d non-deterministic choices that the next state does not determine, too many to replay",
			an.prog.Position(st), len(free))
	}
	ev := &env{g: s.globals, l: th.locals, ch: make([]bool, st.Choices)}
	for c, b := range fixed {
		ev.ch[c] = b
	}
	for mask := 0; mask < 1<<len(free); mask++ {
		for j, c := range free {
			ev.ch[c] = mask&(1<<j) != 0
		}
		u, ok := activeOutcome(s, ti, st, ev.ch)
		if !ok {
			continue
		}
		u.threads[ti].pc = int32(st.Next)
		if match(&u) {
			return true, nil
		}
	}
	return false, nil
}

package interp

import (
	"errors"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// ErrTooWide says that a question about a step needs more choices
// enumerated than this package does.
var ErrTooWide = errors.New("too many non-deterministic choices")

// MaxPassiveChoices bounds the choices of a passive thread that
// PassiveCanTake tries one by one: past it, it answers that the thread
// can take the step, which can only refuse a resolution in which the
// thread stays (the monotone reading), never accept a wrong one.
const MaxPassiveChoices = 16

// UsedChoices lists, in increasing order, the choice numbers that occur
// in ts.
func UsedChoices(vals []*bp.Term, extra ...*bp.Term) []int {
	set := map[int]bool{}
	for _, t := range vals {
		choicesOf(t, set)
	}
	for _, t := range extra {
		choicesOf(t, set)
	}
	out := make([]int, 0, len(set))
	for i := range set {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// PassiveCanTake reports whether some choice of a passive thread (its
// environment pe) satisfies the passive constraint of broadcast st, by
// trying each (at most 2^MaxPassiveChoices; past that, true).
func (sem *Semantics) PassiveCanTake(st *bp.Step, pe *Env) bool {
	if st.PassiveConstraint == nil {
		return true
	}
	used := UsedChoices(st.PassiveValues, st.PassiveConstraint)
	if len(used) > MaxPassiveChoices {
		return true
	}
	out := make([]bool, len(pe.Passive))
	ch := make([]bool, st.PassiveChoices)
	for mask := 0; mask < 1<<len(used); mask++ {
		for j, i := range used {
			ch[i] = mask&(1<<j) != 0
		}
		copy(out, pe.Passive)
		if PassivePart(st, pe, ch, out) {
			return true
		}
	}
	return false
}

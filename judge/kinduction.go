package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/sat"
)

// CheckKInduction checks k-induction's proof k against prog (the program
// the engine checked) with the property of label (empty: assertions) and
// the reading of broadcasts, in the judge's own model of prog run with
// k.Slots thread slots (slots.go): no bad state (Overflow included, with
// k.OverflowBad; without it, the program must have no more threads than
// slots) is reachable in fewer than K steps from an initial state (the
// base case), and no K+1 pairwise different well-formed states, each a
// step from the one before, are good in the first K and bad in the last
// (the step case). Together they prove that no bad state is reachable: a
// shortest path to one has no repeated state, ends in its only bad state,
// and its states are well-formed (slots.go), so either it is
// shorter than K or its last K+1 states contradict the step case. It
// returns nil when the proof holds, an error saying what fails otherwise,
// or ctx's error when ctx ends first.
func CheckKInduction(ctx context.Context, prog *bp.Program, label string, reading bp.Reading, k *engine.KInduction) (err error) {
	defer recoverJudge(&err)
	if k == nil {
		return errors.New("k-induction: no proof given")
	}
	if k.K < 1 {
		return fmt.Errorf("k-induction: k must be at least 1, not %d", k.K)
	}
	m, err := newSlotModel(prog, label, reading, k.Slots)
	if err != nil {
		return fmt.Errorf("k-induction: %w", err)
	}
	if err := m.coversThreads(k.OverflowBad); err != nil {
		return fmt.Errorf("k-induction: %w", err)
	}
	d, err := m.firstBad(ctx, k.K, k.OverflowBad)
	if err != nil {
		return err
	}
	if d >= 0 {
		return fmt.Errorf("k-induction: a bad state is reachable in %d steps", d)
	}
	return m.stepCase(ctx, k.K, k.OverflowBad)
}

// firstBad returns the fewest steps in which a bad state is reachable
// from an initial state, if fewer than K, else -1: one unrolling, its
// depths asked in turn.
func (m *slotModel) firstBad(ctx context.Context, K int, overflowBad bool) (int, error) {
	c := logic.NewC()
	f := m.initialFrame(c)
	s := &slotSolver{ctx: ctx, sv: sat.New(c)}
	for d := 0; d < K; d++ {
		if d > 0 {
			f = m.frame(c, m.step(c, f).next)
		}
		bad, err := s.sat(m.bad(c, f, overflowBad))
		if err != nil || bad {
			return d, err
		}
	}
	return -1, nil
}

// stepCase checks that K+1 pairwise different well-formed states, each a
// step from the one before, cannot be good in the first K and bad in the
// last.
func (m *slotModel) stepCase(ctx context.Context, K int, overflowBad bool) error {
	c := logic.NewC()
	frames := []*slotFrame{m.freshFrame(c)}
	for len(frames) <= K {
		frames = append(frames, m.frame(c, m.step(c, frames[len(frames)-1]).next))
	}
	s := &slotSolver{ctx: ctx, sv: sat.New(c)}
	s.sv.Add(m.wellFormed(c, frames[0]))
	for i, f := range frames {
		b := m.bad(c, f, overflowBad)
		if i < K {
			b = b.Not()
		}
		s.sv.Add(b)
	}
	for i := range frames {
		for j := i + 1; j < len(frames); j++ {
			var diff []z.Lit
			for v, x := range frames[i].vars {
				diff = append(diff, c.Xor(x, frames[j].vars[v]))
			}
			s.sv.Add(c.Ors(diff...))
		}
	}
	bad, err := s.sat()
	if err != nil {
		return err
	}
	if bad {
		return fmt.Errorf("k-induction: the property is not %d-inductive in the judge's model", K)
	}
	return nil
}

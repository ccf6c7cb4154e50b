package judge_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// twoThreadsSafe starts one thread; the atomic section closes the window
// in which the worker's assertion could fail.
const twoThreadsSafe = `
decl g;
void w() begin
  assert(!g);
end
void main() begin
  g := F;
  start_thread w();
  atomic_begin;
  g := T;
  g := F;
  atomic_end;
end
`

func loadSafe(t *testing.T) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(twoThreadsSafe))
	require.NoError(t, err)
	return p
}

// TestSlotInvariantRefusals: evidence that names no fact of the program,
// or that needs more slots than it has, is refused with a reason; an
// ended context is the answer's error.
func TestSlotInvariantRefusals(t *testing.T) {
	t.Parallel()
	p := loadSafe(t)
	ctx := context.Background()
	check := func(inv *engine.SlotInvariant) error {
		return judge.CheckSlotInvariant(ctx, p, "", bp.Blocking, inv)
	}
	lit := func(k engine.AtomKind, slot, index int) []engine.SlotLit {
		return []engine.SlotLit{{Atom: engine.SlotAtom{Kind: k, Slot: slot, Index: index}, Neg: true}}
	}
	assert.ErrorContains(t, check(nil), "none given")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 0}), "at least 1")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 1}), "more than its 1 slots")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomActive, 2, 0)}}), "slot 2 of 2")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomGlobal, 0, 1)}}), "1 globals")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomLocal, 0, 0)}}), "more than 0 locals")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomPCBit, 0, -1)}}), "negative")
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(99, 0, 0)}}), "unknown kind")
	// No clause: every state, the bad ones included.
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2}), "does not exclude the states that violate")
	// An empty clause: no state, the initial ones included.
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{{}}}), "does not hold in an initial state")
	// "No assertion has failed" is true but not inductive alone.
	assert.ErrorContains(t, check(&engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomErr, 0, 0)}}), "does not hold after the failing assertion of slot 1")

	done, cancel := context.WithCancel(ctx)
	cancel()
	inv := &engine.SlotInvariant{Slots: 2, Clauses: [][]engine.SlotLit{lit(engine.AtomErr, 0, 0)}}
	assert.ErrorIs(t, judge.CheckSlotInvariant(done, p, "", bp.Blocking, inv), context.Canceled)
	assert.ErrorIs(t, judge.CheckKInduction(done, p, "", bp.Blocking, &engine.KInduction{Slots: 2, K: 3}), context.Canceled)
}

// TestKInductionRefusals: likewise for k-induction; the property of the
// program is 1-inductive in no model, and k is at least 1.
func TestKInductionRefusals(t *testing.T) {
	t.Parallel()
	p := loadSafe(t)
	ctx := context.Background()
	check := func(k *engine.KInduction) error { return judge.CheckKInduction(ctx, p, "", bp.Blocking, k) }
	assert.ErrorContains(t, check(nil), "no proof")
	assert.ErrorContains(t, check(&engine.KInduction{Slots: 2, K: 0}), "at least 1")
	assert.ErrorContains(t, check(&engine.KInduction{Slots: 1, K: 3}), "more than its 1 slots")
	assert.ErrorContains(t, check(&engine.KInduction{Slots: 2, K: 1}), "not 1-inductive")
	unsafe, err := bp.Load("u.bp", []byte(`decl g; void main() begin g := *; assert(g); end`))
	require.NoError(t, err)
	assert.ErrorContains(t, judge.CheckKInduction(ctx, unsafe, "", bp.Blocking, &engine.KInduction{Slots: 1, K: 5}), "a bad state is reachable in 2 steps")
}

package judge_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// TestIC3InvariantsPass: every Safe answer of IC3 on random programs
// comes with a slot invariant that the judge accepts; mc's check of the
// invariant on the engine's own circuit accepts it too (the time of
// both is logged).
func TestIC3InvariantsPass(t *testing.T) {
	t.Parallel()
	answers, all := safeAnswers(t, "ic3", proofSeeds())
	var cost costs
	for _, a := range answers {
		inv, ok := a.r.Evidence.(*engine.SlotInvariant)
		require.True(t, ok, "%s: evidence %T", a.q, a.r.Evidence)
		start := time.Now()
		err := judge.CheckSlotInvariant(context.Background(), a.q.prog, a.q.label, a.q.reading, inv)
		cost.judge.add(time.Since(start), a.q)
		require.NoError(t, err, "%s\n%s", a.q, a.q.src)
		start = time.Now()
		require.NoError(t, onEnginesCircuit(a.q, a.r.Evidence), a.q.what)
		cost.mc.add(time.Since(start), a.q)
	}
	require.NotEmpty(t, answers)
	t.Logf("%d questions, %d invariants judged; %s", all, len(answers), cost)
}

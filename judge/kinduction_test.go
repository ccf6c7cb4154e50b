package judge_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// TestKInductionProofsPass: every Safe answer of k-induction on random
// programs comes with a proof that the judge accepts, as mc's check on
// the engine's circuit does (the time of both is logged).
func TestKInductionProofsPass(t *testing.T) {
	t.Parallel()
	answers, all := safeAnswers(t, "kind", proofSeeds())
	var cost costs
	maxK := 0
	for _, a := range answers {
		k, ok := a.r.Evidence.(*engine.KInduction)
		require.True(t, ok, "%s: evidence %T", a.q, a.r.Evidence)
		start := time.Now()
		err := judge.CheckKInduction(context.Background(), a.q.prog, a.q.label, a.q.reading, k)
		cost.judge.add(time.Since(start), a.q)
		require.NoError(t, err, "%s (k=%d)\n%s", a.q, k.K, a.q.src)
		start = time.Now()
		require.NoError(t, onEnginesCircuit(a.q, a.r.Evidence), a.q.what)
		cost.mc.add(time.Since(start), a.q)
		maxK = max(maxK, k.K)
	}
	require.NotEmpty(t, answers)
	t.Logf("%d questions, %d proofs judged, the largest k %d; %s", all, len(answers), maxK, cost)
}

package bopgo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// TestPortfolioNamesTheWinner: the answer of auto comes from one of the
// raced engines and says which.
func TestPortfolioNamesTheWinner(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Auto})
	require.NoError(t, err)
	assert.Equal(t, bopgo.Unsafe, res.Verdict)
	assert.Contains(t, bopgo.PortfolioEngines, res.Engine)
	replay(t, p, bopgo.Options{}, res)
}

// TestPortfolioUnknownSaysWhy: when no engine decides, the reason names
// each engine's, or says once what stopped them all.
func TestPortfolioUnknownSaysWhy(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := bopgo.Check(ctx, p, bopgo.Options{Engine: bopgo.Auto})
	require.NoError(t, err)
	assert.Equal(t, bopgo.Unknown, res.Verdict)
	assert.Equal(t, bopgo.Auto, res.Engine)
	assert.Equal(t, bopgo.CancelledByUser, res.Limit)
	assert.Equal(t, "cancelled", res.Reason)

	// Different reasons: the explicit engine refuses a step that reads 30
	// unknown values at once, the symbolic one runs out of states.
	vs := make([]string, 30)
	for i := range vs {
		vs[i] = fmt.Sprintf("v%d", i)
	}
	wide, err := bp.Load("wide.bp", []byte("decl "+strings.Join(vs, ", ")+";\nvoid main() begin assume("+strings.Join(vs, " | ")+"); skip; assert(T & "+vs[0]+" | !"+vs[0]+"); end\n"))
	require.NoError(t, err)
	res, err = bopgo.Check(context.Background(), wide, bopgo.Options{MaxStates: 2})
	require.NoError(t, err)
	require.Equal(t, bopgo.Unknown, res.Verdict)
	for _, e := range bopgo.RacedEngines() {
		assert.Contains(t, res.Reason, string(e)+":")
	}
}

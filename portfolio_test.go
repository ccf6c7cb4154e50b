package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
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
// each engine's.
func TestPortfolioUnknownSaysWhy(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := bopgo.Check(ctx, p, bopgo.Options{Engine: bopgo.Auto})
	require.NoError(t, err)
	assert.Equal(t, bopgo.Unknown, res.Verdict)
	assert.Equal(t, bopgo.Auto, res.Engine)
	for _, e := range bopgo.PortfolioEngines {
		assert.Contains(t, res.Reason, string(e)+":")
	}
}

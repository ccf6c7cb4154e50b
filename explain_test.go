package bopgo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/verdict"
)

// TestCertificatesExplainThemselves: a safe answer from an engine with a
// certificate carries it in the program's terms, its size the one the
// reason gives.
func TestCertificatesExplainThemselves(t *testing.T) {
	t.Parallel()
	p := loadFile(t, "examples/mutex.bp")
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.IC3})
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict)
	c := res.Certificate
	require.NotNil(t, c)
	assert.Equal(t, "clauses", c.Unit)
	assert.Contains(t, res.Reason, fmt.Sprintf("of %d clauses", c.Size))
	require.Len(t, c.Lines, c.Size)
	for _, l := range c.Lines {
		assert.NotContains(t, l, "latch", "every latch is named")
		assert.NotContains(t, l, "¬a", "negations of phrases are phrases")
		assert.Regexp(t, `lock|inside|never: | at | running|atomic|assertion|slot busy`, l)
	}

	w := loadSource(t, workers(3, 2))
	res, err = bopgo.Check(context.Background(), w, bopgo.Options{Engine: bopgo.Counter})
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict, res.Reason)
	c = res.Certificate
	require.NotNil(t, c)
	assert.Equal(t, "minimal configurations and boxes", c.Unit)
	assert.Equal(t, c.Size, len(c.Lines)+c.Omitted)
	assert.NotEmpty(t, c.Lines)
	for _, l := range c.Lines {
		assert.Regexp(t, `^(bad from|reachable within): (the start|the property violated|\S+=[01])`, l)
	}

	u := loadFile(t, "examples/race.bp")
	res, err = bopgo.Check(context.Background(), u, bopgo.Options{Engine: bopgo.Explicit})
	require.NoError(t, err)
	assert.Nil(t, res.Certificate, "no certificate for an unsafe answer")
}

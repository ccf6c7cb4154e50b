package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
)

// TestRecursion: the recursive programs of the corpus and of SatAbs are
// decided with procedure summaries (their evidence re-checked by Check),
// by the explicit engine, the symbolic engine (summaries as formulas) and
// the portfolio; the engines that do not run recursion say so.
func TestRecursion(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path, label string
	}{
		// p recurses forever before it returns: SLIC_ERROR after the
		// call is unreachable, which only summaries prove.
		{"benchmarks/corpus/c2s-ocaml/src/test/bp/simple.bp", "SLIC_ERROR"},
		// SatAbs without --full-inlining keeps the recursive f.
		{"cmd/bopgo/testdata/satabs/Recursion1-partial.bp", ""},
	}
	for _, c := range cases {
		p := loadFile(t, c.path)
		require.True(t, p.HasCalls(), c.path)
		for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.Auto} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, Label: c.label})
			require.NoError(t, err, "%s, %s", c.path, e)
			assert.Equal(t, bopgo.Safe, res.Verdict, "%s, %s: %s", c.path, e, res.Reason)
			assert.Contains(t, res.Reason, "procedure summaries", "%s, %s", c.path, e)
		}
		for _, e := range []bopgo.Engine{bopgo.IC3, bopgo.Counter} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, Label: c.label})
			require.NoError(t, err, "%s, %s", c.path, e)
			assert.Equal(t, bopgo.Unknown, res.Verdict, "%s, %s", c.path, e)
			assert.Contains(t, res.Reason, "does not run recursive functions", "%s, %s", c.path, e)
		}
	}
}

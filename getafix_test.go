package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/internal/conformance"
)

// TestGetafixConformance runs every program of Getafix's dialect (one
// rule of its semantics each) in every deciding engine, with its own
// property (SLIC_ERROR, or the assertions), and replays every
// counterexample. With -short IC3, which takes about 0.15 s a case
// where the others take milliseconds, runs on every other case.
func TestGetafixConformance(t *testing.T) {
	t.Parallel()
	var engines []bopgo.Engine
	for _, e := range bopgo.Engines {
		if bopgo.Decides(e) && !unchecked(e) {
			engines = append(engines, e)
		}
	}
	for i, c := range conformance.GetafixCases {
		p, err := bp.Load("getafix.bp", []byte(c.Src))
		require.NoError(t, err, c.Name)
		require.Equal(t, syntax.DialectGetafix, p.Dialect, c.Name)
		for _, e := range engines {
			if testing.Short() && e == bopgo.IC3 && i%2 == 1 {
				continue
			}
			t.Run(c.Name+"/"+string(e), func(t *testing.T) {
				t.Parallel()
				opts := bopgo.Options{Engine: e}
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				assert.Equal(t, c.Expected, res.Verdict.String(), res.Reason)
				opts.Label = p.CheckedLabel("")
				replay(t, p, opts, res)
			})
		}
	}
}

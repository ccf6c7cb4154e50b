package bopgo_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// TestPlainStatesAgree runs longer random programs over fewer variables
// than the differential tests' (whose formulas outgrow their variables
// more often) with the symbolic engine, with and without
// re-parameterisation, and the explicit engine: the verdicts agree and
// every counterexample replays. (TestSymbolicAgreesWithExplicit compares
// both forms on gen.Small.)
func TestPlainStatesAgree(t *testing.T) {
	t.Parallel()
	long := gen.Config{Globals: 2, Locals: 1, Threads: 1, Stmts: 9, Depth: 3, Helpers: 1}
	var reparameterised, unsafe atomic.Int64
	n := seeds(60)
	t.Cleanup(func() {
		t.Logf("%d of %d programs had states re-parameterised, %d of them unsafe", reparameterised.Load(), n, unsafe.Load())
		assert.Positive(t, reparameterised.Load(), "the test must exercise re-parameterisation")
	})
	eachSeed(t, n, func(t *testing.T, seed int64) {
		p, src := randomProgram(t, long, seed)
		want := explicitOracle(t, long, seed, "", bp.Blocking)
		for _, plain := range []bool{false, true} {
			opts := bopgo.Options{Engine: bopgo.Symbolic, MaxThreads: oracleThreads, MaxStates: 600, Symbolic: bopgo.SymbolicOptions{PlainStates: plain}}
			got, err := bopgo.Check(context.Background(), p, opts)
			require.NoError(t, err, "seed %d plain=%v", seed, plain)
			if got.Verdict == verdict.Unknown {
				continue
			}
			require.Equal(t, want.Verdict, got.Verdict, "seed %d (plain %v)\n%s", seed, plain, src)
			mustReplay(t, p, opts, got, fmt.Sprintf("seed %d (plain %v)", seed, plain))
			if !plain && got.Counters.Int("reparameterised_states") > 0 {
				reparameterised.Add(1)
				if got.Verdict == verdict.Unsafe {
					unsafe.Add(1)
				}
			}
		}
	})
}

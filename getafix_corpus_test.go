package bopgo_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// getafixVerdicts are bopgo's verdicts on Getafix's experiments
// (benchmarks/corpus/getafix-tnl; benchmarks/results/getafix has every
// file's), for its own property: SLIC_ERROR, or the assertions of the
// _duet files, which have no SLIC_ERROR. Every file named _unsafe is
// among them; the one named _false, a SafeStack program, is not decided
// in minutes (benchmarks/results/getafix/README.md). slow ones (the
// fib_5 pair and testsyntax, 0.3 to 1.1 s each of the package's 12 s
// under -short; fib_3 and fib_4 are of the same shapes) run only without
// -short.
var getafixVerdicts = []struct {
	file, verdict string
	slow          bool
}{
	{"fib_3_unsafe.bp", "unsafe", false},
	{"fib_4_unsafe.bp", "unsafe", false},
	{"fib_5_unsafe.bp", "unsafe", true},
	{"fib_3_unsafe_duet.bp", "unsafe", false},
	{"regression/fib_3_unsafe.bp", "unsafe", false},
	{"regression/fib_4_unsafe.bp", "unsafe", false},
	{"regression/fib_5_unsafe.bp", "unsafe", true},
	{"fib_3_safe.bp", "safe", false},
	{"fib_3_safe_duet.bp", "safe", false},
	{"regression/fib_3_safe.bp", "safe", false},
	{"testGetafix.bp", "safe", false},
	{"testGetafixAtomic.bp", "safe", false},
	{"testNewformula.bp", "safe", false},
	{"testsyntax.bp", "safe", true},
	{"testFunctionCall.bp", "unsafe", false},
	{"tool_error_fix.bp", "unsafe", false},
	{"example.bp", "unsafe", false},
}

// TestGetafixCorpusVerdicts checks bopgo's verdicts on Getafix's
// experiments with the explicit and the symbolic engine, and replays
// every counterexample.
func TestGetafixCorpusVerdicts(t *testing.T) {
	t.Parallel()
	const dir = "benchmarks/corpus/getafix-tnl/experiments"
	for _, c := range getafixVerdicts {
		t.Run(c.file, func(t *testing.T) {
			if c.slow && testing.Short() {
				t.Skip("slow; runs without -short")
			}
			t.Parallel()
			src, err := os.ReadFile(filepath.Join(dir, c.file))
			require.NoError(t, err)
			p, err := bp.Load(c.file, src)
			require.NoError(t, err)
			for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic} {
				opts := bopgo.Options{Engine: e, Timeout: 5 * time.Minute}
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				assert.Equal(t, c.verdict, res.Verdict.String(), "%s: %s", e, res.Reason)
				opts.Label = p.CheckedLabel("")
				replay(t, p, opts, res)
			}
		})
	}
}

package symbolic

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/judge"
)

// defaultThreads is the thread bound of a program whose thread creation
// is not bounded (the root's default).
const defaultThreads = 8

// bound is the thread bound the root gives p: its own, else 8.
func bound(p *bp.Program) int {
	if n, ok := p.MaxThreads(); ok {
		return n
	}
	return defaultThreads
}

// check runs the engine with opts on p's assertions, as the root runs
// it: at thread bounds 1, 2, ... up to p's, until an answer holds for
// every bound (Unsafe, or Safe with no thread start suppressed). It
// replays the counterexample of an Unsafe answer.
func check(t *testing.T, p *bp.Program, opts Options) engine.Result {
	t.Helper()
	prob := &engine.Problem{Prog: p, Targets: p.Targets("")}
	run := New(opts)
	var r engine.Result
	for b, last := 1, bound(p); b <= last; b++ {
		var err error
		r, err = run(context.Background(), prob, b, b == last)
		require.NoError(t, err)
		if r.Verdict == engine.Unsafe || r.Verdict == engine.Safe && !r.BoundHit {
			break
		}
	}
	if r.Verdict == engine.Unsafe {
		require.NotNil(t, r.Counterexample())
		require.NoError(t, judge.Replay(p, interp.Options{}, r.Counterexample()), "the counterexample does not replay")
	}
	return r
}

// explicitAnswer is the explicit engine's answer on p's assertions, the
// reference, over the thread bounds as check runs them.
func explicitAnswer(t *testing.T, p *bp.Program) engine.Result {
	t.Helper()
	var r engine.Result
	for b, last := 1, bound(p); b <= last; b++ {
		r, _ = explicit.Search(context.Background(), p, explicit.Options{}, b)
		if r.Verdict == engine.Unsafe || r.Verdict == engine.Safe && !r.BoundHit {
			break
		}
	}
	require.NotEqual(t, engine.Unknown, r.Verdict, r.Reason)
	return r
}

// loadFile loads the program of a file.
func loadFile(t *testing.T, path string) *bp.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	p, err := bp.Load(filepath.Base(path), src)
	require.NoError(t, err)
	return p
}

package bopgo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// thirteenWorkers starts 13 workers, none in a loop: the program can never
// have more than 14 threads, so every engine decides it without a bound.
func thirteenWorkers(bug bool) string {
	var b strings.Builder
	b.WriteString("decl lock, in;\nvoid w() begin\n  lock := T constrain !lock;\n  ")
	if bug {
		b.WriteString("in := T; assert(in); in := F; lock := F;\n  in := F;\nend\n")
	} else {
		b.WriteString("assert(!in); in := T; in := F; lock := F;\nend\n")
	}
	b.WriteString("void main() begin lock, in := F, F;\n")
	for range 13 {
		b.WriteString("  start_thread w();\n")
	}
	b.WriteString("end\n")
	return b.String()
}

func TestStaticThreadBound(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("w13.bp", []byte(thirteenWorkers(false)))
	require.NoError(t, err)
	n, bounded := p.MaxThreads()
	require.True(t, bounded)
	require.Equal(t, 14, n)
	for _, e := range []bopgo.Engine{bopgo.Symbolic, bopgo.Explicit} {
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e})
		require.NoError(t, err)
		assert.Equal(t, verdict.Safe, res.Verdict, "%s: %s", e, res.Reason)
		assert.Equal(t, 14, res.Counters.Int("thread_bound"), "%s", e)
	}
	// A smaller bound asks the bounded question.
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{MaxThreads: 3})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict)
	assert.Equal(t, verdict.Threads, res.Limit)
	// A larger one stops at the program's own.
	res, err = bopgo.Check(context.Background(), p, bopgo.Options{MaxThreads: 100, Engine: bopgo.Explicit})
	require.NoError(t, err)
	assert.Equal(t, verdict.Safe, res.Verdict)
	assert.Equal(t, 14, res.Counters.Int("thread_bound"))
}

// Expressions nested as deep as Go's parser allows go through every
// engine.
func TestDeepExpressionsInEveryEngine(t *testing.T) {
	t.Parallel()
	const n = 50_000
	src := "decl x, y; void main() begin x := " + strings.Repeat("(", n) + "!y" + strings.Repeat(")", n) +
		"; assert(" + strings.Repeat("!", n) + "(x = !y)); end"
	p, err := bp.Load("deep.bp", []byte(src))
	require.NoError(t, err)
	for _, e := range bopgo.Engines {
		if unchecked(e) {
			continue
		}
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, MaxDepth: 5})
		require.NoError(t, err, "%s", e)
		if bopgo.Decides(e) {
			assert.Equal(t, verdict.Safe, res.Verdict, "%s: %s", e, res.Reason)
		}
	}
}

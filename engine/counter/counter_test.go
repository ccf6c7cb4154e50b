package counter

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

func problem(t *testing.T, src string) *engine.Problem {
	t.Helper()
	prog, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return &engine.Problem{Prog: prog, Targets: prog.Targets("")}
}

// Workers started in a loop take a lock in an atomic section: safe for
// any number of workers.
const lock = `decl held;
void main() begin held := F; L: start_thread goto W; goto L;
W: atomic_begin; assume(!held); held := T; atomic_end; assert(held); held := F; end`

// TestAnswers: Safe comes with a certificate that checks, Unsafe with a
// trace that replays.
func TestAnswers(t *testing.T) {
	p := problem(t, lock)
	r, err := Run(t.Context(), p, 0, true)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	proof, ok := r.Evidence.(*engine.CounterProof)
	require.True(t, ok, "%T", r.Evidence)
	assert.NoError(t, judge.CheckCounterProof(t.Context(), p.Prog, p.Label, p.Broadcast, proof))
	require.NotNil(t, r.Explain)
	assert.Positive(t, r.Counters.Int(engine.CountStates))

	p = problem(t, `decl a, b;
void main() begin a, b := F, F; L: start_thread goto W; goto L; W: if a then b := T; else a := T; fi; assert(!b); end`)
	r, err = Run(t.Context(), p, 0, true)
	require.NoError(t, err)
	require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	assert.Equal(t, "assertion can fail, with 3 threads", r.Reason)
	assert.NoError(t, judge.Replay(p.Prog, interp.Options{}, r.Counterexample()))
}

// TestLimits: an undecided search's limit, as the search returned it,
// in the engines' vocabulary.
func TestLimits(t *testing.T) {
	expired, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	r, err := Run(expired, problem(t, lock), 0, true)
	require.NoError(t, err)
	assert.Equal(t, engine.Result{Counters: r.Counters, Limit: engine.Time, Reason: "time limit reached"}, r)

	cancelled, stop := context.WithCancel(t.Context())
	stop()
	r, err = Run(cancelled, problem(t, lock), 0, true)
	require.NoError(t, err)
	assert.Equal(t, engine.Result{Counters: r.Counters, Limit: engine.Cancelled, Reason: "cancelled"}, r)

	// A program of the corpus (bp-reduce, with broadcasts) on which the
	// backward search runs: the Karp–Miller search does not decide it.
	src, err := os.ReadFile("../../benchmarks/corpus/bp-reduce/2014-03-03-00-34-58/reduced.21.bp")
	require.NoError(t, err)
	p := problem(t, string(src))
	p.MaxStates = 10
	r, err = Run(t.Context(), p, 0, true)
	require.NoError(t, err)
	assert.Equal(t, engine.Result{Counters: r.Counters, Limit: engine.States, Reason: "backward search limit of 10 elements reached"}, r)
}

// TestExplainShowsAPart: a certificate of more lines than are shown is
// described only as far as it is shown, and counts the rest.
func TestExplainShowsAPart(t *testing.T) {
	src := "decl lock, inside;\nvoid worker() begin L: lock := T constrain !lock; assert(!inside); inside := T; inside := F; lock := F; goto L; end\n" +
		"void main() begin lock, inside := F, F;" + strings.Repeat(" start_thread worker();", 6) + " end\n"
	r, err := Run(t.Context(), problem(t, src), 0, true)
	require.NoError(t, err)
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	e := r.Explain()
	require.Greater(t, e.Size, engine.MaxExplained)
	assert.Len(t, e.Lines, engine.MaxExplained)
	assert.Equal(t, e.Size, len(e.Lines)+e.Omitted)
}

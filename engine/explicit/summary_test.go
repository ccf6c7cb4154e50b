package explicit

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// seedCount is n, a fifth with -short, ten times with BOPGO_LONG.
func seedCount(n int) int {
	switch {
	case testing.Short():
		return max(n/5, 1)
	case os.Getenv("BOPGO_LONG") != "":
		return 10 * n
	}
	return n
}

// replayed fails t unless r's counterexample, if any, replays, and its
// procedure summaries, if any, check.
func replayed(t *testing.T, p *bp.Program, opts Options, r engine.Result, what string) {
	t.Helper()
	if summariesOf(r) != nil {
		if err := judge.CheckSummaries(t.Context(), p, interp.Options{Label: opts.Label}, summariesOf(r)); err != nil {
			t.Fatalf("%s: the summaries do not check: %v", what, err)
		}
	}
	if r.Verdict != engine.Unsafe {
		return
	}
	require.NotNil(t, r.Counterexample(), what)
	if err := judge.Replay(p, interp.Options{Label: opts.Label, Broadcast: opts.Broadcast}, r.Counterexample()); err != nil {
		t.Fatalf("%s: the counterexample does not replay: %v", what, err)
	}
}

// TestSummariesAgreeWithBoundedStacks compares procedure summaries with
// the search of bounded stacks on random programs of one thread with
// recursive functions (gen.Recursive): every bug the bounded search finds
// is found, nothing it finds unsafe is proved safe, what it proves safe
// (its bound never met) is safe; every counterexample replays. Some of
// the programs must be safe with stacks deeper than the bound (the
// bounded search cannot decide them), and some unsafe.
func TestSummariesAgreeWithBoundedStacks(t *testing.T) {
	t.Parallel()
	const depth = 6
	var safeDeep, unsafe, deepBugs, decidedByBoth int
	seeds := make([]int64, seedCount(150))
	for i := range seeds {
		seeds[i] = int64(i + 1)
	}
	if testing.Short() {
		// Bugs that need deep recursion are rare (seeds 52, 121 and 149
		// of the first 150): -short's fifth of the seeds has none.
		seeds = append(seeds, 52)
	}
	for _, seed := range seeds {
		src := gen.Recursive(seed, gen.SmallRecursive)
		p, err := bp.Load("rec.bp", []byte(src))
		require.NoError(t, err, "seed %d\n%s", seed, src)
		what := fmt.Sprintf("seed %d", seed)
		sum, _ := Summaries(context.Background(), p, Options{})
		bounded, _ := Search(context.Background(), p, Options{MaxStack: depth}, 1)
		replayed(t, p, Options{}, sum, what+" (summaries)")
		replayed(t, p, Options{}, bounded, what+" (bounded)")
		switch {
		case bounded.Verdict == engine.Unsafe && sum.Verdict != engine.Unsafe:
			t.Fatalf("%s: the bounded search finds a bug, summaries say %v (%s)\n%s", what, sum.Verdict, sum.Reason, src)
		case bounded.Verdict == engine.Safe && sum.Verdict != engine.Safe:
			t.Fatalf("%s: the bounded search proves it safe, summaries say %v (%s)\n%s", what, sum.Verdict, sum.Reason, src)
		case sum.Verdict == engine.Unknown:
			t.Fatalf("%s: summaries do not decide: %s\n%s", what, sum.Reason, src)
		}
		switch {
		case sum.Verdict == engine.Safe && bounded.Limit == engine.Stack:
			safeDeep++
		case sum.Verdict == engine.Unsafe:
			unsafe++
			if shallow, _ := Search(context.Background(), p, Options{MaxStack: 2}, 1); shallow.Verdict != engine.Unsafe {
				deepBugs++ // a bug that needs calls nested three deep or more
			}
		}
		if bounded.Verdict != engine.Unknown {
			decidedByBoth++
		}
	}
	t.Logf("%d safe with unbounded stacks, %d unsafe (%d only with calls nested three deep or more), %d decided by the bounded search too",
		safeDeep, unsafe, deepBugs, decidedByBoth)
	require.Positive(t, safeDeep, "no program safe with stacks the bounded search cannot cover")
	require.Positive(t, deepBugs, "no bug that needs deep recursion")
}

// TestSummariesAgreeWithInlining runs random programs of one thread whose
// functions do not recurse twice: inlined (the default) and with every
// call kept as a call (bp.LoadOptions.KeepCalls), decided by summaries.
// The verdicts agree; the counterexamples of both replay.
func TestSummariesAgreeWithInlining(t *testing.T) {
	t.Parallel()
	cfg := gen.Small
	cfg.Threads, cfg.Helpers = 0, 2
	calls := 0
	for seed := int64(1); seed <= int64(seedCount(150)); seed++ {
		src := gen.Program(seed, cfg)
		inlined, err := bp.Load("p.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		kept, err := bp.LoadWith("p.bp", []byte(src), bp.LoadOptions{KeepCalls: true})
		if err != nil {
			continue // an enforce invariant around a call with results
		}
		what := fmt.Sprintf("seed %d", seed)
		want, _ := Search(context.Background(), inlined, Options{}, 1)
		got, _ := Summaries(context.Background(), kept, Options{})
		replayed(t, kept, Options{}, got, what)
		if got.Verdict != want.Verdict {
			t.Fatalf("%s: inlined %v (%s), with summaries %v (%s)\n%s", what, want.Verdict, want.Reason, got.Verdict, got.Reason, src)
		}
		if kept.HasCalls() {
			calls++
		}
	}
	require.Positive(t, calls, "no program kept a call")
}

// TestSummariesEvidenceIsChecked: the evidence of a safe program checks,
// and each way of breaking it is caught: a fact dropped, an exit dropped,
// a value of a fact narrowed, main's context missing.
func TestSummariesEvidenceIsChecked(t *testing.T) {
	t.Parallel()
	p := load(t, `decl g;
bool f(x) begin
  if * then g := f(!x); fi
  return x | g;
end
void main() begin decl y; g := T; y := f(T); assert(g); end`)
	r, _ := Summaries(context.Background(), p, Options{})
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	require.NotNil(t, summariesOf(r))
	check := func() error { return judge.CheckSummaries(t.Context(), p, interp.Options{}, summariesOf(r)) }
	require.NoError(t, check())
	// A check whose context has ended stops, and says so.
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	err := judge.CheckSummaries(cancelled, p, interp.Options{}, summariesOf(r))
	assert.ErrorIs(t, err, context.Canceled)
	for ci := range summariesOf(r).Contexts {
		ctx := &summariesOf(r).Contexts[ci]
		for fi := range ctx.Facts {
			saved := ctx.Facts
			ctx.Facts = append(append([]bp.PartialFrame(nil), saved[:fi]...), saved[fi+1:]...)
			assert.Error(t, check(), "context %d without fact %d", ci, fi)
			ctx.Facts = saved
		}
		for xi := range ctx.Exits {
			saved := ctx.Exits
			ctx.Exits = append(append([]bp.SummaryExit(nil), saved[:xi]...), saved[xi+1:]...)
			assert.Error(t, check(), "context %d without exit %d", ci, xi)
			ctx.Exits = saved
		}
	}
	// A fact's known global flipped: the state it stood for is no longer
	// covered, or the flipped one is not closed.
	flips, caught := 0, 0
	for ci := range summariesOf(r).Contexts {
		for fi := range summariesOf(r).Contexts[ci].Facts {
			f := &summariesOf(r).Contexts[ci].Facts[fi]
			for gi, v := range f.Globals {
				if v == bp.Any {
					continue
				}
				f.Globals[gi] = 1 - v
				flips++
				if check() != nil {
					caught++
				}
				f.Globals[gi] = v
			}
		}
	}
	t.Logf("%d of %d flips caught", caught, flips)
	require.Positive(t, caught)
	summariesOf(r).Contexts = summariesOf(r).Contexts[1:]
	assert.Error(t, check(), "main's context dropped")
}

// TestBoundedStacksAgreeWithNaive compares the search of bounded stacks
// with the naive definition (bp/interp's semantics, every value
// enumerated, the same bound on calls) on random programs with threads
// and recursive functions; every counterexample replays.
func TestBoundedStacksAgreeWithNaive(t *testing.T) {
	t.Parallel()
	const depth = 3
	compared, decided, safe := 0, 0, 0
	for seed := int64(1); seed <= int64(seedCount(60)); seed++ {
		src := gen.Recursive(seed, gen.ThreadedRecursive)
		p, err := bp.Load("rec.bp", []byte(src))
		require.NoError(t, err, "seed %d\n%s", seed, src)
		want, ok := naiveSearchStack(t, p, interp.Options{}, 3, depth, 20000)
		if !ok {
			continue
		}
		compared++
		what := fmt.Sprintf("seed %d", seed)
		r := searchAndReplay(t, p, Options{MaxStack: depth}, 3, what)
		if r.Verdict == engine.Unknown && r.Limit == engine.Stack {
			r.Verdict = engine.Unknown
		}
		if r.Verdict != want {
			t.Fatalf("%s: engine says %v (%s), naive search says %v\n%s", what, r.Verdict, r.Reason, want, src)
		}
		if want != engine.Unknown {
			decided++
		}
		if want == engine.Safe {
			safe++
		}
	}
	t.Logf("%d programs compared, %d decided, %d safe", compared, decided, safe)
	require.Greater(t, compared, seedCount(60)/3, "too few programs small enough for the naive search")
	require.Positive(t, safe)
}

// summariesOf is the procedure summaries of r's evidence, or nil.
func summariesOf(r engine.Result) *bp.Summaries {
	if s, ok := r.Evidence.(*engine.Summaries); ok {
		return s.Summaries
	}
	return nil
}

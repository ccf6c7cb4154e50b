package bopgo

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/verdict"
)

// withEngine replaces engine name's Run for one test: wrap is given the
// honest Run of each check and returns the one to use.
func withEngine(t *testing.T, name Engine, wrap func(honest engine.Run) engine.Run) {
	t.Helper()
	for i := range engineTable {
		if engineTable[i].Name == name {
			old := engineTable[i].new
			engineTable[i].new = func(o *Options) engine.Run { return wrap(old(o)) }
			t.Cleanup(func() { engineTable[i].new = old })
			return
		}
	}
	t.Fatalf("no engine %s", name)
}

func mustLoad(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// A trace that does not replay is an internal error naming the engine,
// never a verdict.
func TestCheckRefusesATraceThatDoesNotReplay(t *testing.T) {
	p := mustLoad(t, `decl g; void main() begin g := T; g := !g; assert(g); end`)
	for _, name := range []Engine{Symbolic, Explicit, IC3} {
		withEngine(t, name, func(honest engine.Run) engine.Run {
			return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
				r, err := honest(ctx, p, bound, last)
				if r.Verdict == engine.Unsafe {
					// The value of g before the last step, flipped: the
					// assertion would hold there.
					st := &r.Counterexample().Steps[len(r.Counterexample().Steps)-1].Before
					st.Globals[0] = !st.Globals[0]
				}
				return r, err
			}
		})
		res, err := Check(context.Background(), p, Options{Engine: name})
		require.ErrorIs(t, err, ErrInternal, "%s: %v", name, res.Verdict)
		assert.Contains(t, err.Error(), string(name))
		assert.Contains(t, err.Error(), "does not check")
	}
}

// A certificate that does not hold is refused: IC3's invariant with its
// clauses dropped no longer excludes the bad states.
func TestCheckRefusesABadInvariant(t *testing.T) {
	p := mustLoad(t, `decl g; void main() begin g := F; L: g := g & *; assert(!g); goto L; end`)
	res, err := Check(context.Background(), p, Options{Engine: IC3})
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict)
	assert.Contains(t, res.Reason, "inductive invariant")

	withEngine(t, IC3, func(engine.Run) engine.Run {
		return circuit.RunWith(func(ctx context.Context, sys *mc.System, o mc.Options) mc.Result {
			r := ic3.Check(ctx, sys, o)
			if r.Verdict == verdict.Safe {
				r.Invariant = [][]z.Lit{}
			}
			return r
		})
	})
	_, err = Check(context.Background(), p, Options{Engine: IC3})
	require.ErrorIs(t, err, ErrInternal)
	assert.Contains(t, err.Error(), "does not exclude the states that violate the property")
}

// A step with more constrained choices than the explicit engine
// enumerates replays all the same (the next state fixes them), and a
// wrong next state is still refused.
func TestWideStepsReplay(t *testing.T) {
	p := mustLoad(t, benchmarks.WideParity(24, true))
	res, err := Check(context.Background(), p, Options{Engine: Symbolic})
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict)

	withEngine(t, Symbolic, func(honest engine.Run) engine.Run {
		return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
			r, err := honest(ctx, p, bound, last)
			if r.Verdict == engine.Unsafe {
				// After the wide step, one variable flipped alone: the
				// parity constraint no longer holds.
				for k := range r.Counterexample().Steps {
					if k > 0 && r.Counterexample().Steps[k-1].Proc == 0 && p.Prog.Procs[0].Steps[r.Counterexample().Steps[k-1].PC].Constraint != nil {
						g := r.Counterexample().Steps[k].Before.Globals
						g[0] = !g[0]
						break
					}
				}
			}
			return r, err
		}
	})
	_, err = Check(context.Background(), p, Options{Engine: Symbolic})
	require.ErrorIs(t, err, ErrInternal)
	assert.Contains(t, err.Error(), "no execution of the step leads to the next state")
}

// In the portfolio, an engine whose answer fails its check loses, and
// its failure is reported with the answer another engine gave.
func TestPortfolioReportsFailures(t *testing.T) {
	p := mustLoad(t, `decl g; void main() begin g := T; g := !g; assert(g); end`)
	// The first engine of the race answers with a broken trace; the
	// others wait, to let it answer first.
	raced := RacedEngines(p, Options{MaxThreads: 3})
	broken := raced[0]
	withEngine(t, broken, func(honest engine.Run) engine.Run {
		return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
			r, err := honest(ctx, p, bound, last)
			if r.Verdict == engine.Unsafe {
				st := &r.Counterexample().Steps[len(r.Counterexample().Steps)-1].Before
				st.Globals[0] = !st.Globals[0]
			}
			return r, err
		}
	})
	for _, e := range raced[1:] {
		withEngine(t, e, func(honest engine.Run) engine.Run {
			return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
				time.Sleep(200 * time.Millisecond)
				return honest(ctx, p, bound, last)
			}
		})
	}
	res, err := Check(context.Background(), p, Options{MaxThreads: 3})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict)
	assert.NotEqual(t, broken, res.Engine, "another engine answers")
	require.Len(t, res.Failures, 1)
	assert.ErrorIs(t, res.Failures[0], ErrInternal)
}

// TestCheckStoppedByTimeout: an answer whose check does not end before
// the time limit is no answer (Unknown, the time limit), and no internal
// error either.
func TestCheckStoppedByTimeout(t *testing.T) {
	p := mustLoad(t, `decl g; void main() begin g := T; assert(g); end`)
	withEngine(t, IC3, func(engine.Run) engine.Run {
		return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
			// An answer that comes as the time runs out: the judge sees
			// the context end before its check does.
			<-ctx.Done()
			return engine.Result{Verdict: engine.Safe, Evidence: &engine.KInduction{Slots: bound, K: 1}}, nil
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := Check(ctx, p, Options{Engine: IC3})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict)
	assert.Equal(t, verdict.Time, res.Limit)
	assert.Contains(t, res.Reason, "while checking")
}

// The symbolic engine's Safe on a program of one thread with recursive
// functions leaves only with its summary formulas checked: without them,
// or with a summary emptied, Check refuses it.
func TestCheckRefusesBadSummaryFormulas(t *testing.T) {
	p := mustLoad(t, `decl g;
bool f(x) begin if * then g := f(!x); fi return x | g; end
void main() begin decl y; g := T; y := f(T); assert(g); end`)
	require.True(t, p.HasCalls())
	res, err := Check(context.Background(), p, Options{Engine: Symbolic})
	require.NoError(t, err)
	require.Equal(t, verdict.Safe, res.Verdict)
	assert.Contains(t, res.Reason, "procedure summaries as formulas")
	for _, tamper := range []struct {
		name string
		do   func(f *engine.SummaryFormulas) *engine.SummaryFormulas
		want string
	}{
		{"dropped", func(*engine.SummaryFormulas) *engine.SummaryFormulas { return nil }, "without procedure summaries"},
		{"summary emptied", func(f *engine.SummaryFormulas) *engine.SummaryFormulas {
			for i := range f.Procs {
				f.Procs[i].Summary = f.C.F
			}
			return f
		}, "not in the summary"},
	} {
		t.Run(tamper.name, func(t *testing.T) {
			withEngine(t, Symbolic, func(honest engine.Run) engine.Run {
				return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
					r, err := honest(ctx, p, bound, last)
					if f, ok := r.Evidence.(*engine.SummaryFormulas); ok && r.Verdict == engine.Safe {
						r.Evidence = &engine.Search{}
						if g := tamper.do(f); g != nil {
							r.Evidence = g
						}
					}
					return r, err
				}
			})
			_, err := Check(context.Background(), p, Options{Engine: Symbolic})
			require.ErrorIs(t, err, ErrInternal)
			assert.Contains(t, err.Error(), tamper.want)
		})
	}
}

// A panic in one raced engine is that engine's internal error: the others
// race on and answer, and the failure says where it happened. Alone, the
// engine's panic is Check's ErrInternal, never a crash of the caller.
func TestPanicLeavesNoEngine(t *testing.T) {
	p := mustLoad(t, `decl g; void main() begin g := T; g := !g; assert(g); end`)
	panicked := make(chan struct{})
	withEngine(t, Explicit, func(engine.Run) engine.Run {
		return func(context.Context, *engine.Problem, int, bool) (engine.Result, error) {
			defer close(panicked)
			var slots []int
			_ = slots[len(slots)-1] // index out of range, as in issue 34
			return engine.Result{}, nil
		}
	})
	// The others answer only once the panic is under way (and a little
	// later, so that the race has taken the failure in). They wait on
	// this first channel: the race does not wait for its losers, who may
	// still be starting when panicked is made again below.
	first := panicked
	for _, name := range RacedEngines(p, Options{}) {
		if name == Explicit {
			continue
		}
		withEngine(t, name, func(honest engine.Run) engine.Run {
			return func(ctx context.Context, p *engine.Problem, bound int, last bool) (engine.Result, error) {
				<-first
				time.Sleep(20 * time.Millisecond)
				return honest(ctx, p, bound, last)
			}
		})
	}
	res, err := Check(context.Background(), p, Options{})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict)
	require.Len(t, res.Failures, 1)
	pe, ok := errors.AsType[*PanicError](res.Failures[0])
	require.True(t, ok, "%v", res.Failures[0])
	assert.Equal(t, Explicit, pe.Engine)
	assert.ErrorIs(t, pe, ErrInternal)
	var failed *RaceEntry
	for i := range res.Race {
		if res.Race[i].Engine == Explicit {
			failed = &res.Race[i]
		}
	}
	require.NotNil(t, failed)
	assert.Equal(t, OutcomeFailed, failed.Outcome)
	assert.Contains(t, failed.Stack, "TestPanicLeavesNoEngine")

	panicked = make(chan struct{})
	_, err = Check(context.Background(), p, Options{Engine: Explicit})
	require.ErrorIs(t, err, ErrInternal)
	pe, ok = errors.AsType[*PanicError](err)
	require.True(t, ok)
	assert.Contains(t, pe.Stack, "TestPanicLeavesNoEngine")
}

package judge_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

func load(t testing.TB, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// counterexample is the explicit engine's counterexample of p at bound,
// or nil.
func counterexample(p *bp.Program, label string, reading bp.Reading, bound int) *bp.Trace {
	r, _ := explicit.Search(context.Background(), p, explicit.Options{Label: label, Broadcast: reading}, bound)
	if r.Verdict != engine.Unsafe {
		return nil
	}
	return r.Counterexample()
}

// TestReplayAgreesWithEnumeration: Replay (which tries a small step's
// choices and solves a wide one's with SAT), the same with SAT for every
// step, and ReplayByEnumeration (which enumerates every outcome of the
// step) accept the same traces: the engine's counterexamples of random
// programs, and the same traces with one value flipped (which sometimes
// still replay and mostly do not).
func TestReplayAgreesWithEnumeration(t *testing.T) {
	t.Parallel()
	n := int64(gen.Count(60, 20))
	for _, c := range []struct {
		name     string
		cfg      gen.Config
		readings []bp.Reading
	}{{"small", gen.Small, []bp.Reading{bp.Blocking}}, {"broadcast", gen.SmallBroadcast, []bp.Reading{bp.Blocking, bp.Monotone}}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			traces, accepted, rejected := 0, 0, 0
			for seed := int64(0); seed < n; seed++ {
				p := load(t, gen.Program(seed, c.cfg))
				for _, reading := range c.readings {
					opts := judge.Options{Broadcast: reading}
					tr := counterexample(p, "", reading, 3)
					if tr == nil {
						continue
					}
					traces++
					what := fmt.Sprintf("%s seed %d (%v)", c.name, seed, reading)
					require.NoError(t, judge.Replay(p, opts, tr), what)
					require.NoError(t, judge.ReplayWithSAT(p, opts, tr), what)
					require.NoError(t, judge.ReplayByEnumeration(p, opts, tr), what)
					r := rand.New(rand.NewSource(seed))
					for range 5 {
						m, where := mutate(r, tr)
						if m == nil {
							break
						}
						err1, err2 := judge.Replay(p, opts, m), judge.ReplayByEnumeration(p, opts, m)
						if (err1 == nil) != (err2 == nil) {
							t.Fatalf("%s, %s flipped: Replay says %v, enumeration says %v\n%s", what, where, err1, err2, gen.Program(seed, c.cfg))
						}
						if err3 := judge.ReplayWithSAT(p, opts, m); (err1 == nil) != (err3 == nil) {
							t.Fatalf("%s, %s flipped: Replay says %v, with SAT %v\n%s", what, where, err1, err3, gen.Program(seed, c.cfg))
						}
						if err1 == nil {
							accepted++
						} else {
							rejected++
						}
					}
				}
			}
			t.Logf("%d traces; of their mutations %d replay, %d do not", traces, accepted, rejected)
			require.Greater(t, traces, int(n)/10, "too few counterexamples")
			require.Greater(t, rejected, 0)
		})
	}
}

// mutate returns a copy of tr with one value of one state flipped.
func mutate(r *rand.Rand, tr *bp.Trace) (*bp.Trace, string) {
	if len(tr.Steps) < 2 {
		return nil, ""
	}
	m := &bp.Trace{Kind: tr.Kind, Final: tr.Final.Clone(), Steps: make([]bp.TraceStep, len(tr.Steps))}
	for i, s := range tr.Steps {
		s.Before = s.Before.Clone()
		m.Steps[i] = s
	}
	i := 1 + r.Intn(len(m.Steps)-1)
	s := &m.Steps[i].Before
	slots := len(s.Globals)
	for _, t := range s.Threads {
		slots += len(t.Locals)
	}
	if slots == 0 {
		return nil, ""
	}
	k := r.Intn(slots)
	if k < len(s.Globals) {
		s.Globals[k] = !s.Globals[k]
		return m, fmt.Sprintf("step %d global %d", i, k)
	}
	k -= len(s.Globals)
	for ti := range s.Threads {
		if k < len(s.Threads[ti].Locals) {
			s.Threads[ti].Locals[k] = !s.Threads[ti].Locals[k]
			return m, fmt.Sprintf("step %d thread %d local %d", i, s.Threads[ti].ID, k)
		}
		k -= len(s.Threads[ti].Locals)
	}
	return nil, ""
}

// TestReplayRejectsWrongBroadcast: a trace in which a passive thread did
// not receive what the broadcast gives it does not replay.
func TestReplayRejectsWrongBroadcast(t *testing.T) {
	t.Parallel()
	p := load(t, conformance.Broadcasts[0].Src)
	tr := counterexample(p, "", bp.Blocking, 2)
	require.NotNil(t, tr)
	require.NoError(t, judge.Replay(p, judge.Options{}, tr))
	for i, s := range tr.Steps {
		if !p.Procs[s.Proc].Steps[s.PC].Broadcast() || i+1 >= len(tr.Steps) {
			continue
		}
		next := &tr.Steps[i+1].Before
		for k := range next.Threads {
			if next.Threads[k].ID != s.Thread {
				x := p.Procs[0].Steps[s.PC].PassiveTargets[0].Index
				next.Threads[k].Locals[x] = !next.Threads[k].Locals[x]
			}
		}
		assert.Error(t, judge.Replay(p, judge.Options{}, tr))
		return
	}
	t.Fatal("no broadcast in the trace")
}

// TestConcretizeRandom: the engine's counterexamples of random programs,
// made concrete, are exact executions with the engine's schedule.
func TestConcretizeRandom(t *testing.T) {
	t.Parallel()
	n := int64(gen.Count(60, 20))
	for _, c := range []struct {
		name string
		cfg  gen.Config
	}{{"small", gen.Small}, {"broadcast", gen.SmallBroadcast}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(0); seed < n; seed++ {
				prog := load(t, gen.Program(seed, c.cfg))
				for _, bound := range []int{1, 3} {
					what := fmt.Sprintf("%s seed %d bound %d", c.name, seed, bound)
					tr := counterexample(prog, "", bp.Blocking, bound)
					if tr == nil {
						continue
					}
					for _, concretize := range []func(*bp.Program, judge.Options, *bp.Trace) (*bp.Trace, error){judge.Concretize, judge.ConcretizeWithSAT} {
						ct, err := concretize(prog, judge.Options{}, tr)
						require.NoError(t, err, what)
						require.Len(t, ct.Steps, len(tr.Steps), what)
						for i := range ct.Steps {
							e, g := &tr.Steps[i], &ct.Steps[i]
							assert.Equal(t, [3]int{e.Proc, e.PC, e.Taken}, [3]int{g.Proc, g.PC, g.Taken}, "%s step %d: the schedule", what, i)
						}
						require.NoError(t, judge.Exact(prog, judge.Options{}, ct), what)
					}
				}
			}
		})
	}
}

// A dead target shows the value the constrained step really assigned,
// and a start suppressed by the thread bound becomes a thread that never
// runs, numbered in start order.
func TestConcretizeDeadAndSuppressed(t *testing.T) {
	t.Parallel()
	prog := load(t, `decl g;
void w() begin skip; end
void main() begin
  decl a, b;
  a, b := *, * constrain 'a & 'b;
  b := F;
  start_thread w();
  start_thread goto L;
  assert(g);
L: end_thread;
end
`)
	tr := counterexample(prog, "", bp.Blocking, 1)
	require.NotNil(t, tr)
	c, err := judge.Concretize(prog, judge.Options{}, tr)
	require.NoError(t, err)
	require.NoError(t, judge.Exact(prog, judge.Options{}, c))
	// After the constrained step, a (dead from here on) is 1.
	assert.True(t, c.Steps[2].Before.Threads[0].Locals[0], "a after 'a & 'b")
	last := c.Steps[len(c.Steps)-1].Before
	require.Len(t, last.Threads, 3, "both starts are threads")
	assert.Equal(t, []int{0, 1, 2}, []int{last.Threads[0].ID, last.Threads[1].ID, last.Threads[2].ID})
	assert.Equal(t, last.Threads[0].Locals, last.Threads[2].Locals, "start_thread goto copies the creator's locals")
	for _, s := range tr.Steps {
		if prog.Procs[s.Proc].Steps[s.PC].Kind == bp.Spawn {
			assert.True(t, s.Suppressed, "the engine suppressed the starts")
		}
	}
}

// TestReplayContextEnds: a trace's check gives up with the context's
// cause once the context has ended (a counterexample of millions of steps
// takes seconds to replay), and checks as Replay does before.
func TestReplayContextEnds(t *testing.T) {
	p := load(t, `decl a, b; void main() begin a := T; b := a; a := F; assert(a | !b); end`)
	tr := counterexample(p, "", bp.Blocking, 1)
	require.NotNil(t, tr)
	require.NoError(t, judge.ReplayContext(context.Background(), p, judge.Options{}, tr))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, judge.ReplayContext(ctx, p, judge.Options{}, tr), context.Canceled)
}

package shorten

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// shortened is Trace's result on tr, required to replay, to end in tr's
// violation and to be no longer (nor, as long, to switch more); what
// names the trace in failures.
func shortened(t *testing.T, prog *bp.Program, label string, tr *bp.Trace, what string) (*bp.Trace, Stats) {
	t.Helper()
	opts := judge.Options{Label: label}
	require.NoError(t, judge.Replay(prog, opts, tr), "%s: the test's own trace", what)
	short, st := Trace(context.Background(), prog, opts, tr, 0)
	require.NoError(t, judge.Replay(prog, opts, short), what)
	require.Equal(t, tr.Kind, short.Kind, what)
	last, was := short.Steps[len(short.Steps)-1], tr.Steps[len(tr.Steps)-1]
	require.Equal(t, [3]int{was.Thread, was.Proc, was.PC}, [3]int{last.Thread, last.Proc, last.PC}, "%s: the violating step", what)
	require.Equal(t, ShapeOf(tr), st.Before, what)
	require.Equal(t, ShapeOf(short), st.After, what)
	require.LessOrEqual(t, st.After.Steps, st.Before.Steps, what)
	if st.After.Steps == st.Before.Steps {
		require.LessOrEqual(t, st.After.Switches, st.Before.Switches, what)
	}
	return short, st
}

func stepsOf(tr *bp.Trace, id int) int {
	n := 0
	for _, s := range tr.Steps {
		if s.Thread == id {
			n++
		}
	}
	return n
}

const busyWait = `
decl g, stop;
void spinner() begin
  while !stop do skip; od
end
void setter() begin
  g := T;
end
void main() begin
  g, stop := F, F;
  start_thread spinner();
  start_thread setter();
  assume(g);
  %s;
end`

// A thread spinning in a busy loop that the violation does not need is
// dropped, before and after the step that matters.
func TestBusyWaitDropped(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ label, end string }{{"", "assert(F)"}, {"ERR", "ERR: skip"}} {
		prog := load(t, fmt.Sprintf(busyWait, c.end))
		schedule := []int{0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 0}
		if c.label == "" {
			schedule = append(schedule, 0)
		}
		tr := scheduled(t, prog, c.label, schedule...)
		short, st := shortened(t, prog, c.label, tr, c.end)
		assert.Zero(t, stepsOf(short, 1), "the spinner's steps")
		assert.Equal(t, 1, stepsOf(short, 2), "the setter's step")
		assert.Equal(t, len(schedule)-12, len(short.Steps), "%s: %+v", c.end, st)
		assert.Equal(t, 2, st.After.Switches)
	}
}

const twoWriters = `
decl a, b, c, d;
void w1() begin a := T; b := T; end
void w2() begin c := T; d := T; end
void main() begin
  a, b, c, d := F, F, F, F;
  start_thread w1();
  start_thread w2();
  assume(a & b & c & d);
  assert(F);
end`

// Independent steps of two threads that alternate are gathered: the
// same steps, fewer switches.
func TestSwitchesReduced(t *testing.T) {
	t.Parallel()
	prog := load(t, twoWriters)
	tr := scheduled(t, prog, "", 0, 0, 0, 1, 2, 1, 2, 0, 0)
	short, st := shortened(t, prog, "", tr, "")
	assert.Equal(t, Shape{Steps: 9, Switches: 5}, st.Before)
	assert.Equal(t, Shape{Steps: 9, Switches: 3}, st.After)
	var threads []int
	for _, s := range short.Steps {
		threads = append(threads, s.Thread)
	}
	assert.Equal(t, []int{0, 0, 0, 1, 1, 2, 2, 0, 0}, threads)
}

// A shortening that would lose the violation is refused: dropping a
// thread whose write the assume needs, or moving the assume before it.
func TestBreakingShorteningRefused(t *testing.T) {
	t.Parallel()
	prog := load(t, twoWriters)
	tr := scheduled(t, prog, "", 0, 0, 0, 1, 1, 2, 2, 0, 0)
	s := newShortener(context.Background(), prog, judge.Options{}, tr, deadline())
	assert.False(t, s.try([]int{0, 1, 2, 5, 6, 7, 8}), "without w1")
	assert.False(t, s.try([]int{0, 1, 2, 3, 4, 7, 5, 6, 8}), "the assume before w2's writes")
	assert.Equal(t, 2, s.replays, "each candidate replayed")
	assert.True(t, s.try([]int{0, 1, 2, 5, 6, 3, 4, 7, 8}), "w2 before w1")
	short, st := shortened(t, prog, "", tr, "")
	assert.Equal(t, st.Before, st.After)
	assert.Equal(t, tr.Steps, short.Steps)
}

const flipper = `
decl g;
void flip() begin while T do g := !g; od end
void main() begin
  g := F;
  start_thread flip();
  assume(g);
  assert(F);
end`

// Of a loop that flips the global the violation reads, cycles of an
// even number of flips are cut and an odd one is refused: one flip is
// left.
func TestCycleThatChangesTheOutcomeKept(t *testing.T) {
	t.Parallel()
	prog := load(t, flipper)
	w := newWalker(prog, judge.Options{})
	first := func(int) int { return 0 }
	for range 2 {
		_, ok := w.step(0, first)
		require.True(t, ok)
	}
	for flips := 0; flips < 5; {
		was := w.cur.Globals[0]
		_, ok := w.step(1, first)
		require.True(t, ok)
		if w.cur.Globals[0] != was {
			flips++
		}
	}
	for range 2 {
		_, ok := w.step(0, first)
		require.True(t, ok)
	}
	short, _ := shortened(t, prog, "", &w.tr, "")
	assigns := 0
	for _, s := range short.Steps {
		if prog.Procs[s.Proc].Steps[s.PC].Kind == bp.Assign && s.Thread == 1 {
			assigns++
		}
	}
	assert.Equal(t, 1, assigns, "flips left")
}

// The budget is respected: an ended context gives the engine's trace.
func TestEndedContextKeepsTrace(t *testing.T) {
	t.Parallel()
	prog := load(t, fmt.Sprintf(busyWait, "assert(F)"))
	tr := scheduled(t, prog, "", 0, 0, 0, 1, 1, 1, 1, 2, 0, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	short, st := Trace(ctx, prog, judge.Options{}, tr, 0)
	assert.Same(t, tr, short)
	assert.True(t, st.Stopped)
	assert.Zero(t, st.Replays)
}

// Random programs, their counterexamples (the explicit engine's, and
// random executions to a violation, which have detours): the shortened
// trace replays, ends in the same violation, and is never longer, nor
// has more switches unless it is shorter.
func TestRandomTracesShorten(t *testing.T) {
	t.Parallel()
	n := int64(gen.Count(100, 30))
	for _, c := range []struct {
		name string
		cfg  gen.Config
	}{{"small", gen.Small}, {"full", gen.Full}, {"broadcast", gen.SmallBroadcast}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			traces, shorter := 0, 0
			for seed := range n {
				prog := load(t, gen.Program(seed, c.cfg))
				label := ""
				if len(prog.FindLabel(gen.Target)) > 0 {
					label = gen.Target
				}
				r, _ := explicit.Search(context.Background(), prog, explicit.Options{Label: label}, 3)
				for k := range int64(4) {
					tr := r.Counterexample()
					what := fmt.Sprintf("%s seed %d, the explicit engine's", c.name, seed)
					if k > 0 {
						tr = walk(prog, label, 3*seed+k, 300)
						what = fmt.Sprintf("%s seed %d, walk %d", c.name, seed, 3*seed+k)
					}
					if tr == nil {
						continue
					}
					traces++
					if _, st := shortened(t, prog, label, tr, what); st.After.Steps < st.Before.Steps {
						shorter++
					}
				}
			}
			t.Logf("%d counterexamples, %d shortened", traces, shorter)
			require.Greater(t, traces, 0)
			require.Greater(t, shorter, 0)
		})
	}
}

func deadline() time.Time { return time.Now().Add(DefaultBudget) }

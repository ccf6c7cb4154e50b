package trace_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/trace"
	"github.com/bopgo/bopgo/verdict"
)

// exactTrace checks src with the explicit engine and returns its
// counterexample as one execution (Trace.Exact), as pages draw it.
func exactTrace(t *testing.T, src string, reading bp.Reading, maxThreads int) (*bp.Program, *trace.Trace) {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, Broadcast: reading, MaxThreads: maxThreads})
	require.NoError(t, err)
	require.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
	require.Nil(t, res.Trace.Steps[0].Choices, "an engine's trace does not fix its choices")
	tr, err := res.Trace.Exact(p, "", reading)
	require.NoError(t, err)
	return p, tr
}

// stepAt is the index of the first step of thread th whose statement is
// text.
func stepAt(t *testing.T, tr *trace.Trace, th int, text string) int {
	t.Helper()
	for i, s := range tr.Steps {
		if s.Thread == th && s.Statement == text {
			return i
		}
	}
	t.Fatalf("no step %q of thread %d", text, th)
	return -1
}

func TestEffectsOfARace(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `decl c, done;
void w() begin decl tmp; tmp := c; c := !tmp; done := T; end
void main() begin c, done := F, F; start_thread w(); assume(done); assert(!c); end`, bp.Blocking, 0)
	eff := tr.Effects(p, bp.Blocking)
	require.Len(t, eff, len(tr.Steps))

	init := eff[stepAt(t, tr, 0, "c, done := F, F")]
	assert.Equal(t, -1, init.Started)
	for _, v := range init.Globals {
		assert.False(t, v.Value, "only values that change are listed, with their new value")
	}

	start := eff[stepAt(t, tr, 0, "start_thread w()")]
	assert.Equal(t, 1, start.Started)
	require.Len(t, start.Others, 1)
	assert.Equal(t, 1, start.Others[0].Thread)
	assert.Equal(t, "w::tmp", start.Others[0].Values[0].Name, "the started thread's first values")

	for _, v := range eff[stepAt(t, tr, 1, "tmp := c")].Locals {
		assert.Equal(t, trace.Value{Name: "w::tmp", Value: false}, v, "tmp takes c's value, F")
	}
	flip := eff[stepAt(t, tr, 1, "c := !tmp")]
	assert.Equal(t, []trace.Value{{Name: "c", Value: true}}, flip.Globals)
	assert.Empty(t, flip.Locals)

	// main waits at assume(done) while w runs: blocked at every step of w
	// before done := T, and not after.
	set := stepAt(t, tr, 1, "done := T")
	for i := stepAt(t, tr, 1, "tmp := c"); i <= set; i++ {
		if tr.Steps[i].Thread == 1 && tr.Exec.Steps[i].Before.Thread(0) != nil {
			pc := tr.Exec.Steps[i].Before.Thread(0).PC
			if p.Procs[0].Steps[pc].Kind == bp.Assume {
				assert.Equal(t, []int{0}, eff[i].Blocked, "step %d", i)
			}
		}
	}
	assert.NotContains(t, eff[set+1].Blocked, 0)
	last := eff[len(eff)-1]
	assert.Empty(t, last.Globals, "a failing assertion changes nothing")
}

func TestEffectsOfAtomicSections(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `decl x, y;
void w() begin atomic_begin; x := T; y := T; atomic_end; end
void main() begin x, y := F, F; start_thread w(); assert(!y); end`, bp.Blocking, 0)
	eff := tr.Effects(p, bp.Blocking)
	in := 0
	for i, s := range tr.Steps {
		switch s.Statement {
		case "atomic_begin", "x := T", "y := T", "atomic_end":
			assert.True(t, eff[i].Atomic, "%d %s", i, s.Statement)
			in++
			if s.Statement != "atomic_begin" {
				assert.Equal(t, []int{0}, eff[i].Blocked, "main cannot move inside w's atomic section")
			}
		default:
			assert.False(t, eff[i].Atomic, "%d %s", i, s.Statement)
		}
	}
	assert.Equal(t, 4, in)
}

// TestEffectsOfABroadcast: DESIGN.md's example, where main's broadcast
// sets the started thread's x.
func TestEffectsOfABroadcast(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `void main() begin decl x; x := F; start_thread goto W;
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, bp.Blocking, 0)
	eff := tr.Effects(p, bp.Blocking)
	i := stepAt(t, tr, 0, "x, x$ := x, T")
	assert.Empty(t, eff[i].Locals, "main's own x stays F")
	assert.Equal(t, []trace.ThreadValues{{Thread: 1, Values: []trace.Value{{Name: "main::x", Value: true}}}}, eff[i].Others)
}

// TestEffectsOfAThreadEnd: with two threads at most, the second worker
// runs only once the first has ended.
func TestEffectsOfAThreadEnd(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `decl g;
void w() begin skip; end
void v() begin g := T; end
void main() begin g := F; start_thread w(); assume(!g); start_thread v(); assume(g); assert(F); end`, bp.Blocking, 2)
	eff := tr.Effects(p, bp.Blocking)
	end := stepAt(t, tr, 1, "end of w")
	assert.True(t, eff[end].Ended)
	for i, e := range eff {
		assert.Equal(t, i == end, e.Ended, "step %d %s", i, tr.Steps[i].Statement)
	}
}

// A return assigns the caller's targets: the effect names them, in the
// caller's frame, with their new values.
func TestEffectsOfAReturn(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `decl g;
bool f(n) begin
  decl r;
  r := F;
  if n then return T; fi
  r := f(T);
  g := T;
  return r;
end
void main() begin decl x; x := F; g := F; x := f(F); assert(!x | !g); end`, bp.Blocking, 0)
	eff := tr.Effects(p, bp.Blocking)
	require.Len(t, eff, len(tr.Steps))
	inner := eff[stepAt(t, tr, 0, "return T")]
	assert.Equal(t, []trace.Value{{Name: "f::r", Value: true}}, inner.Locals, "the outer f's r takes the inner f's value")
	assert.Empty(t, inner.Globals)
	outer := eff[stepAt(t, tr, 0, "return r")]
	assert.Equal(t, []trace.Value{{Name: "main::x", Value: true}}, outer.Locals, "main's x takes f's value")
}

func TestEffectsListEveryWrite(t *testing.T) {
	t.Parallel()
	p, tr := exactTrace(t, `decl c;
void main() begin decl tmp, x; c := F; tmp := F; tmp := c; c := c; x := *; assert(!x | tmp | c); end`, bp.Blocking, 0)
	eff := tr.Effects(p, bp.Blocking)

	read := eff[stepAt(t, tr, 0, "tmp := c")]
	assert.Empty(t, read.Locals, "tmp already holds c's value: nothing changes")
	assert.Equal(t, []trace.Written{{Thread: 0, Value: trace.Value{Name: "main::tmp", Value: false}, Unchanged: true}}, read.Written,
		"the stale read is listed as written, unchanged")

	same := eff[stepAt(t, tr, 0, "c := c")]
	assert.Empty(t, same.Globals)
	assert.Equal(t, []trace.Written{{Thread: -1, Value: trace.Value{Name: "c", Value: false}, Unchanged: true}}, same.Written)

	pick := eff[stepAt(t, tr, 0, "x := *")]
	require.Len(t, pick.Written, 1)
	w := pick.Written[0]
	assert.Equal(t, trace.Value{Name: "main::x", Value: true}, w.Value, "the * picked T: the assertion fails")
	assert.True(t, w.Chosen, "a bare * is marked as a choice")
	assert.Equal(t, w.Unchanged, len(pick.Locals) == 0, "unchanged exactly when not among the changed values")
}

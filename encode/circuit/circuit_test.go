package circuit_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/mc/kind"
	"github.com/bopgo/bopgo/verdict"
)

func load(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// outcome is what the circuit says with a fixed number of slots.
type outcome string

const (
	safe     outcome = "safe"
	unsafe   outcome = "unsafe"
	overflow outcome = "overflow" // a thread start found every slot busy
)

// decide runs k-induction on the circuit of prog (Overflow bad too),
// checks the answer independently (mc.Simulate for a trace, judge.Replay
// for its program trace) and says what it found.
func decide(t *testing.T, p *bp.Program, label string, slots int) outcome {
	t.Helper()
	c, err := circuit.Build(p, label, slots)
	require.NoError(t, err)
	sys := c.System(true)
	r := kind.Check(context.Background(), sys, mc.Options{MaxDepth: 20})
	switch r.Verdict {
	case verdict.Safe:
		return safe
	case verdict.Unknown:
		t.Fatalf("k-induction gave up: %s", r.Reason)
	}
	bad, err := mc.Simulate(sys, r.Trace)
	require.NoError(t, err)
	require.True(t, bad, "the counterexample does not reach a bad state")
	tr, err := c.Trace(r.Trace)
	if errors.Is(err, circuit.ErrOverflow) {
		return overflow
	}
	require.NoError(t, err)
	require.NoError(t, judge.Replay(p, interp.Options{Label: label}, tr))
	return unsafe
}

var semantics = []struct {
	name, src, label string
	slots            int
	want             outcome
}{
	{"assert fails", `void main() begin decl l; assert(l); end`, "", 1, unsafe},
	{"assert holds", `decl g; void main() begin g := T; assert(g); end`, "", 1, safe},
	{"assume blocks: the step stutters", `decl g;
void main() begin g := F; assume(g); assert(F); end`, "", 1, safe},
	{"a blocked thread waits for another", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end`, "", 2, unsafe},
	{"constrain without solution blocks", `decl g;
void main() begin g := * constrain 'g & !'g; assert(F); end`, "", 1, safe},
	{"constrain relates old and new", `decl g, h;
void main() begin g := F; g, h := *, * constrain ('g != g) & ('h = 'g); assert(h); end`, "", 1, safe},
	{"unassigned primes keep their value", `decl g, h;
void main() begin h := T; g := * constrain 'g = !'h; assert(!g); end`, "", 1, safe},
	{"goto with several targets", `decl g;
void main() begin g := F; goto A, B; A: assert(!g); B: g := T; assert(!g); end`, "", 1, unsafe},
	{"branch", `void main() begin decl l; l := T; if l then skip; else assert(F); fi end`, "", 1, safe},
	{"schoose", `decl g;
void main() begin g := schoose[T, T]; assert(g); g := schoose[F, T]; assert(!g); end`, "", 1, safe},
	{"start_thread goto copies locals", `decl g;
void main() begin decl l; l := T; start_thread goto W; g := F; end_thread;
W: assert(l); end`, "", 2, safe},
	{"copied locals are independent afterwards", `decl g;
void main() begin decl l; l := T; start_thread goto W; l := F; end_thread;
W: assert(l); end`, "", 2, safe},
	{"arguments are bound, other locals free", `void t(a) begin decl b; assert(a); assert(b); end
void main() begin start_thread t(T); end`, "", 2, unsafe},
	{"arguments are bound", `void t(a) begin assert(a); end
void main() begin start_thread t(T); end`, "", 2, safe},
	{"thread-locals are copied at start, then per thread", `decl thread_local x;
void t() begin assert(x); end
void main() begin x := T; start_thread t(); x := F; end`, "", 2, safe},
	{"atomic sections exclude other threads", `decl g;
void t() begin g := F; end
void main() begin start_thread t(); atomic_begin; g := T; assert(g); atomic_end; end`, "", 2, safe},
	{"without atomic the same race fails", `decl g;
void t() begin g := F; end
void main() begin start_thread t(); g := T; assert(g); end`, "", 2, unsafe},
	{"a thread blocked in an atomic section blocks all", `decl g;
void t() begin g := T; end
void main() begin g := F; atomic_begin; start_thread t(); assume(g); atomic_end; assert(F); end`, "", 2, safe},
	{"a start with every slot busy overflows", `void t() begin skip; end
void main() begin start_thread t(); start_thread t(); end`, "", 2, overflow},
	{"label reached", `void main() begin decl l; if l then ERR: skip; fi end`, "ERR", 1, unsafe},
	{"label mode ignores assertions", `void main() begin assert(F); X: skip; end`, "X", 1, unsafe},
	{"label in another thread", `void t() begin ERR: skip; end
void main() begin start_thread t(); end`, "ERR", 2, unsafe},
	{"dead forgets a value", `void main() begin decl l; l := T; dead l; assert(l); end`, "", 1, unsafe},
	{"decl makes a local free again", `void main() begin decl l; l := T; decl l2; assert(l); end`, "", 1, safe},
	{"main's end does not stop others", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end_thread; end`, "", 2, unsafe},
}

// TestSemantics pins the circuit's semantics on tiny programs, and checks
// each verdict against the explicit engine with the same thread bound.
func TestSemantics(t *testing.T) {
	for _, c := range semantics {
		t.Run(c.name, func(t *testing.T) {
			p := load(t, c.src)
			got := decide(t, p, c.label, c.slots)
			assert.Equal(t, c.want, got)
			ir, _ := explicit.Search(context.Background(), p, explicit.Options{Label: c.label}, c.slots)
			want := map[engine.Verdict]outcome{engine.Safe: safe, engine.Unsafe: unsafe}[ir.Verdict]
			if ir.Verdict == engine.Safe && ir.BoundHit {
				want = overflow
			}
			if got != overflow {
				assert.Equal(t, want, got, "explicit: %s", ir.Reason)
			}
		})
	}
}

// TestSuppressedStart: without Overflow among the bad states, a start with
// every slot busy is suppressed and the creator goes on, as in interp; the
// trace says so and replays.
func TestSuppressedStart(t *testing.T) {
	p := load(t, `decl g;
void t() begin skip; end
void main() begin g := F; start_thread t(); start_thread t(); assert(g); end`)
	c, err := circuit.Build(p, "", 2)
	require.NoError(t, err)
	r := bmc.Check(context.Background(), c.System(false), mc.Options{MaxDepth: 10})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	tr, err := c.Trace(r.Trace)
	require.NoError(t, err)
	require.NoError(t, judge.Replay(p, interp.Options{}, tr))
	suppressed := 0
	for _, s := range tr.Steps {
		if s.Suppressed {
			suppressed++
		}
	}
	assert.Equal(t, 1, suppressed)

	r = bmc.Check(context.Background(), c.System(true), mc.Options{MaxDepth: 10})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	_, err = c.Trace(r.Trace)
	assert.ErrorIs(t, err, circuit.ErrOverflow)
}

// TestTraceIdentities: threads get identities in creation order, a slot
// freed by an ended thread is reused under a new identity. (With Overflow
// bad, the race in which main starts u before t has ended would stop the
// search first.)
func TestTraceIdentities(t *testing.T) {
	p := load(t, `decl g, h;
void t() begin g := T; end
void u() begin assume(h); assert(F); end
void main() begin g, h := F, F; start_thread t(); assume(g); start_thread u(); h := T; end`)
	c, err := circuit.Build(p, "", 2)
	require.NoError(t, err)
	r := bmc.Check(context.Background(), c.System(false), mc.Options{MaxDepth: 20})
	require.Equal(t, verdict.Unsafe, r.Verdict)
	tr, err := c.Trace(r.Trace)
	require.NoError(t, err)
	require.NoError(t, judge.Replay(p, interp.Options{}, tr))
	last := tr.Steps[len(tr.Steps)-1]
	assert.Equal(t, 2, last.Thread, "u is the third thread created, in the slot t had")
	assert.Equal(t, bp.AssertionFails, tr.Kind)
}

func TestBuildErrors(t *testing.T) {
	p := load(t, `void main() begin skip; end`)
	_, err := circuit.Build(p, "", 0)
	assert.Error(t, err)
	_, err = circuit.Build(nil, "", 1)
	assert.Error(t, err)
	c, err := circuit.Build(p, "", 1)
	require.NoError(t, err)
	_, err = c.Trace(&mc.Trace{})
	assert.Error(t, err, "a trace of the wrong shape")
}

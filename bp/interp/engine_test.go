package interp

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
)

func load(t testing.TB, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// checkAndReplay runs the engine and replays any counterexample.
func checkAndReplay(t testing.TB, p *bp.Program, opts Options) Result {
	t.Helper()
	r, err := Check(context.Background(), p, opts)
	require.NoError(t, err)
	if r.Outcome == Unsafe {
		require.NotNil(t, r.Trace)
		require.NoError(t, Replay(p, opts, r.Trace), "the counterexample does not replay")
	}
	return r
}

// TestConformance runs BoPPo's regression programs (testdata/boppo at the
// repository root, with their licence) and replays every counterexample.
func TestConformance(t *testing.T) {
	dir := "../../testdata/boppo"
	cases, err := conformance.Read(dir)
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.Dir, func(t *testing.T) {
			src, err := os.ReadFile(c.Path(dir))
			require.NoError(t, err)
			p, err := bp.Load(c.File, src)
			require.NoError(t, err)
			r := checkAndReplay(t, p, Options{Label: c.Label})
			assert.Equal(t, c.Expected, r.Outcome.String(), r.Reason)
		})
	}
	assert.Equal(t, 37, len(cases))
}

// Hand-written semantics: each program exercises one rule of DESIGN.md.
var semantics = []struct {
	name, src, label string
	want             Outcome
}{
	{"assume blocks only its thread", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end`, "", Unsafe},
	{"assume never satisfied", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); end`, "", Safe},
	{"constrain without solution blocks", `decl g;
void main() begin g := * constrain 'g & !'g; assert(F); end`, "", Safe},
	{"constrain relates old and new", `decl g, h;
void main() begin g := F; g, h := *, * constrain ('g != g) & ('h = 'g); assert(h); end`, "", Safe},
	{"unassigned primes keep their value", `decl g, h;
void main() begin h := T; g := * constrain 'g = !'h; assert(!g); end`, "", Safe},
	{"enforce constrains later assignments", `decl a;
void f() begin enforce a; a := *; assert(a); end
void main() begin a := *; f(); end`, "", Safe},
	{"start_thread goto copies locals", `decl g;
void main() begin decl l; l := T; start_thread goto W; g := F; end_thread;
W: assert(l); end`, "", Safe},
	{"copied locals are independent afterwards", `decl g;
void main() begin decl l; l := T; start_thread goto W; l := F; end_thread;
W: assert(l); end`, "", Safe},
	{"atomic sections exclude other threads", `decl g;
void t() begin atomic_begin; g := T; assert(g); g := F; atomic_end; end
void main() begin start_thread t(); start_thread t(); end`, "", Safe},
	{"without atomic the same race fails", `decl g;
void t() begin g := T; assert(g); g := F; end
void main() begin start_thread t(); start_thread t(); end`, "", Unsafe},
	{"other threads go on after main ends", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end`, "", Unsafe},
	{"POR trap: a later write of another thread", `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`, "", Unsafe},
	{"decl makes a local non-deterministic again", `void main() begin decl l; l := T; decl l2; assert(l); end`, "", Safe},
	{"locals start non-deterministic at every call", `void f() begin decl l; assert(l); l := T; end
void main() begin f(); end`, "", Unsafe},
	{"dead forgets a value", `void main() begin decl l; l := T; dead l; assert(l); end`, "", Unsafe},
	{"schoose", `decl g;
void main() begin g := schoose[T, T]; assert(g); g := schoose[F, T]; assert(!g); end`, "", Safe},
	{"thread-locals are per thread and copied at start", `decl thread_local x; decl g;
void t() begin assert(x); x := F; end
void main() begin x := T; start_thread t(); start_thread t(); end`, "", Safe},
	{"label reached", `void main() begin decl l; if l then ERR: skip; fi end`, "ERR", Unsafe},
	{"label mode ignores assertions", `void main() begin assert(F); end`, "", Unsafe},
	{"label mode ignores assertions (with -l)", `void main() begin assert(F); X: skip; end`, "NONE", Safe},
	{"abortif stops the path", `void main() begin decl l; abortif l; assert(!l); end`, "", Safe},
	{"return values", `bool<2> f(a) begin return a, !a; end
void main() begin decl x, y; x, y := f(T); assert(x & !y); end`, "", Safe},
	{"falling off a bool function returns non-determinism", `bool f() begin skip; end
void main() begin decl x; x := f(); assert(x); end`, "", Unsafe},
	{"unbounded thread creation with a bug", `decl g;
void t() begin decl l; l, g := g, F; assert(l); end
void main() begin g := T; L: start_thread t(); goto L; end`, "", Unsafe},
}

func TestSemantics(t *testing.T) {
	for _, c := range semantics {
		t.Run(c.name, func(t *testing.T) {
			p := load(t, c.src)
			r := checkAndReplay(t, p, Options{Label: c.label})
			assert.Equal(t, c.want, r.Outcome, r.Reason)
		})
	}
}

func TestThreadBoundGivesUnknown(t *testing.T) {
	// A safe program that creates threads forever: the bound is always
	// hit, so the answer is Unknown, never Safe.
	p := load(t, `decl g;
void t() begin g := T; end
void main() begin L: start_thread t(); assert(g | !g); assert(T); goto L; end
void x() begin assert(F); end`)
	r := checkAndReplay(t, p, Options{MaxThreads: 3})
	assert.Equal(t, Unknown, r.Outcome)
	assert.Contains(t, r.Reason, "thread bound")
}

func TestLimits(t *testing.T) {
	p := load(t, `decl a, b, c;
void main() begin L: a, b, c := *, *, *; assume(a | b | c); assert(T); assert(a | b | c); goto L; end`)
	r := checkAndReplay(t, p, Options{MaxStates: 3})
	assert.Equal(t, Unknown, r.Outcome)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Check(ctx, p, Options{})
	require.NoError(t, err)
	assert.Equal(t, Unknown, r.Outcome)
	assert.Contains(t, r.Reason, "cancel")
}

// TestDifferential compares the engine with the naive definition
// (naiveCheck) and with itself without forgetting dead locals, on random
// programs; every counterexample must replay.
func TestDifferential(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 100
	}
	compared := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.Tiny)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		opts := Options{MaxThreads: 3}
		want, ok := naiveCheck(p, opts, 20000)
		if !ok {
			continue // too big for the naive search
		}
		compared++
		r := checkAndReplayNoFail(t, p, opts, seed, src)
		if r.Outcome != want {
			t.Fatalf("seed %d: engine says %v (%s), naive search says %v\n%s", seed, r.Outcome, r.Reason, want, src)
		}
		opts.KeepDead = true
		r2 := checkAndReplayNoFail(t, p, opts, seed, src)
		if r2.Outcome != want {
			t.Fatalf("seed %d: with dead locals kept the engine says %v, naive %v\n%s", seed, r2.Outcome, want, src)
		}
	}
	t.Logf("%d random programs compared", compared)
	require.Greater(t, compared, n/2, "too few programs small enough for the naive search")
}

func checkAndReplayNoFail(t *testing.T, p *bp.Program, opts Options, seed int64, src string) Result {
	r, err := Check(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if r.Outcome == Unsafe {
		if err := Replay(p, opts, r.Trace); err != nil {
			t.Fatalf("seed %d: counterexample does not replay: %v\n%s", seed, err, src)
		}
	}
	return r
}

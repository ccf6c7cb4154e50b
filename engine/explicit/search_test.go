package explicit

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
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

func TestLimits(t *testing.T) {
	t.Parallel()
	p := load(t, `decl a, b, c;
void main() begin L: a, b, c := *, *, *; assume(a | b | c); assert(T); assert(a | b | c); goto L; end`)
	r, states := Search(context.Background(), p, Options{MaxStates: 3}, 1)
	assert.Equal(t, engine.Unknown, r.Verdict)
	assert.Equal(t, engine.States, r.Limit)
	assert.GreaterOrEqual(t, states, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, _ = Search(ctx, p, Options{}, 1)
	assert.Equal(t, engine.Unknown, r.Verdict)
	assert.Equal(t, engine.Cancelled, r.Limit)
	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	r, _ = Search(ctx, p, Options{}, 1)
	assert.Equal(t, engine.Time, r.Limit)
}

// TestTooManyChoices: the engine enumerates a constrained step's choices,
// and declines a wide one with the Choices limit.
func TestTooManyChoices(t *testing.T) {
	t.Parallel()
	var decl, targets, values, cons string
	for i := range 24 {
		sep := ", "
		if i == 0 {
			sep = ""
		}
		decl += fmt.Sprintf("%sb%d", sep, i)
		targets += fmt.Sprintf("%sb%d", sep, i)
		values += sep + "*"
		if i > 0 {
			cons += fmt.Sprintf(" & ('b%d | !'b%d)", i, i-1)
		}
	}
	p := load(t, fmt.Sprintf("decl %s;\nvoid main() begin %s := %s constrain 'b0%s; assert(!b23); end", decl, targets, values, cons))
	r, _ := Search(context.Background(), p, Options{}, 1)
	assert.Equal(t, engine.Unknown, r.Verdict)
	assert.Equal(t, engine.Choices, r.Limit)
	assert.Contains(t, r.Reason, "too many for the explicit engine")
}

// TestDifferential compares the engine with the naive definition
// (naiveSearch, on bp/interp's semantics) and with itself without
// forgetting dead locals, on random programs, with and without
// broadcasts and under both readings; every counterexample must replay.
func TestDifferential(t *testing.T) {
	t.Parallel()
	n := 150
	switch {
	case testing.Short():
		n = 40
	case os.Getenv("BOPGO_LONG") != "":
		n = 1000
	}
	families := []struct {
		name     string
		cfg      gen.Config
		readings []bp.Reading
	}{
		{"tiny", gen.Tiny, []bp.Reading{bp.Blocking}},
		{"broadcast", gen.TinyBroadcast, []bp.Reading{bp.Blocking, bp.Monotone}},
	}
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			compared := 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := gen.Program(seed, f.cfg)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				for _, reading := range f.readings {
					want, ok := naiveSearch(t, p, interp.Options{Broadcast: reading}, 3, 20000)
					if !ok {
						continue // too big for the naive search
					}
					compared++
					for _, keep := range []bool{false, true} {
						what := fmt.Sprintf("seed %d (%s, %v, dead kept %v)", seed, f.name, reading, keep)
						r := searchAndReplay(t, p, Options{Broadcast: reading, KeepDead: keep}, 3, what)
						if r.Verdict != want {
							t.Fatalf("%s: engine says %v (%s), naive search says %v\n%s", what, r.Verdict, r.Reason, want, src)
						}
					}
				}
			}
			t.Logf("%d programs compared", compared)
			require.Greater(t, compared, n/2, "too few programs small enough for the naive search")
		})
	}
}

// TestBroadcastConformance runs the broadcast programs under both readings
// in the engine (traces replayed) and in the naive definition.
func TestBroadcastConformance(t *testing.T) {
	t.Parallel()
	for _, c := range conformance.Broadcasts {
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			want := c.Blocking
			if reading == bp.Monotone {
				want = c.Monotone
			}
			t.Run(c.Name+"/"+reading.String(), func(t *testing.T) {
				p := load(t, c.Src)
				r := searchAndReplay(t, p, Options{Broadcast: reading}, 3, c.Name)
				assert.Equal(t, want, r.Verdict.String(), r.Reason)
				naive, ok := naiveSearch(t, p, interp.Options{Broadcast: reading}, 3, 1<<16)
				if assert.True(t, ok) {
					assert.Equal(t, want, naive.String())
				}
			})
		}
	}
}

// TestBlockedStartAtTheBound: under the blocking reading a thread that
// never starts would have been passive, so a start beyond the bound
// blocks (no bug, the bound hit), and a trace through a suppressed start
// does not replay; under the monotone reading the suppressed start is
// real.
func TestBlockedStartAtTheBound(t *testing.T) {
	t.Parallel()
	p := load(t, `decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x := T; g := T constrain x$; assert(!g); end_thread;
W: assume(F); end_thread; end`)
	r := searchAndReplay(t, p, Options{Broadcast: bp.Monotone}, 1, "monotone")
	require.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	suppressed := false
	for _, s := range r.Counterexample().Steps {
		suppressed = suppressed || s.Suppressed
	}
	require.True(t, suppressed, "the monotone trace goes through the suppressed start")
	assert.Error(t, judge.Replay(p, interp.Options{}, r.Counterexample()))

	blocking := searchAndReplay(t, p, Options{}, 1, "blocking")
	assert.Equal(t, engine.Unknown, blocking.Verdict, blocking.Reason)
	assert.Equal(t, engine.Safe, searchAndReplay(t, p, Options{}, 2, "blocking, 2 threads").Verdict)
}

// FuzzSearch runs the engine on arbitrary programs that the front end
// accepts: no panic, and every counterexample replays.
func FuzzSearch(f *testing.F) {
	n := 20 // random programs of the cheapest families (gen.Seeds)
	limit := 2 * time.Second
	if testing.Short() {
		// One seed ran into the limit: 0.6 s of the 0.8.
		n, limit = 4, 200*time.Millisecond
	}
	gen.Seeds(func(src []byte) { f.Add(src) }, "../../testdata/boppo/*/*.bp", n)
	f.Fuzz(func(t *testing.T, src []byte) {
		t.Parallel() // no effect when fuzzing
		p, err := bp.Load("fuzz.bp", src)
		if err != nil {
			return
		}
		// Every interleaving, and under each bound (the standing's store
		// and order, standing.go), with fewer states: without its
		// reductions two seeds ran into the time limit. Three switches
		// with three threads is where a node first improved from a
		// parent with other thread ids (TestImprovedNodeRebuilds).
		for _, opts := range []Options{{MaxStates: 20000}, {MaxStates: 5000, Rounds: 2}, {MaxStates: 5000, Contexts: 2},
			{MaxStates: 5000, Rounds: 3}, {MaxStates: 5000, Contexts: 3}} {
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			r, _ := Search(ctx, p, opts, 3)
			cancel()
			if r.Verdict == engine.Unsafe {
				if err := judge.Replay(p, interp.Options{}, r.Counterexample()); err != nil {
					t.Fatalf("counterexample under %+v does not replay: %v\n%s", opts, err, src)
				}
			}
		}
	})
}

// TestContextBound: a bug that needs four context switches is found with
// a bound of four and not with three (Unknown, the Contexts limit); on
// random programs every bug found under a bound is a bug without it, and
// a bound never met gives the unbounded verdict.
func TestContextBound(t *testing.T) {
	t.Parallel()
	p := load(t, `decl a, b;
void t() begin a := T; assume(b); a := F; end
void main() begin a, b := F, F; start_thread t(); assume(a); b := T; assume(!a); assert(F); end`)
	r := searchAndReplay(t, p, Options{Contexts: 3}, 2, "3 switches")
	assert.Equal(t, engine.Contexts, r.Limit, r.Reason)
	r = searchAndReplay(t, p, Options{Contexts: 4}, 2, "4 switches")
	assert.Equal(t, engine.Unsafe, r.Verdict, r.Reason)

	n := seedCount(40)
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.Tiny)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		what := fmt.Sprintf("seed %d", seed)
		want := searchAndReplay(t, p, Options{}, 3, what)
		for _, k := range []int{1, 2, 6} {
			got := searchAndReplay(t, p, Options{Contexts: k}, 3, fmt.Sprintf("%s, %d switches", what, k))
			switch {
			case got.Verdict == engine.Unsafe && want.Verdict != engine.Unsafe:
				t.Fatalf("%s: a bug with %d switches, none without a bound\n%s", what, k, src)
			case got.Limit != engine.Contexts && got.Verdict != want.Verdict:
				t.Fatalf("%s: %d switches never met, but %v against %v\n%s", what, k, got.Verdict, want.Verdict, src)
			}
		}
	}
}

// TestPathEndsWithItsContext: rebuilding a counterexample runs every
// step's moves again, and a path of millions of steps takes longer than
// the search that found it (deepcount-d18-bug ran 20 s past a 10 s
// limit), so the rebuilding stops when the search's context ends.
func TestPathEndsWithItsContext(t *testing.T) {
	t.Parallel()
	p := load(t, `decl a, b; void main() begin a := T; b := a; a := F; assert(a | !b); end`)
	e := newSearch(p, analyse(p, Options{}), Options{}, 1)
	e.ctx = context.Background()
	r := e.run(e.ctx)
	require.Equal(t, engine.Unsafe, r.Verdict)
	end := int32(len(e.parents) - 1)
	states, steps := e.path(end)
	require.Greater(t, len(states), 2)
	// Making the path a trace stops too, at whichever of its passes the
	// stop comes: the k-th look at the context says it ended.
	for k := 0; ; k++ {
		looks := 0
		stopped := func(int) bool { looks++; return looks > k }
		tr := buildTrace(p, states, steps, nil, stopped)
		if looks <= k {
			require.NotNil(t, tr, "never told to stop")
			break
		}
		require.Nil(t, tr, "told to stop at look %d", k+1)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e.ctx = ctx
	states, steps = e.path(end)
	assert.Nil(t, states)
	assert.Nil(t, steps)
	e.failure = nil
	e.violation(&mover{head: end}, nil, nil, 0, "assertion fails")
	require.NotNil(t, e.failure)
	assert.Equal(t, engine.Unknown, e.failure.Verdict)
	assert.Equal(t, engine.Cancelled, e.failure.Limit)
}

// TestPhaseOfACounterexample: the search says it builds a counterexample
// when it has found a bug, and says nothing of a search without one.
func TestPhaseOfACounterexample(t *testing.T) {
	t.Parallel()
	var said []string
	opts := Options{Phase: func(what string) { said = append(said, what) }}
	r, _ := Search(context.Background(), load(t, `decl g; void main() begin g := T; assert(!g); end`), opts, 1)
	require.Equal(t, engine.Unsafe, r.Verdict)
	assert.Equal(t, []string{"building a counterexample"}, said)
	said = nil
	r, _ = Search(context.Background(), load(t, `decl g; void main() begin g := T; assert(g); end`), opts, 1)
	require.Equal(t, engine.Safe, r.Verdict)
	assert.Empty(t, said)
}

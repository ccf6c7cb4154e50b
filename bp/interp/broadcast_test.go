package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
)

// TestBroadcastConformance runs the broadcast programs under both readings
// in the engine (traces replayed) and in the naive definition.
func TestBroadcastConformance(t *testing.T) {
	for _, c := range conformance.Broadcasts {
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			want := c.Blocking
			if reading == bp.Monotone {
				want = c.Monotone
			}
			t.Run(c.Name+"/"+reading.String(), func(t *testing.T) {
				p := load(t, c.Src)
				opts := Options{MaxThreads: 3, Broadcast: reading}
				r := checkAndReplay(t, p, opts)
				assert.Equal(t, want, r.Outcome.String(), r.Reason)
				naive, ok := naiveCheck(p, opts, 1<<16)
				if assert.True(t, ok) {
					assert.Equal(t, want, naive.String())
				}
			})
		}
	}
}

// TestReplayRejectsWrongBroadcast: a trace in which a passive thread did
// not receive what the broadcast gives it does not replay.
func TestReplayRejectsWrongBroadcast(t *testing.T) {
	p := load(t, conformance.Broadcasts[0].Src)
	opts := Options{MaxThreads: 2}
	r := checkAndReplay(t, p, opts)
	if !assert.Equal(t, Unsafe, r.Outcome) {
		return
	}
	tr := r.Trace
	// Find the broadcast step and falsify what the worker received.
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
		assert.Error(t, Replay(p, opts, tr))
		return
	}
	t.Fatal("no broadcast in the trace")
}

// TestBroadcastDifferential compares the engine with the naive definition
// on random programs with broadcasts, under both readings; every
// counterexample must replay.
func TestBroadcastDifferential(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	compared := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.TinyBroadcast)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
			opts := Options{MaxThreads: 3, Broadcast: reading}
			want, ok := naiveCheck(p, opts, 20000)
			if !ok {
				continue
			}
			compared++
			r := checkAndReplayNoFail(t, p, opts, seed, src)
			if r.Outcome != want {
				t.Fatalf("seed %d (%v): engine says %v (%s), naive search says %v\n%s", seed, reading, r.Outcome, r.Reason, want, src)
			}
			opts.KeepDead = true
			if r2 := checkAndReplayNoFail(t, p, opts, seed, src); r2.Outcome != want {
				t.Fatalf("seed %d (%v): with dead locals kept the engine says %v, naive %v\n%s", seed, reading, r2.Outcome, want, src)
			}
		}
	}
	t.Logf("%d checks compared", compared)
	require.Greater(t, compared, n, "too few programs small enough for the naive search")
}

// TestBlockedStartAtTheBound: under the blocking reading a thread that
// never starts would have been passive, so a start beyond the bound
// blocks (Unknown, not a bug), and a trace through a suppressed start does
// not replay; under the monotone reading the suppressed start is real.
func TestBlockedStartAtTheBound(t *testing.T) {
	p := load(t, `decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x := T; g := T constrain x$; assert(!g); end_thread;
W: assume(F); end_thread; end`)
	mono := Options{MaxThreads: 1, Broadcast: bp.Monotone}
	r := checkAndReplay(t, p, mono)
	require.Equal(t, Unsafe, r.Outcome, r.Reason)
	suppressed := false
	for _, s := range r.Trace.Steps {
		suppressed = suppressed || s.Suppressed
	}
	require.True(t, suppressed, "the monotone trace goes through the suppressed start")
	assert.Error(t, Replay(p, Options{MaxThreads: 1}, r.Trace))

	blocking := checkAndReplay(t, p, Options{MaxThreads: 1})
	assert.Equal(t, Unknown, blocking.Outcome, blocking.Reason)
	assert.Contains(t, blocking.Reason, "thread bound")
	assert.Equal(t, Safe, checkAndReplay(t, p, Options{MaxThreads: 2}).Outcome)
}

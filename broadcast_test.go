package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

// TestBroadcastConformance runs every broadcast program (one rule of the
// semantics each) in every deciding engine, symbolic with and without
// partial-order reduction, under both readings, and replays every
// counterexample under the reading it was found with.
func TestBroadcastConformance(t *testing.T) {
	t.Parallel()
	type config struct {
		name  string
		opts  bopgo.Options
		label string
	}
	configs := []config{
		{"explicit", bopgo.Options{Engine: bopgo.Explicit}, ""},
		{"symbolic", bopgo.Options{Engine: bopgo.Symbolic}, ""},
		{"symbolic-nopor", bopgo.Options{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{NoPOR: true}}, ""},
		{"ic3", bopgo.Options{Engine: bopgo.IC3}, ""},
	}
	for _, c := range conformance.Broadcasts {
		p, err := bp.Load("broadcast.bp", []byte(c.Src))
		require.NoError(t, err, c.Name)
		for _, cfg := range configs {
			for _, reading := range []bp.Reading{bp.Blocking, bp.Monotone} {
				want := c.Blocking
				if reading == bp.Monotone {
					want = c.Monotone
				}
				t.Run(c.Name+"/"+cfg.name+"/"+reading.String(), func(t *testing.T) {
					t.Parallel()
					opts := cfg.opts
					opts.MaxThreads = 3
					opts.Broadcast = reading
					res, err := bopgo.Check(context.Background(), p, opts)
					require.NoError(t, err)
					assert.Equal(t, want, res.Verdict.String(), res.Reason)
					if res.Verdict == verdict.Unsafe {
						require.NotNil(t, res.Trace)
						assert.NoError(t, judge.Replay(p, interp.Options{Broadcast: reading}, res.Trace.Exec))
					}
				})
			}
		}
	}
}

// TestBroadcastBlockedStart: at the thread bound, under the blocking
// reading, a start blocks in every engine (a thread that never starts is
// not passive and cannot block the broadcast), so the answer is Unknown;
// under the monotone reading the suppressed start finds the bug.
func TestBroadcastBlockedStart(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("bound.bp", []byte(`decl g;
void main() begin decl x; g := F; x := F; start_thread goto W;
  x := T; g := T constrain x$; assert(!g); end_thread;
W: assume(F); end_thread; end`))
	require.NoError(t, err)
	for _, engine := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.IC3} {
		for reading, want := range map[bp.Reading]verdict.Verdict{bp.Blocking: verdict.Unknown, bp.Monotone: verdict.Unsafe} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: engine, MaxThreads: 1, Broadcast: reading})
			require.NoError(t, err)
			assert.Equal(t, want, res.Verdict, "%s, %v: %s", engine, reading, res.Reason)
		}
	}
}

package threads

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

func load(t *testing.T, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// decide builds the system of src and decides it; an Unsafe path must map
// to a trace that bp/interp replays under the reading given.
func decide(t *testing.T, src, label string, reading bp.Reading) verdict.Verdict {
	t.Helper()
	prog := load(t, src)
	tp, err := Build(t.Context(), prog, label)
	require.NoError(t, err)
	res, err := cover.Check(t.Context(), tp.Sys, cover.Options{Init: tp.Init, Target: tp.Target})
	require.NoError(t, err)
	if res.Verdict == verdict.Unsafe {
		tr, err := tp.Trace(res.Path)
		require.NoError(t, err)
		require.NoError(t, judge.Replay(prog, interp.Options{Label: label, Broadcast: reading}, tr))
		want := bp.AssertionFails
		if label != "" {
			want = bp.LabelReached
		}
		assert.Equal(t, want, tr.Kind)
	}
	return res.Verdict
}

// TestVerdicts: small programs with thread starts in loops, atomic
// sections, labels and broadcasts, decided for any number of threads,
// every bug's path mapped back to an execution that replays.
func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name, src, label string
		want             verdict.Verdict
	}{
		{"assert", "decl g; void main() begin g := F; assert(!g); end", "", verdict.Safe},
		{"assert fails", "decl g; void main() begin g := *; assert(!g); end", "", verdict.Unsafe},
		// Workers started in a loop each add one to a counter that
		// saturates at two: the bug needs two workers.
		{"two workers", `decl a, b;
void main() begin a, b := F, F; L: start_thread goto W; goto L; W: if a then b := T; else a := T; fi; assert(!b); end`, "", verdict.Unsafe},
		// A lock taken in an atomic section: the holder alone is in the
		// critical section, however many workers the loop starts, and a
		// worker does reach it (the label).
		{"lock", `decl held;
void main() begin held := F; L: start_thread goto W; goto L;
W: atomic_begin; assume(!held); held := T; atomic_end; C: assert(held); held := F; end`, "", verdict.Safe},
		{"lock taken", `decl held;
void main() begin held := F; L: start_thread goto W; goto L;
W: atomic_begin; assume(!held); held := T; atomic_end; C: assert(held); held := F; end`, "C", verdict.Unsafe},
		// A thread started inside main's atomic section is at the label
		// while main holds the lock for ever: the label is reached.
		{"label under the lock", "void main() begin atomic_begin; start_thread goto E; assume(F); E: skip; end", "E", verdict.Unsafe},
		{"label unreachable", `decl g;
void main() begin g := F; L: start_thread goto W; goto L; W: if g then E: skip; fi; end`, "E", verdict.Safe},
		// DESIGN.md's broadcast: it reaches the started thread, not main.
		{"broadcast", `void main() begin decl x; x := F; start_thread goto W;
x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, "", verdict.Unsafe},
		{"broadcast before the start", `void main() begin decl x; x := F;
x, x$ := x, T; start_thread goto W; end_thread;
W: assert(!x); end_thread; end`, "", verdict.Safe},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, decide(t, tc.src, tc.label, bp.Blocking))
		})
	}
}

// TestShape: the fixed states and the three rules of a thread start.
func TestShape(t *testing.T) {
	tp, err := Build(t.Context(), load(t, "void main() begin start_thread goto W; W: skip; end"), "")
	require.NoError(t, err)
	assert.Equal(t, "0|0", tp.Init.String())
	assert.Equal(t, "1|1", tp.Target.String())
	var kinds []tts.Kind
	for _, r := range tp.Sys.Rules {
		if r.From.Shared == sharedInit {
			assert.Equal(t, localInit, r.From.Local, "only the start leaves shared 0")
			continue
		}
		kinds = append(kinds, r.Kind)
	}
	// No globals: one start rule; then start_thread's move, spawn and
	// move, and the two threads' steps.
	assert.Equal(t, 1, len(tp.Sys.Rules)-len(kinds))
	assert.Equal(t, []tts.Kind{tts.Move, tts.Spawn, tts.Move}, kinds[:3])
	for _, r := range tp.Sys.Rules {
		require.Less(t, r.To.Shared, tp.Sys.Shared)
		require.Less(t, r.To.Local, tp.Sys.Locals)
	}
	var b strings.Builder
	require.NoError(t, tts.Write(&b, tp.Sys))
	back, err := tts.Read("t.tts", strings.NewReader(b.String()))
	require.NoError(t, err)
	assert.Equal(t, len(tp.Sys.Rules), len(back.Rules), "the system writes as bfc reads it")
}

// TestTooManyGlobals: every thread state gets a rule per valuation of the
// globals, so the translation refuses wide programs with a reason.
func TestTooManyGlobals(t *testing.T) {
	var names []string
	for i := range maxTTSGlobals + 1 {
		names = append(names, fmt.Sprintf("g%d", i))
	}
	_, err := Build(t.Context(), load(t, "decl "+strings.Join(names, ", ")+"; void main() begin skip; end"), "")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at most 14 globals")
}

// TestBuildStopsWhenCancelled: the translation polls its context, so a
// cancelled one ends it with the context's error.
func TestBuildStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := Build(ctx, load(t, "decl a; void main() begin start_thread goto W; W: a := !a; end"), "")
	assert.ErrorIs(t, err, context.Canceled)
}

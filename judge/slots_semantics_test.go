package judge

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/gen"
)

// The model's semantics against the explicit engine's (whose traces
// bp/interp replays): with as many slots as the explicit engine's thread
// bound, the model reaches a bad state within the length of the explicit
// engine's counterexample, and none within a depth where the explicit
// engine finds the program safe. So the model is held to the reference
// semantics directly, not only through the proofs it accepts.

// explicitVerdict is the explicit engine's answer with the thread bound
// slots, and the length of its counterexample.
func explicitVerdict(t *testing.T, p *bp.Program, label string, r bp.Reading, slots int) (engine.Verdict, int) {
	t.Helper()
	res, err := explicit.New(explicit.Config{})(context.Background(), &engine.Problem{Prog: p, Label: label, Targets: p.Targets(label), Broadcast: r}, slots, true)
	require.NoError(t, err)
	if res.Verdict == engine.Unsafe {
		return res.Verdict, len(res.Counterexample().Steps)
	}
	return res.Verdict, 0
}

// agreeWithExplicit checks the model of p against the explicit engine.
func agreeWithExplicit(t *testing.T, what string, p *bp.Program, label string, r bp.Reading, slots, depth int) engine.Verdict {
	t.Helper()
	want, n := explicitVerdict(t, p, label, r, slots)
	m, err := newSlotModel(p, label, r, slots)
	require.NoError(t, err, what)
	switch want {
	case engine.Unsafe:
		d, err := m.firstBad(context.Background(), n+1, false)
		require.NoError(t, err)
		require.True(t, d >= 0, "%s: the explicit engine's counterexample has %d steps, the model reaches no bad state in as many", what, n)
	case engine.Safe:
		d, err := m.firstBad(context.Background(), depth, false)
		require.NoError(t, err)
		require.Equal(t, -1, d, "%s: the explicit engine finds it safe, the model reaches a bad state in %d steps", what, d)
	}
	return want
}

// TestModelAgreesWithExplicit: on random programs of every shape, with
// 1 to 3 slots, both properties and both readings.
func TestModelAgreesWithExplicit(t *testing.T) {
	t.Parallel()
	n := gen.Count(20, 3)
	const depth = 10
	var mu sync.Mutex
	count := map[engine.Verdict]int{}
	t.Cleanup(func() {
		t.Logf("agreed on %d unsafe and %d safe (to depth %d), %d unknown", count[engine.Unsafe], count[engine.Safe], depth, count[engine.Unknown])
	})
	for _, fam := range wfFamilies {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= int64(n); seed++ {
				src := gen.Program(seed, fam.cfg)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err)
				readings := []bp.Reading{bp.Blocking}
				if p.HasBroadcasts() {
					readings = append(readings, bp.Monotone)
				}
				for _, label := range []string{"", "t0_L1"} {
					if label != "" && len(p.FindLabel(label)) == 0 {
						continue
					}
					for _, r := range readings {
						for slots := 1; slots <= 3; slots++ {
							what := fmt.Sprintf("%s seed %d label %q %v, %d slots\n%s", fam.name, seed, label, r, slots, src)
							v := agreeWithExplicit(t, what, p, label, r, slots, depth)
							mu.Lock()
							count[v]++
							mu.Unlock()
						}
					}
				}
			}
		})
	}
}

// TestModelCorners: the fine points of the semantics, by hand.
func TestModelCorners(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, label string
		reading          bp.Reading
		slots            int
		want             engine.Verdict
	}{
		// DESIGN.md's reading of broadcasts: the broadcast reaches the
		// new thread, not main.
		{"broadcast reaches the started thread", `void main() begin decl x; x := F; start_thread goto W;
  x, x$ := x, T; end_thread;
W: assert(!x); end_thread; end`, "", bp.Blocking, 2, engine.Unsafe},
		{"no passive thread yet", `void main() begin decl x; x := F;
  x, x$ := x, T; start_thread goto W; end_thread;
W: assert(!x); end_thread; end`, "", bp.Blocking, 2, engine.Safe},
		{"a passive thread without a choice blocks the broadcast", `decl g; void main() begin decl x; x := F; g := F; start_thread goto W;
  g, x$ := T, * constrain 'x$ & !'x$; assert(!g); end_thread;
W: assume(F); end_thread; end`, "", bp.Blocking, 2, engine.Safe},
		{"or keeps its values (monotone)", `decl g; void main() begin decl x; x := F; g := F; start_thread goto W;
  g, x$ := T, * constrain 'x$ & !'x$; assert(!g); end_thread;
W: assume(F); end_thread; end`, "", bp.Monotone, 2, engine.Unsafe},
		{"a start without a slot is suppressed", `decl g; void w() begin g := T; end
void main() begin g := F; start_thread w(); assert(!g); end`, "", bp.Blocking, 1, engine.Safe},
		{"atomic sections exclude the others", `decl g; void w() begin assert(!g); end
void main() begin g := F; start_thread w(); atomic_begin; g := T; g := F; atomic_end; end`, "", bp.Blocking, 2, engine.Safe},
		{"without them the window is open", `decl g; void w() begin assert(!g); end
void main() begin g := F; start_thread w(); g := T; g := F; end`, "", bp.Blocking, 2, engine.Unsafe},
		{"a label is reached", `decl g; void main() begin g := *; if g then L: skip; fi; end`, "L", bp.Blocking, 1, engine.Unsafe},
		{"assertions are not checked with a label", `void main() begin assert(F); L: skip; end`, "M", bp.Blocking, 1, engine.Safe},
		{"the new thread copies the creator's locals", `void main() begin decl x; x := T; start_thread goto W; end_thread;
W: assert(x); end_thread; end`, "", bp.Blocking, 2, engine.Safe},
		{"arguments and thread-locals", `decl thread_local t; void w(a) begin assert(a = t); end
void main() begin t := *; start_thread w(t); end`, "", bp.Blocking, 2, engine.Safe},
		{"a fresh local is free", `void w() begin decl y; assert(y); end
void main() begin start_thread w(); end`, "", bp.Blocking, 2, engine.Unsafe},
		{"a slot freed by an ended thread is taken again", `decl g, h; void w() begin g := T; end_thread; end
void v() begin h := T; end
void main() begin g := F; h := F; start_thread w(); assume(g); start_thread v(); assume(h); assert(F); end`, "", bp.Blocking, 2, engine.Unsafe},
		{"schoose", `decl g; void main() begin g := schoose[T, T]; assert(g); g := schoose[F, T]; assert(!g); end`, "", bp.Blocking, 1, engine.Safe},
	}
	for _, tc := range cases {
		p, err := bp.Load("t.bp", []byte(tc.src))
		require.NoError(t, err, tc.name)
		got := agreeWithExplicit(t, tc.name, p, tc.label, tc.reading, tc.slots, 12)
		require.Equal(t, tc.want, got, "%s: the explicit engine", tc.name)
	}
}

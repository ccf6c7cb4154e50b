package explicit

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// TestDeadGlobalsForgotten: a global that no thread reads before writing
// it is X in the stored state (stateStore.forgetDead), so states that
// differ only there are one; the answer is the same as with every value
// kept, and a counterexample through a forgotten global replays. The
// programs are the filter lock of three threads (benchmarks.Filter),
// whose level flags each thread writes before it reads them again, and
// dining philosophers whose forks are written just before no thread
// reads them (a step's write that the store forgets at once shows in the
// trace with the value written: before, the trace took a value from the
// future there, and the judge refused it).
func TestDeadGlobalsForgotten(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file    string
		verdict engine.Verdict
	}{
		{"dead-globals-safe.bp", engine.Safe},
		{"dead-globals-bug.bp", engine.Unsafe},
		{"dead-write-bug.bp", engine.Unsafe},
	} {
		src, err := os.ReadFile("testdata/" + c.file)
		require.NoError(t, err)
		p, err := bp.Load(c.file, src)
		require.NoError(t, err)
		for _, memo := range []bool{true, false} {
			what := fmt.Sprintf("%s, memo %v", c.file, memo)
			opts := Options{Label: p.CheckedLabel(""), NoMemo: !memo}
			r := searchAndReplay(t, p, opts, 4, what)
			require.Equal(t, c.verdict, r.Verdict, "%s: %s", what, r.Reason)
			forgetting, _ := searchRun(context.Background(), p, opts, 4)
			// The same search with every global kept (dead locals are
			// still forgotten).
			keeping := newSearch(p, analyse(p, opts), opts, 4)
			keeping.states.dead = nil
			kr := keeping.run(context.Background())
			require.Equal(t, c.verdict, kr.Verdict, what)
			if c.verdict == engine.Safe {
				require.Less(t, len(forgetting.parents), len(keeping.parents), what)
			}
		}
	}
}

// TestForgottenGlobalKeepsItsValue: in a counterexample, a global the
// store forgot shows the value it last had until a step writes it
// (keepForgottenGlobals). Here g is dead from g := T to g := F; without
// that, the state after h := * showed g's value after g := F, changed
// under a step that does not write it, and the judge refused the trace.
func TestForgottenGlobalKeepsItsValue(t *testing.T) {
	t.Parallel()
	p := load(t, `decl g, h;
void main() begin
  g := T;
  h := *;
  g := F;
  assert(g);
end`)
	r := searchAndReplay(t, p, Options{}, 1, "g forgotten")
	require.Equal(t, engine.Unsafe, r.Verdict)
	steps := r.Counterexample().Steps
	require.Len(t, steps, 4)
	require.True(t, steps[1].Before.Globals[0], "g after g := T")
	require.True(t, steps[2].Before.Globals[0], "g after h := *")
	require.False(t, steps[3].Before.Globals[0], "g after g := F")
}

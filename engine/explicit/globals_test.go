package explicit

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
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
			keeping, kr := searchKeepingGlobals(p, opts, 4)
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

// TestForgettingGlobalsKeepsVerdicts: on random programs of every family
// but the wide one (whose steps' choices the engine enumerates up to 2^22,
// beyond a test's memory), with recursion, broadcasts, Getafix's dialect
// and threads started in loops, without a bound and under 2 rounds or 2
// switches, the search that forgets dead globals answers as the one that
// keeps every global, and its counterexamples replay. One difference is
// allowed, a gain: under a bound, a state that differs only in dead
// globals from one reached with a better standing is that node, so the
// bound may cut nothing where the search keeping them cut a step, and
// then the answer is Safe where the other's is "no bug within the bound".
// The states stored are not compared: forgetting usually stores fewer,
// but the reductions read the globals (a branch on a global whose value
// is X is not decided: symmetry.go, yields.go), and some searches store
// a few more (with 1,500 seeds a family, six families had one; the
// first of each: 41 against 40 to 308 against 266).
func TestForgettingGlobalsKeepsVerdicts(t *testing.T) {
	t.Parallel()
	n := gen.Count(60, 10)
	var families []gen.Family
	for _, f := range append(append([]gen.Family{}, gen.Families...), spawnLoops) {
		if f.Name != "wide" {
			families = append(families, f)
		}
	}
	for _, f := range families {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= int64(max(n/max(f.Cost, 1), 2)); seed++ {
				src := f.Program(seed)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				for _, b := range []Options{{}, {Rounds: 2}, {Contexts: 2}} {
					opts := b
					opts.Label = p.CheckedLabel("")
					opts.MaxStack, opts.MaxStates = 3, 20_000
					what := fmt.Sprintf("seed %d (%s, rounds %d, contexts %d)", seed, f.Name, b.Rounds, b.Contexts)
					_, r := searchRun(context.Background(), p, opts, 3)
					_, kr := searchKeepingGlobals(p, opts, 3)
					if r.Limit == engine.States || kr.Limit == engine.States {
						continue // a search ran out of states: nothing to compare
					}
					gain := r.Verdict == engine.Safe && kr.Verdict == engine.Unknown && (kr.Limit == engine.Rounds || kr.Limit == engine.Contexts)
					if !gain {
						require.Equal(t, kr.Verdict, r.Verdict, "%s: keeping every global %v (%s), forgetting %v (%s)\n%s", what, kr.Verdict, kr.Reason, r.Verdict, r.Reason, src)
					}
					if r.Verdict == engine.Unsafe {
						searchAndReplay(t, p, opts, 3, what)
					}
				}
			}
		})
	}
}

// searchKeepingGlobals is searchRun with every global kept (dead locals
// are still forgotten).
func searchKeepingGlobals(p *bp.Program, opts Options, bound int) (*search, engine.Result) {
	e := newSearch(p, analyse(p, opts), opts, bound)
	e.states.dead = nil
	return e, e.answer(context.Background(), opts, bound)
}

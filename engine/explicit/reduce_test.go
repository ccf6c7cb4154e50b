package explicit

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/internal/gen"
)

// counter returns the value of counter name of r.
func counter(r engine.Result, name string) int {
	for _, c := range r.Counters {
		if c.Name == name {
			return int(c.Value)
		}
	}
	return 0
}

// TestPORAgrees compares the search with partial-order reduction and
// without on random threaded programs (atomic sections, assume and
// constrain, loops, gotos; with and without broadcasts), for the
// assertions and for a label: the same verdict, every counterexample
// replayed by bp/interp. The reduction must actually happen on some of
// them, or the test would compare the search with itself.
func TestPORAgrees(t *testing.T) {
	t.Parallel()
	n := 250
	switch {
	case testing.Short():
		n = 60
	case os.Getenv("BOPGO_LONG") != "":
		n = 1500
	}
	families := []struct {
		name string
		cfg  gen.Config
	}{
		{"small", gen.Small},
		{"tiny", gen.Tiny},
		{"broadcast", gen.SmallBroadcast},
		// Every execution ends: no cycle proviso (search.acyclic).
		{"loop-free", gen.Config{Globals: 3, Locals: 2, Threads: 3, Stmts: 5, Depth: 2, Helpers: 1, NoLoops: true}},
	}
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			reduced, unsafe := 0, 0
			for seed := int64(1); seed <= int64(n); seed++ {
				src := gen.Program(seed, f.cfg)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err, "seed %d", seed)
				if f.cfg.NoLoops {
					require.True(t, terminates(p, analyse(p, Options{})), "seed %d (%s): it loops\n%s", seed, f.name, src)
				}
				for _, label := range labelsOf(p) {
					what := fmt.Sprintf("seed %d (%s, label %q)", seed, f.name, label)
					both := func(threads int) (on, off engine.Result) {
						at := fmt.Sprintf("%s, %d threads", what, threads)
						off = searchAndReplay(t, p, Options{Label: label, Config: Config{NoPOR: true}, MaxStates: 200000}, threads, at+", POR off")
						on = searchAndReplay(t, p, Options{Label: label, MaxStates: 200000}, threads, at+", POR on")
						return on, off
					}
					on, off := both(3)
					if on.Verdict != off.Verdict && (on.BoundHit || off.BoundHit) {
						// A thread start cut by the thread bound in one
						// search only: the reduced one can end threads
						// before the start (ends.go) where the full one
						// also tries orders that keep them. Both must
						// agree where neither is cut.
						on, off = both(6)
					}
					if off.Limit == engine.States || on.Limit == engine.States {
						continue
					}
					if on.Verdict != off.Verdict {
						t.Fatalf("%s: with POR %v (%s), without %v (%s)\n%s", what, on.Verdict, on.Reason, off.Verdict, off.Reason, src)
					}
					reduced += counter(on, "reduced_expansions")
					if on.Verdict == engine.Unsafe {
						unsafe++
					}
				}
			}
			t.Logf("%d reduced expansions, %d unsafe", reduced, unsafe)
			require.Positive(t, reduced, "no expansion was reduced")
			require.Positive(t, unsafe, "no program was unsafe")
		})
	}
}

// labelsOf is the assertions' property and the program's first label.
func labelsOf(p *bp.Program) []string {
	labels := []string{""}
	for _, proc := range p.Procs {
		for _, st := range proc.Steps {
			if len(st.Labels) > 0 {
				return append(labels, st.Labels[0])
			}
		}
	}
	return labels
}

// TestPORIgnoring is the ignoring problem: main loops for ever on its own
// local while the worker has the bug. main's moves commute with
// everything, so a stubborn set of main alone is valid in every state,
// and without the cycle proviso the worker would never run.
func TestPORIgnoring(t *testing.T) {
	p := load(t, `decl g;
void w() begin g := T; assert(!g); end
void main() begin decl l; g := F; start_thread w(); while T do l := !l; od end`)
	r := searchAndReplay(t, p, Options{}, 2, "spin")
	assert.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
	assert.Positive(t, counter(r, "reduced_expansions"))
	assert.Positive(t, counter(r, "proviso_expansions"))
}

// TestPORLaterWrite is DESIGN.md's trap for BoPPo's reduction: t1's
// assertion is independent of t2's next step but not of its later write.
func TestPORLaterWrite(t *testing.T) {
	p := load(t, `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`)
	r := searchAndReplay(t, p, Options{}, 3, "trap")
	assert.Equal(t, engine.Unsafe, r.Verdict, r.Reason)
}

// TestPORGetafixConformance runs Getafix's conformance programs with and
// without the reduction: the verdict the table gives, traces replayed.
func TestPORGetafixConformance(t *testing.T) {
	for _, c := range conformance.GetafixCases {
		p, err := bp.Load("getafix.bp", []byte(c.Src))
		require.NoError(t, err, c.Name)
		require.Equal(t, syntax.DialectGetafix, p.Dialect, c.Name)
		for _, noPOR := range []bool{false, true} {
			what := fmt.Sprintf("%s (no POR %v)", c.Name, noPOR)
			r := searchAndReplay(t, p, Options{Label: p.CheckedLabel(""), Config: Config{NoPOR: noPOR}}, 8, what)
			assert.Equal(t, c.Expected, r.Verdict.String(), "%s: %s", what, r.Reason)
		}
	}
}

// TestTerminates: a program whose threads have no loop and cannot start
// threads of their own proc, directly or not, cannot revisit a state;
// a loop, a backward goto or a start cycle can.
func TestTerminates(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want bool
	}{
		{"straight", `decl g;
void w() begin g := T; end
void main() begin start_thread w(); g := F; end`, true},
		{"while", `decl g;
void main() begin while g do g := F; od end`, false},
		{"goto back", `decl g;
void main() begin L: g := !g; if g then goto L; fi end`, false},
		{"start cycle", `decl g;
void w() begin start_thread v(); end
void v() begin start_thread w(); end
void main() begin start_thread w(); end`, false},
		{"starts itself", `decl g;
void w() begin g := T; start_thread w(); end
void main() begin start_thread w(); end`, false},
	}
	for _, c := range cases {
		p := load(t, c.src)
		assert.Equal(t, c.want, terminates(p, analyse(p, Options{})), c.name)
	}
}

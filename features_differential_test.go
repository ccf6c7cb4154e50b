package bopgo_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// spawns are Small's programs with the thread dimensions alone: thread
// arguments (globals, locals, constants, *, expressions), starts in while
// and goto loops, under ifs and in atomic sections, threads that start
// threads, start_thread goto and end_thread, and Target labels. Few other
// features, so that the slicing has variables to cut around the
// arguments.
var spawns = func() gen.Config {
	c := gen.Small
	c.SpawnArgs, c.SpawnPlaces, c.NestedSpawns, c.SpawnGoto, c.EndThread, c.Label = true, true, true, true, true, true
	return c
}()

// featureVariants are the checks TestFeaturesAgree compares with the
// reference: slicing, partial-order reduction, the symbolic, circuit and
// counter engines, and the portfolio. The state limits stop the few
// programs where an engine is slow (skipped); the timeouts are only for
// IC3, the counter engine's certificate check and the portfolio, which
// no state limit bounds, and only decide how much is compared.
var featureVariants = []struct {
	name string
	opts bopgo.Options
}{
	{"explicit (sliced, POR)", bopgo.Options{Engine: bopgo.Explicit}},
	{"explicit (sliced, no POR)", bopgo.Options{Engine: bopgo.Explicit, Explicit: bopgo.ExplicitOptions{NoPOR: true}}},
	{"explicit (POR, not sliced)", bopgo.Options{Engine: bopgo.Explicit, NoSlice: true}},
	{"symbolic", bopgo.Options{Engine: bopgo.Symbolic, MaxStates: 600}},
	{"symbolic, no POR", bopgo.Options{Engine: bopgo.Symbolic, MaxStates: 600, Symbolic: bopgo.SymbolicOptions{NoPOR: true}}},
	{"ic3", bopgo.Options{Engine: bopgo.IC3, Timeout: time.Second}},
	{"counter", bopgo.Options{Engine: bopgo.Counter, Timeout: time.Second}},
	{"auto", bopgo.Options{Engine: bopgo.Auto, Timeout: 2 * time.Second}},
}

// TestFeaturesAgree: on random programs with every feature of the
// language (gen.Full, and gen.FullBroadcast under the blocking reading)
// and with every way of starting threads (spawns),
// each of featureVariants gives the verdict of the reference, the
// explicit engine on the program as written without partial-order
// reduction, for the program's assertions and for its Target label; its
// counterexamples replay. The reference has oracleThreads threads: where
// it stops at that bound (the program starts more), nothing is compared.
// Enough must be compared, safe and unsafe, with a label, in programs
// whose thread starts have arguments in loops and in threads (and in
// sliced programs, and with broadcasts), or the test tests nothing new.
func TestFeaturesAgree(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  gen.Config
		n    int
		want []string // what must have been compared
	}{
		{"full", gen.Full, seeds(40), []string{"safe", "unsafe", "label", "arguments in a loop or a thread", "sliced"}},
		{"spawns", spawns, seeds(40), []string{"safe", "unsafe", "label", "arguments in a loop or a thread", "sliced"}},
		{"broadcast-full", gen.FullBroadcast, seeds(20), []string{"safe", "unsafe", "label", "broadcasts"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var mu sync.Mutex
			count := map[string]int{}
			add := func(what string) {
				mu.Lock()
				count[what]++
				mu.Unlock()
			}
			t.Cleanup(func() {
				t.Logf("%v", count)
				if t.Failed() {
					return
				}
				for _, what := range c.want {
					if count[what] == 0 {
						t.Errorf("nothing compared with %s: %v", what, count)
					}
				}
			})
			eachSeed(t, c.n, func(t *testing.T, seed int64) {
				p, src := randomProgram(t, c.cfg, seed)
				if argsInLoopOrThread(p) {
					add("arguments in a loop or a thread")
				}
				if bp.Sliced(p) != nil {
					add("sliced")
				}
				if p.HasBroadcasts() {
					add("broadcasts")
				}
				for _, label := range []string{"", gen.Target} {
					if label != "" && len(p.FindLabel(label)) == 0 {
						continue
					}
					ref := bopgo.Options{Engine: bopgo.Explicit, MaxThreads: oracleThreads, Label: label, NoSlice: true, Explicit: bopgo.ExplicitOptions{NoPOR: true}}
					want, err := bopgo.Check(context.Background(), p, ref)
					if err != nil {
						t.Fatalf("seed %d (%s, label %q): the reference: %v\n%s", seed, c.name, label, err, src)
					}
					if want.Verdict == verdict.Unknown {
						add("reference unknown")
						continue
					}
					for _, v := range featureVariants {
						opts := v.opts
						opts.MaxThreads, opts.Label = oracleThreads, label
						what := fmt.Sprintf("seed %d (%s, label %q, %s)", seed, c.name, label, v.name)
						got, err := bopgo.Check(context.Background(), p, opts)
						if err != nil {
							t.Fatalf("%s: %v\n%s", what, err, src)
						}
						for _, f := range got.Failures {
							t.Errorf("%s: a raced engine failed: %v", what, f)
						}
						if got.Verdict == verdict.Unknown {
							add("skipped")
							continue
						}
						if got.Verdict != want.Verdict {
							t.Fatalf("%s says %v (%s), the reference says %v (%s)\n%s", what, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
						}
						mustReplay(t, p, opts, got, what)
						add(want.Verdict.String())
						if label != "" {
							add("label")
						}
					}
				}
			})
		})
	}
}

// argsInLoopOrThread reports whether p starts a thread with arguments
// from a thread other than main, or where the start can run more than
// once (p's thread count is then unbounded).
func argsInLoopOrThread(p *bp.Program) bool {
	_, bounded := p.MaxThreads()
	for pi, proc := range p.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Kind == bp.Spawn && len(st.SpawnArgs) > 0 && (pi > 0 || !bounded) {
				return true
			}
		}
	}
	return false
}

package judge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-air/gini/logic"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/sat"
)

// checkWellFormed proves, in m, that the initial states are well-formed
// and that a step from a well-formed state leads to one (slots.go
// argues it; this is the proof the judgements rely on).
func checkWellFormed(m *slotModel) error {
	c := logic.NewC()
	f := m.freshFrame(c)
	st := m.step(c, f)
	after := m.frame(c, st.next)
	s := &slotSolver{ctx: context.Background(), sv: sat.New(c)}
	wf := m.wellFormed(c, f)
	bad, err := s.sat(append(m.initial(f), wf.Not())...)
	if err != nil {
		return err
	}
	if bad {
		return fmt.Errorf("an initial state is not well-formed")
	}
	// A call per conjunct after the step: each is easy, their
	// disjunction in one call is not.
	for i, part := range m.wellFormedParts(c, after) {
		bad, err = s.sat(wf, part.Not())
		if err != nil {
			return err
		}
		if bad {
			return fmt.Errorf("%s leaves the well-formed states (conjunct %d)", m.takenString(s, st), i)
		}
	}
	return nil
}

// wfFamilies are the shapes of random programs whose models are proved
// to keep states well-formed.
var wfFamilies = []struct {
	name string
	cfg  gen.Config
}{
	{"small", gen.Small},
	{"broadcast", gen.SmallBroadcast},
	{"spawnloop", gen.Config{Globals: 3, Locals: 2, Threads: 1, Stmts: 4, Depth: 2, Helpers: 1, SpawnLoop: true}},
	{"broadcastloop", gen.Config{Globals: 2, Locals: 2, Stmts: 4, Depth: 2, Broadcast: true, SpawnLoop: true}},
	{"satabs", gen.Config{Globals: 2, Locals: 3, Threads: 2, Stmts: 5, Depth: 2, Helpers: 1, SatAbs: true}},
}

// TestWellFormedIsInvariant: on random programs, with 1 to 3 slots,
// every property and both readings (where the program has broadcasts),
// the model's initial states are well-formed and its step keeps states
// well-formed.
func TestWellFormedIsInvariant(t *testing.T) {
	t.Parallel()
	n := gen.Count(20, 2)
	var models atomic.Int64
	t.Cleanup(func() { t.Logf("%d models keep their states well-formed", models.Load()) })
	for _, fam := range wfFamilies {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= int64(n); seed++ {
				src := gen.Program(seed, fam.cfg)
				p, err := bp.Load("gen.bp", []byte(src))
				require.NoError(t, err)
				// Without broadcasts the reading changes nothing in the
				// model (newSlotModel reads it only for them).
				readings := []bp.Reading{bp.Blocking}
				if p.HasBroadcasts() {
					readings = append(readings, bp.Monotone)
				}
				for _, label := range []string{"", "t0_L1"} {
					for _, r := range readings {
						for slots := 1; slots <= 3; slots++ {
							m, err := newSlotModel(p, label, r, slots)
							require.NoError(t, err)
							require.NoError(t, checkWellFormed(m), "%s seed %d label %q %v, %d slots\n%s", fam.name, seed, label, r, slots, src)
							models.Add(1)
						}
					}
				}
			}
		})
	}
}

// TestWellFormedOnBenchmarks: so do the models of the BoPPo suite's
// programs and of the benchmarks (families, scaled), with a slot per
// thread where the control flow bounds them (as the circuit engines
// run), else 2. Every BoPPo program, and every third benchmark file in
// name order (BOPGO_LONG=1: all), which is two or more of each family:
// the 222 benchmark files took 7.5 s of CPU, the judge package's longest
// test, and a family's sizes share their shape. The judgements rely on
// this lemma without proving it again (slots.go), so it is proved here
// and by TestWellFormedIsInvariant on random programs of every shape.
func TestWellFormedOnBenchmarks(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("seconds")
	}
	files, err := filepath.Glob("../testdata/boppo/*/*.bp")
	require.NoError(t, err)
	for _, glob := range []string{"../benchmarks/families/*/*.bp", "../benchmarks/scaled/*.bp"} {
		fs, err := filepath.Glob(glob)
		require.NoError(t, err)
		for i, f := range fs {
			if i%3 == 0 || os.Getenv("BOPGO_LONG") != "" {
				files = append(files, f)
			}
		}
	}
	require.NotEmpty(t, files)
	var models atomic.Int64
	t.Cleanup(func() { t.Logf("%d programs", models.Load()) })
	// A parallel subtest per file: the largest take a second each, and
	// the package's other tests share the cores meanwhile.
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			p, err := bp.Load(file, src)
			if err != nil || p.HasCalls() {
				return
			}
			slots := 2
			if n, bounded := p.MaxThreads(); bounded {
				slots = n
			}
			m, err := newSlotModel(p, p.DefaultLabel, bp.Blocking, slots)
			require.NoError(t, err, file)
			require.NoError(t, checkWellFormed(m), file)
			models.Add(1)
		})
	}
}

// TestWellFormedCanFail: a step that leaves its proc (a successor past
// the last step, as a broken lowering could give) is caught.
func TestWellFormedCanFail(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("t.bp", []byte(`decl g; void main() begin g := T; g := F; skip; skip; end`))
	require.NoError(t, err)
	m, err := newSlotModel(p, "", bp.Blocking, 1)
	require.NoError(t, err)
	require.NoError(t, checkWellFormed(m))
	main := p.Procs[0]
	require.Less(t, len(main.Steps), 1<<m.lay.pcBits, "room for a pc past the last step")
	main.Steps[main.Entry].Next = len(main.Steps)
	require.ErrorContains(t, checkWellFormed(m), "leaves the well-formed states")
}

// TestLivenessIsChecked: the model refuses a program whose liveness says
// a local is dead where it is read, and one that says it is dead before
// a step that does not assign it, on a path to a read.
func TestLivenessIsChecked(t *testing.T) {
	t.Parallel()
	src := `decl g; void main() begin decl x; x := *; skip; g := x; end`
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	_, err = newSlotModel(p, "", bp.Blocking, 1)
	require.NoError(t, err)
	main := p.Procs[0]
	for pc := range main.Steps {
		if main.Steps[pc].Kind == bp.Skip {
			live := p.Live()[0][pc]
			require.True(t, live.Has(0), "x is live at the skip")
			live[0] &^= 1 // the lie
		}
	}
	_, err = newSlotModel(p, "", bp.Blocking, 1)
	require.ErrorContains(t, err, "live at the successor")

	p, err = bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	for _, live := range p.Live()[0] {
		live[0] &^= 1 // x dead everywhere, and read
	}
	_, err = newSlotModel(p, "", bp.Blocking, 1)
	require.ErrorContains(t, err, "the step reads it")
}

package promela

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/internal/golden"
	"github.com/bopgo/bopgo/internal/spin"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if n := replayed.Load(); n > 0 && testing.Verbose() {
		fmt.Printf("SPIN counterexamples mapped and replayed: %d; SPIN out of memory: %d\n", n, outOfMemory.Load())
	}
	os.Exit(code)
}

var (
	spinSeeds = flag.Int("spin-seeds", 4, "seeds of random programs checked by SPIN against the explicit engine, their traces replayed (each seed about 8 pan compilations, 0.3 s of gcc each)")
	spinFirst = flag.Int64("spin-first", 1, "the first seed of -spin-seeds")
)

func load(t *testing.T, file string) *bp.Program {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	p, err := bp.Load(file, src)
	require.NoError(t, err)
	return p
}

// TestGolden pins the text of the export of small programs.
func TestGolden(t *testing.T) {
	cases := []struct {
		file  string
		opts  Options
		guard string
	}{
		{"testdata/features.bp", Options{MaxThreads: 3}, "features.pml"},
		{"testdata/features.bp", Options{MaxThreads: 3, Label: "ERROR", enumLimit: -1}, "features-label.pml"},
		{"testdata/broadcast.bp", Options{MaxThreads: 3}, "broadcast.pml"},
		{"testdata/broadcast.bp", Options{MaxThreads: 3, Broadcast: bp.Monotone}, "broadcast-monotone.pml"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		require.NoError(t, Write(&out, load(t, c.file), c.opts))
		golden.Check(t, filepath.Join("testdata", c.guard), out.String())
	}
}

func TestWriteRejectsBadBound(t *testing.T) {
	p := load(t, "testdata/features.bp")
	var out bytes.Buffer
	require.Error(t, Write(&out, p, Options{MaxThreads: MaxThreads + 1}))
	require.Error(t, Write(&out, p, Options{MaxThreads: -1}))
	require.ErrorIs(t, Write(&out, &bp.Program{}, Options{}), ErrNoMain)
}

// TestSpinAgreesWithInterp checks random programs with SPIN on their
// export and with the explicit engine, and requires the same verdict;
// every violation SPIN finds is mapped to a trace and replayed by
// bp/interp (spinCheck). Odd seeds use the guard form that chooses,
// tests and retries. The programs: Small ones (threads, atomic
// sections), with a label property too, and Tiny ones that start their
// threads in loops (at thread bound 2: SPIN keeps the pid of a thread
// that ended while a later one lives, and a third thread lets the
// processes pile up to SPIN's 255).
func TestSpinAgreesWithInterp(t *testing.T) {
	needSpin(t)
	loops := gen.Tiny
	loops.SpawnLoop = true
	eachSpinSeed(t, func(t *testing.T, seed int64) {
		for _, c := range []struct {
			name   string
			cfg    gen.Config
			bound  int
			labels []string
		}{{"small", gen.Small, 3, []string{"", "t0_L1"}}, {"spawn-loop", loops, 2, []string{""}}} {
			src := gen.Program(seed, c.cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "seed %d", seed)
			for _, label := range c.labels {
				if label != "" && len(p.FindLabel(label)) == 0 {
					continue
				}
				want, why := explicitVerdict(p, explicit.Options{Label: label}, c.bound)
				opts := Options{Label: label, MaxThreads: c.bound}
				if seed%2 == 1 {
					opts.enumLimit = -1
				}
				what := fmt.Sprintf("seed %d (%s, label %q)", seed, c.name, label)
				got, model := spinCheck(t, what, p, opts)
				requireAgree(t, what, got, want, why, src, model)
			}
		}
	})
}

// needSpin skips a test that runs SPIN with -short (each run compiles pan
// with gcc) or when SPIN or gcc is missing.
func needSpin(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("SPIN tests skipped with -short (they compile pan with gcc): run without -short")
	}
	if err := spin.Available(); err != nil {
		t.Skipf("SPIN tests skipped: %v (apt-get install spin gcc, as .ci/run does)", err)
	}
}

// eachSpinSeed runs check on the seeds -spin-first.. of -spin-seeds, each
// a parallel subtest named seed=N (SPIN's time is in gcc and pan, other
// processes).
func eachSpinSeed(t *testing.T, check func(t *testing.T, seed int64)) {
	for seed := *spinFirst; seed < *spinFirst+int64(*spinSeeds); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			check(t, seed)
		})
	}
}

// TestNamesAreValid: names with characters Promela does not allow, and
// equal names in different frames, become distinct identifiers.
func TestNamesAreValid(t *testing.T) {
	n := newNamer()
	a, b, c := n.name("g_", "c$$x"), n.name("g_", "c##x"), n.name("l_", "f_x-1")
	require.Equal(t, []string{"g_c__x", "g_c__x_2", "l_f_x_1"}, []string{a, b, c})
	require.False(t, strings.ContainsAny(a+b+c, "$#-"))
}

// explicitVerdict is the explicit engine's verdict with at most bound
// threads: Unknown when it is safe that far but a start met the bound.
func explicitVerdict(p *bp.Program, opts explicit.Options, bound int) (engine.Verdict, string) {
	r, _ := explicit.Search(context.Background(), p, opts, bound)
	if r.Verdict == engine.Safe && r.BoundHit {
		return engine.Unknown, "thread bound reached"
	}
	return r.Verdict, r.Reason
}

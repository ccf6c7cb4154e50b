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

var (
	spinSeeds = flag.Int("spin-seeds", 2, "random programs checked by SPIN against bp/interp (each a pan compilation, 0.6 s of gcc)")
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
// export and with bp/interp, and requires the same verdict. Odd seeds
// use the guard form that chooses, tests and retries.
func TestSpinAgreesWithInterp(t *testing.T) {
	needSpin(t)
	eachSpinSeed(t, func(t *testing.T, seed int64) {
		src := gen.Program(seed, gen.Small)
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		for _, label := range []string{"", "t0_L1"} {
			if label != "" && len(p.FindLabel(label)) == 0 {
				continue
			}
			want, why := explicitVerdict(p, explicit.Options{Label: label}, 3)
			opts := Options{Label: label, MaxThreads: 3}
			if seed%2 == 1 {
				opts.enumLimit = -1
			}
			var model bytes.Buffer
			require.NoError(t, Write(&model, p, opts))
			got, err := spin.Check(context.Background(), model.Bytes(), spin.Options{MaxMemory: 64 << 20, QuickCompile: true})
			require.NoError(t, err, "seed %d\n%s", seed, model.String())
			if got.Verdict.String() != want.String() {
				t.Fatalf("seed %d (label %q): SPIN says %v (%s), the explicit engine says %v (%s)\n%s\n%s",
					seed, label, got.Verdict, got.Reason, want, why, src, model.String())
			}
		}
	})
}

// needSpin skips a test that runs SPIN with -short (each run compiles pan
// with gcc) or when SPIN or gcc is missing.
func needSpin(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("SPIN tests skipped with -short (they compile pan with gcc)")
	}
	if err := spin.Available(); err != nil {
		t.Skipf("SPIN tests skipped: %v", err)
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

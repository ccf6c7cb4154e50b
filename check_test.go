package bopgo_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/verdict"
)

func loadFile(t testing.TB, path string) *bp.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	p, err := bp.Load(filepath.Base(path), src)
	require.NoError(t, err)
	return p
}

// replay re-checks an unsafe result's counterexample in the interpreter.
func replay(t testing.TB, p *bp.Program, opts bopgo.Options, res bopgo.Result) {
	t.Helper()
	if res.Verdict != verdict.Unsafe {
		return
	}
	require.NotNil(t, res.Trace)
	require.NoError(t, judge.Replay(p, interp.Options{Label: opts.Label}, res.Trace.Exec))
	require.NotEmpty(t, res.Trace.Violation.Kind)
}

func TestConformance(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Read("testdata/boppo")
	require.NoError(t, err)
	require.Len(t, cases, 37)
	for _, engine := range bopgo.Engines {
		if !bopgo.Decides(engine) || unchecked(engine) {
			continue // bounded by depth: circuit_test.go checks them
		}
		for _, c := range cases {
			t.Run(string(engine)+"/"+c.Dir, func(t *testing.T) {
				t.Parallel()
				if engine == bopgo.IC3 && c.Dir == "p-peterson" && os.Getenv("BOPGO_CIRCUIT_ALL") == "" {
					t.Skip("IC3 takes ~10 s on p-peterson; BOPGO_CIRCUIT_ALL=1 runs it")
				}
				p := loadFile(t, c.Path("testdata/boppo"))
				opts := bopgo.Options{Label: c.Label, Engine: engine}
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				assert.Equal(t, c.Expected, res.Verdict.String(), res.Reason)
				replay(t, p, opts, res)
			})
		}
	}
}

// TestCorpusUnsafe checks every program of the corpus that its manifest
// marks unsafe: each must be reported unsafe by every deciding engine,
// with a counterexample that replays. Programs the front end rejects are
// covered by bp's corpus test. One parallel subtest per program; with
// -short, only the first program of each directory (the refinement
// iterations of one abstraction differ little; QRCU-4's 27 take most of
// the time).
func TestCorpusUnsafe(t *testing.T) {
	t.Parallel()
	const dir = "benchmarks/corpus"
	entries, err := benchmarks.ReadManifest(dir)
	require.NoError(t, err)
	unsafe := map[string]bool{}
	for _, e := range entries {
		unsafe[e.Path] = e.Expected == "unsafe"
	}
	// IC3 needs seconds to minutes per program here, against
	// milliseconds for the search engines, and the portfolio (auto)
	// shares the cores with it: only with BOPGO_CIRCUIT_ALL=1.
	var engines []bopgo.Engine
	for _, engine := range bopgo.Engines {
		if !bopgo.Decides(engine) || unchecked(engine) {
			continue // bounded by depth: circuit_test.go checks them
		}
		if (engine == bopgo.IC3 || engine == bopgo.Auto) && os.Getenv("BOPGO_CIRCUIT_ALL") == "" {
			continue
		}
		engines = append(engines, engine)
	}
	var checked, rejected atomic.Int64
	dirs := map[string]bool{}
	t.Cleanup(func() {
		t.Logf("%d unsafe corpus programs checked with %v, %d corrupted renderings rejected", checked.Load(), engines, rejected.Load())
		if testing.Short() {
			assert.GreaterOrEqual(t, checked.Load(), int64(15), "one program per directory")
		} else {
			assert.GreaterOrEqual(t, checked.Load(), int64(81))
		}
	})
	for _, e := range entries {
		if e.Expected != "unsafe" || strings.HasPrefix(e.Path, "getafix-tnl/") {
			continue
		}
		if testing.Short() && dirs[filepath.Dir(e.Path)] {
			continue
		}
		dirs[filepath.Dir(e.Path)] = true
		t.Run(e.Path, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(filepath.Join(dir, e.Path))
			require.NoError(t, err)
			p, err := bp.Load(e.Path, src)
			if err != nil {
				// Only the .nbp renderings with corrupted numeric labels are
				// rejected (see bp's corpus test); each has a .bp twin of the
				// same refinement iteration, checked here as unsafe.
				twin := strings.TrimSuffix(e.Path, ".nbp") + ".bp"
				assert.True(t, strings.HasSuffix(e.Path, ".nbp") && unsafe[twin], "%s rejected: %v", e.Path, err)
				rejected.Add(1)
				return
			}
			for _, engine := range engines {
				opts := bopgo.Options{Engine: engine}
				res, err := bopgo.Check(context.Background(), p, opts)
				require.NoError(t, err)
				if assert.Equal(t, verdict.Unsafe, res.Verdict, "%s (%s): %s", e.Path, engine, res.Reason) {
					replay(t, p, opts, res)
				}
			}
			checked.Add(1)
		})
	}
}

// A label that no statement carries is a mistake (a typo in a refinement
// loop), not a proof that it is unreachable.
func TestMissingLabelIsAnError(t *testing.T) {
	t.Parallel()
	p := loadFile(t, "testdata/boppo/Simple1/main.bp")
	_, err := bopgo.Check(context.Background(), p, bopgo.Options{Label: "NOWHERE"})
	require.ErrorIs(t, err, bopgo.ErrNoSuchLabel)
	assert.Contains(t, err.Error(), "NOWHERE")
}

func TestUnknownEngine(t *testing.T) {
	t.Parallel()
	p := loadFile(t, "testdata/boppo/Simple1/main.bp")
	_, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: "magic"})
	require.ErrorIs(t, err, bopgo.ErrUnknownEngine)
}

func TestCancelledContextIsUnknown(t *testing.T) {
	p := loadFile(t, "testdata/boppo/Threads3/main.bp")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := bopgo.Check(ctx, p, bopgo.Options{})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unknown, res.Verdict)
}

// The limits come typed and worded from where they are hit: the root's
// time limit and memory watchdog, each engine of the portfolio (whose
// per-engine reasons survive when they differ).
func TestLimitsAreTyped(t *testing.T) {
	p := loadFile(t, "cmd/bopgo/testdata/forever.bp")
	for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.IC3, bopgo.Auto} {
		// IC3 answers this program with 12 slots in about 0.24 s: the
		// limit must come well before.
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, MaxThreads: 12, Timeout: 50 * time.Millisecond})
		require.NoError(t, err)
		assert.Equal(t, verdict.Unknown, res.Verdict, "%s", e)
		assert.Equal(t, verdict.Time, res.Limit, "%s", e)
		assert.Equal(t, "timeout after 50ms", res.Reason, "%s", e)
	}
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, MaxThreads: 12, MaxMemory: 20 << 20})
	require.NoError(t, err)
	assert.Equal(t, verdict.Memory, res.Limit)
	assert.Equal(t, "memory limit reached: more than 20 MiB of heap", res.Reason)
}

// unchecked: a peer engine (SPIN: it needs spin and gcc, and its Safe
// is not checked); the tests that run, compare and replay every engine
// leave it out (cmd/bopgo's and engine/spin's spin tests run it, and
// spin_answer_test.go the root's checks of its answers).
func unchecked(e bopgo.Engine) bool {
	info, _ := e.Info()
	return info.Unchecked
}

// SPIN runs under the root's policy: the label check and the static
// answer come before it (so these need no SPIN installed), and an
// answer of the root's own is not marked unchecked (cmd/bopgo's spin
// tests run SPIN).
func TestSpinUnderTheRootsPolicy(t *testing.T) {
	p, err := bp.Load("t.bp", []byte("decl g; void main() begin g := T; end\n"))
	require.NoError(t, err)
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Spin})
	require.NoError(t, err)
	assert.Equal(t, verdict.Safe, res.Verdict)
	assert.Equal(t, "the program has no assertion", res.Reason)
	assert.False(t, res.Unchecked, "answered by the root, not by SPIN")
	assert.Equal(t, bopgo.Spin, res.Engine)
	_, err = bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Spin, Label: "NOWHERE"})
	assert.ErrorIs(t, err, bopgo.ErrNoSuchLabel)
	info, _ := bopgo.Spin.Info()
	assert.True(t, info.Unchecked)
	assert.NotContains(t, bopgo.RacedEngines(p, bopgo.Options{}), bopgo.Spin)
}

// TestContextBoundRaisesThreads: at thread bound 2 the search meets its
// bound on context switches with t2 left out; the bug is t2's, one
// switch away at bound 3, so the answer is Unsafe, not Unknown.
func TestContextBoundRaisesThreads(t *testing.T) {
	p, err := bp.Load("t.bp", []byte(`decl g;
void t1() begin g := T; g := F; end
void t2() begin assert(F); end
void main() begin start_thread t1(); start_thread t2(); g := F; g := T; end`))
	require.NoError(t, err)
	res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, Contexts: 1})
	require.NoError(t, err)
	assert.Equal(t, verdict.Unsafe, res.Verdict, res.Reason)
}

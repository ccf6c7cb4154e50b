package bopgo_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/internal/gen"
)

// seeds returns how many random programs a differential test runs:
// BOPGO_SEEDS overrides the default (use thousands before a release).
func seeds(def int) int {
	if n, err := strconv.Atoi(os.Getenv("BOPGO_SEEDS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return def / 5
	}
	return def
}

// TestSymbolicAgreesWithExplicit runs the explicit engine and the
// symbolic one, with and without partial-order reduction, on random concurrent
// programs (globals, locals, threads, gotos and loops, assume, constrain,
// atomic sections, asserts) and requires the same verdict; every
// counterexample of the symbolic engine must replay in the interpreter.
//
// The symbolic engine stops at a state limit (deterministic, unlike a
// timeout) on the few programs where it is slow; those are skipped, and
// must stay few.
func TestSymbolicAgreesWithExplicit(t *testing.T) {
	n := seeds(200)
	skipped, compared, split := 0, 0, 0
	for seed := int64(1); seed <= int64(n); seed++ {
		src := gen.Program(seed, gen.Small)
		p, err := bp.Load("gen.bp", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, label := range []string{"", "t0_L1"} {
			if label != "" && len(p.FindLabel(label)) == 0 {
				continue
			}
			opts := bopgo.Options{MaxThreads: 3, Label: label}
			opts.Engine = bopgo.Explicit
			want, err := bopgo.Check(context.Background(), p, opts)
			if err != nil {
				t.Fatalf("seed %d: explicit: %v", seed, err)
			}
			for _, noPOR := range []bool{false, true} {
				opts.Engine = bopgo.Symbolic
				opts.MaxStates = 600
				opts.Symbolic.NoPOR = noPOR
				got, err := bopgo.Check(context.Background(), p, opts)
				if err != nil {
					t.Fatalf("seed %d: symbolic: %v", seed, err)
				}
				if got.Verdict == bopgo.Unknown && strings.HasPrefix(got.Reason, "state limit") {
					skipped++
					continue
				}
				compared++
				if got.Counters.Int("split_states") > 0 {
					split++
				}
				if got.Verdict != want.Verdict {
					t.Fatalf("seed %d (label %q, no POR %v): symbolic says %v (%s), explicit says %v (%s)\n%s",
						seed, label, noPOR, got.Verdict, got.Reason, want.Verdict, want.Reason, src)
				}
				if got.Verdict == bopgo.Unsafe {
					if err := interp.Replay(p, interp.Options{Label: label}, got.Trace.Exec); err != nil {
						t.Fatalf("seed %d (label %q, no POR %v): symbolic counterexample does not replay: %v\n%s", seed, label, noPOR, err, src)
					}
				}
			}
		}
	}
	t.Logf("%d checks compared (%d of them with states split by POR), %d skipped at the state limit", compared, split, skipped)
	if skipped*10 > compared {
		t.Errorf("too many programs skipped: %d of %d", skipped, compared+skipped)
	}
}

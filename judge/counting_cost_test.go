package judge

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/counter"
)

// TestCountingCost measures the judge against the check it replaces
// (the certificate against the system alone, tts/covercheck, with the
// abstraction's VerifyHavocked) and against the translation, on every
// program under the directories of BOPGO_COUNTING_COST (space-separated)
// that the counter engine proves safe within 10 s, sliced as the root
// slices it; it is skipped without. A line per proof, then the totals
// and the worst. For example:
//
//	BOPGO_COUNTING_COST='benchmarks/families testdata/boppo' go test -run TestCountingCost -v ./judge
func TestCountingCost(t *testing.T) {
	t.Parallel()
	dirs := strings.Fields(os.Getenv("BOPGO_COUNTING_COST"))
	if len(dirs) == 0 {
		t.Skip("BOPGO_COUNTING_COST names no directory")
	}
	var files []string
	for _, d := range dirs {
		if !filepath.IsAbs(d) {
			d = filepath.Join("..", d)
		}
		_ = filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(path, ".bp") {
				files = append(files, path)
			}
			return nil
		})
	}
	slices.Sort(files)
	var sumBuild, sumOld, sumNew, worstNew time.Duration
	var worstFile string
	worstRatio, proofs := 0.0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := bp.Load(f, src)
		if err != nil || prog.HasCalls() {
			continue
		}
		label := prog.CheckedLabel("")
		if sl := bp.Sliced(prog); sl != nil {
			prog = sl.Prog
		}
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		r, err := counter.Run(ctx, &engine.Problem{Prog: prog, Label: label, Targets: prog.Targets(label)}, 0, true)
		cancel()
		if err != nil || r.Verdict != engine.Safe {
			continue
		}
		pr := r.Evidence.(*engine.CounterProof)
		built := prog
		if pr.Abstraction != nil {
			built = pr.Abstraction
		}
		// Each part the fastest of three runs: single runs of a few
		// milliseconds vary by more than the differences measured.
		best := func(run func() error) time.Duration {
			d := time.Duration(1 << 62)
			for range 3 {
				start := time.Now()
				if err := run(); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				d = min(d, time.Since(start))
			}
			return d
		}
		build := best(func() error { _, err := threads.Build(t.Context(), built, label); return err })
		old := best(func() error {
			return Coverability{System: pr.System, Init: pr.Init, Target: pr.Target}.CheckCertificateContext(t.Context(), pr.Certificate)
		})
		if err := CheckCounterProof(t.Context(), prog, label, bp.Blocking, pr); err != nil {
			t.Errorf("%s: the judge refuses a proof: %v", f, err)
			continue
		}
		judged := old + best(func() error { return countingSimulates(t.Context(), prog, label, pr) })
		proofs++
		sumBuild, sumOld, sumNew = sumBuild+build, sumOld+old, sumNew+judged
		if judged > worstNew {
			worstNew, worstFile = judged, f
		}
		ratio := float64(judged-old) / float64(max(build, time.Microsecond))
		worstRatio = max(worstRatio, ratio)
		t.Logf("%-70s %6d locals %8d rules  build %9v  covercheck %9v  judge %9v  simulation/build %.2f",
			strings.TrimPrefix(f, "../"), pr.System.Locals, len(pr.System.Rules), build.Round(time.Microsecond), old.Round(time.Microsecond), judged.Round(time.Microsecond), ratio)
	}
	t.Logf("%d proofs: build %v, covercheck %v, judge %v (worst %v, %s; worst simulation/build %.2f)",
		proofs, sumBuild.Round(time.Millisecond), sumOld.Round(time.Millisecond), sumNew.Round(time.Millisecond), worstNew.Round(time.Millisecond), worstFile, worstRatio)
}

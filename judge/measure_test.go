package judge_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/internal/conformance"
	"github.com/bopgo/bopgo/judge"
)

// TestMeasureBenchmarks (BOPGO_JUDGE_MEASURE=1) times the judge's checks
// against mc's on the engine's circuit, on the Safe answers of IC3 and
// k-induction to the benchmark programs (families, scaled) and the BoPPo
// suite, each engine given measureTime per program, as the root runs
// them: a slot per thread where the control flow bounds them, else 1 to
// 4 slots until one is enough. The programs are not sliced.
func TestMeasureBenchmarks(t *testing.T) {
	t.Parallel()
	if os.Getenv("BOPGO_JUDGE_MEASURE") == "" {
		t.Skip("BOPGO_JUDGE_MEASURE=1 runs it (minutes)")
	}
	const measureTime = 20 * time.Second
	type target struct {
		name, label string
		prog        *bp.Program
	}
	var targets []target
	for _, glob := range []string{"../benchmarks/families/*/*.bp", "../benchmarks/scaled/*.bp"} {
		files, err := filepath.Glob(glob)
		require.NoError(t, err)
		for _, f := range files {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			p, err := bp.Load(f, src)
			require.NoError(t, err, f)
			targets = append(targets, target{strings.TrimPrefix(f, "../"), p.DefaultLabel, p})
		}
	}
	cases, err := conformance.Read("../testdata/boppo")
	require.NoError(t, err)
	for _, c := range cases {
		f := c.Path("../testdata/boppo")
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		p, err := bp.Load(f, src)
		require.NoError(t, err, f)
		targets = append(targets, target{strings.TrimPrefix(f, "../"), c.Label, p})
	}
	for _, e := range []struct {
		name  string
		run   engine.Run
		depth int
	}{{"ic3", circuit.IC3, 0}, {"kind", circuit.KInduction, 12}} {
		var cost costs
		n := 0
		for _, tg := range targets {
			if tg.prog.HasCalls() {
				continue
			}
			q := question{prog: tg.prog, label: tg.label, reading: bp.Blocking, what: tg.name}
			r := measureAnswer(t, e.run, q, e.depth, measureTime)
			if r.Verdict != engine.Safe {
				continue
			}
			start := time.Now()
			switch ev := r.Evidence.(type) {
			case *engine.SlotInvariant:
				err = judge.CheckSlotInvariant(context.Background(), q.prog, q.label, q.reading, ev)
			case *engine.KInduction:
				err = judge.CheckKInduction(context.Background(), q.prog, q.label, q.reading, ev)
			}
			dj := time.Since(start)
			cost.judge.add(dj, q)
			require.NoError(t, err, tg.name)
			start = time.Now()
			require.NoError(t, onEnginesCircuit(q, r.Evidence), tg.name)
			dm := time.Since(start)
			cost.mc.add(dm, q)
			n++
			fmt.Printf("%s\t%s\t%T\tjudge %v\tmc %v\n", e.name, tg.name, r.Evidence, dj.Round(time.Microsecond), dm.Round(time.Microsecond))
		}
		t.Logf("%s: %d of %d programs proved; %s", e.name, n, len(targets), cost)
	}
}

// measureAnswer is answer with its own time limit.
func measureAnswer(t *testing.T, run engine.Run, q question, depth int, limit time.Duration) engine.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	p := &engine.Problem{Prog: q.prog, Label: q.label, Targets: q.prog.Targets(q.label), Broadcast: q.reading, MaxDepth: depth}
	if n, bounded := q.prog.MaxThreads(); bounded {
		r, err := run(ctx, p, n, true)
		require.NoError(t, err, q.what)
		return r
	}
	const maxSlots = 4
	for slots := 1; ; slots++ {
		r, err := run(ctx, p, slots, slots == maxSlots)
		require.NoError(t, err, q.what)
		if !r.BoundHit || slots == maxSlots {
			return r
		}
	}
}

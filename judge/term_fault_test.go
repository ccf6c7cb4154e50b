package judge_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/engine/explicit"
	"github.com/bopgo/bopgo/engine/symbolic"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/judge"
)

// A fault injected into encode.Term (encode.Fault: one operator encoded
// wrong) makes the engines that encode with it, the symbolic engine among
// them and IC3 (whose circuit encodes its terms with it), answer Safe on programs that are unsafe; the judge, which encodes
// and executes the program on its own, refuses every such answer. The
// programs are random, small enough for the judge to repeat the engine's
// search; unsafe ones are those the explicit engine (which does not use
// encode) finds a bug in.
//
// Not parallel: the fault is a variable every encoding reads (the
// package's parallel tests start once the sequential ones have ended).
func TestTermFaultRefused(t *testing.T) {
	const bound = 3
	engines := []struct {
		name string
		run  engine.Run
	}{{"symbolic", symbolic.New(symbolic.Options{})}, {"ic3", circuit.IC3}}
	// The programs and the explicit engine's verdicts are the same for
	// every fault and engine: computed once, as the seeds are reached.
	type seedProgram struct {
		src    string
		p      *bp.Program
		unsafe bool
	}
	var programs []seedProgram // programs[seed-1]
	program := func(seed int64) seedProgram {
		for int64(len(programs)) < seed {
			src := gen.Program(int64(len(programs))+1, gen.Small)
			p := load(t, src)
			r, _ := explicit.Search(context.Background(), p, explicit.Options{}, bound)
			programs = append(programs, seedProgram{src, p, r.Verdict == engine.Unsafe})
		}
		return programs[seed-1]
	}
	// Three wrong answers each, one with -short: FaultImpliesReversed
	// has two in the 200 seeds, and the search for a third took 1 s of
	// the test's 1.2.
	enough := 3
	if testing.Short() {
		enough = 1
	}
	for _, fault := range []encode.FaultKind{encode.FaultOrAsAnd, encode.FaultImpliesReversed} {
		for _, e := range engines {
			t.Run(fmt.Sprint(e.name, "/fault=", fault), func(t *testing.T) {
				wrong, refused := 0, 0
				for seed := int64(1); seed <= 200 && wrong < enough; seed++ {
					sp := program(seed)
					if !sp.unsafe {
						continue
					}
					src, p := sp.src, sp.p
					encode.Fault = fault
					r, err := e.run(context.Background(), &engine.Problem{Prog: p, Targets: p.Targets(""), Meter: &engine.Meter{}}, bound, true)
					encode.Fault = encode.NoFault
					if err != nil || r.Verdict != engine.Safe || r.BoundHit {
						continue
					}
					wrong++
					ruling, err := judge.Judge(context.Background(), judge.Problem{Prog: p, Reading: bp.Blocking}, r.Verdict, r.Evidence)
					require.Error(t, err, "seed %d: the judge accepts a wrong Safe (%s)\n%s", seed, ruling.Evidence.Words, src)
					t.Logf("seed %d: refused: %v", seed, err)
					refused++
				}
				t.Logf("fault %d: %d wrong Safe answers of %s, %d refused", fault, wrong, e.name, refused)
				require.Positive(t, wrong, "the fault must make the engine answer wrong somewhere, or the test shows nothing")
			})
		}
	}
}

package judge_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/judge"
)

// TestFaultyCircuitsAreCaught: with a gate of the circuit broken
// (enc.Fault), IC3 and k-induction prove unsafe random programs safe
// (unsafe by IC3 on the right circuit); the judge, which encodes the
// program on its own, refuses every one of those proofs. The test sets
// the package variable, so it must not run in parallel with anything
// that builds circuits: it is not parallel, and the package's parallel
// tests start only once it and the other sequential tests have ended.
func TestFaultyCircuitsAreCaught(t *testing.T) {
	defer func() { enc.Fault = enc.NoFault }()
	qs := questions(t, 25)
	if testing.Short() {
		// Programs where each fault makes a wrong proof.
		qs = append(questionsOf(t, "small", 3, 6), questionsOf(t, "broadcast", 21)...)
		qs = append(qs, questionsOf(t, "spawnloop", 13)...)
	}
	truths := map[string]engine.Verdict{} // IC3's on the right circuit
	engines := []struct {
		name  string
		run   engine.Run
		depth int
	}{{"ic3", circuit.IC3, 0}, {"kind", circuit.KInduction, kindDepth}}
	for _, fault := range []struct {
		name string
		f    enc.FaultKind
	}{{"assignment negated", enc.FaultAssignNegated}, {"start lost", enc.FaultStartLost}, {"written locals killed", enc.FaultKillLive}} {
		caught, acceptedSafe, refusedSafe := 0, 0, 0
		for _, q := range qs {
			for _, e := range engines {
				enc.Fault = fault.f
				r := answer(t, e.run, q, e.depth)
				enc.Fault = enc.NoFault
				if r.Verdict != engine.Safe {
					continue
				}
				var err error
				switch ev := r.Evidence.(type) {
				case *engine.SlotInvariant:
					err = judge.CheckSlotInvariant(context.Background(), q.prog, q.label, q.reading, ev)
				case *engine.KInduction:
					err = judge.CheckKInduction(context.Background(), q.prog, q.label, q.reading, ev)
				default:
					t.Fatalf("%s: %s: evidence %T", q, e.name, r.Evidence)
				}
				truth, ok := truths[q.what]
				if !ok {
					truth = answer(t, circuit.IC3, q, 0).Verdict
					truths[q.what] = truth
				}
				switch {
				case truth == engine.Unsafe:
					require.Error(t, err, "%s: %s on a circuit with %s proves an unsafe program safe, and the judge accepts\n%s", q, e.name, fault.name, q.src)
					caught++
					if caught == 1 {
						t.Logf("%s: %s %s: %v", fault.name, e.name, q, err)
					}
				case err == nil:
					acceptedSafe++
				default:
					refusedSafe++
				}
			}
		}
		t.Logf("%s: %d wrong proofs refused; on safe programs %d proofs accepted, %d refused", fault.name, caught, acceptedSafe, refusedSafe)
		require.Positive(t, caught, "%s: no unsafe program proved safe: the fault tests nothing", fault.name)
	}
}

package judge_test

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/engine/circuit"
	"github.com/bopgo/bopgo/internal/gen"
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
	// 12 seeds of every family (none with -short), and the programs
	// where each fault makes a wrong proof: small 3 and 6 (among the
	// first 12), broadcast 21 and spawnloop 13. The 25 seeds this test
	// once ran took 10 s of CPU, the judge package's largest share, and
	// refused 2 to 51 wrong proofs of each fault.
	n := gen.Count(12, 0)
	qs := questions(t, n)
	if n < 6 {
		qs = append(qs, questionsOf(t, "small", 3, 6)...)
	}
	qs = append(qs, questionsOf(t, "broadcast", 21)...)
	qs = append(qs, questionsOf(t, "spawnloop", 13)...)
	engines := []struct {
		name  string
		run   engine.Run
		depth int
	}{{"ic3", circuit.IC3, 0}, {"kind", circuit.KInduction, kindDepth}}
	truths := make([]engine.Verdict, len(qs)) // IC3's on the right circuit, where asked
	known := make([]bool, len(qs))
	for _, fault := range []struct {
		name string
		f    enc.FaultKind
	}{{"assignment negated", enc.FaultAssignNegated}, {"start lost", enc.FaultStartLost}, {"written locals killed", enc.FaultKillLive}} {
		// The engines on the broken circuits, on every core: the fault
		// is set for this phase only, which builds no other circuit.
		rs := make([]engine.Result, len(qs)*len(engines))
		enc.Fault = fault.f
		onEveryCore(len(rs), func(i int) {
			q, e := qs[i/len(engines)], engines[i%len(engines)]
			rs[i] = answer(t, e.run, q, e.depth)
		})
		enc.Fault = enc.NoFault
		// The truth of each question proved, and the judge on each
		// proof, on the right encodings.
		onEveryCore(len(qs), func(qi int) {
			for ei := range engines {
				if rs[qi*len(engines)+ei].Verdict == engine.Safe && !known[qi] {
					truths[qi], known[qi] = answer(t, circuit.IC3, qs[qi], 0).Verdict, true
				}
			}
		})
		errs := make([]error, len(rs))
		onEveryCore(len(rs), func(i int) {
			q, r := qs[i/len(engines)], rs[i]
			switch ev := r.Evidence.(type) {
			case *engine.SlotInvariant:
				errs[i] = judge.CheckSlotInvariant(context.Background(), q.prog, q.label, q.reading, ev)
			case *engine.KInduction:
				errs[i] = judge.CheckKInduction(context.Background(), q.prog, q.label, q.reading, ev)
			}
		})
		caught, acceptedSafe, refusedSafe := 0, 0, 0
		for i, r := range rs {
			q, e, err := qs[i/len(engines)], engines[i%len(engines)], errs[i]
			if r.Verdict != engine.Safe {
				continue
			}
			switch r.Evidence.(type) {
			case *engine.SlotInvariant, *engine.KInduction:
			default:
				t.Fatalf("%s: %s: evidence %T", q, e.name, r.Evidence)
			}
			switch {
			case truths[i/len(engines)] == engine.Unsafe:
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
		t.Logf("%s: %d wrong proofs refused; on safe programs %d proofs accepted, %d refused", fault.name, caught, acceptedSafe, refusedSafe)
		require.Positive(t, caught, "%s: no unsafe program proved safe: the fault tests nothing", fault.name)
	}
}

// onEveryCore calls f(0), ..., f(n-1), GOMAXPROCS of them at a time.
func onEveryCore(n int, f func(i int)) {
	work := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range work {
				f(i)
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
}

package judge_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/require"

	enc "github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/verdict"
)

// The mutation tests change true proofs and judge the results. Whether a
// mutated invariant is still a proof is decided by code other than the
// judge's, on the engine's circuit (believed right here: the root's
// differential tests hold it to the explicit engine):
//
//   - where mc.CheckInvariant accepts the mutated invariant on the
//     circuit, the judge must accept it too (the judge refuses no true
//     invariant of the circuit's);
//   - where the judge accepts it, IC3 on the circuit must prove that the
//     mutated invariant holds in every reachable state (the judge
//     accepts nothing false).
//
// Every kind of mutation must be refused somewhere, so the tests show
// that each mistake is caught, not only that nothing true is refused.

// atomKinds maps the circuit's latch kinds to the evidence's, as the
// engine does.
var atomKinds = map[enc.LatchKind]engine.AtomKind{
	enc.LatchGlobal: engine.AtomGlobal, enc.LatchActive: engine.AtomActive, enc.LatchProcBit: engine.AtomProcBit,
	enc.LatchPCBit: engine.AtomPCBit, enc.LatchAtomic: engine.AtomAtomic, enc.LatchLocal: engine.AtomLocal,
	enc.LatchErr: engine.AtomErr, enc.LatchOverflow: engine.AtomOverflow,
}

// latches maps every atom with a latch in c to that latch.
func latches(c *enc.Circuit) map[engine.SlotAtom]z.Lit {
	out := map[engine.SlotAtom]z.Lit{}
	for _, l := range c.S.Latches {
		mean, ok := c.Meaning(l)
		if !ok {
			continue
		}
		out[engine.SlotAtom{Kind: atomKinds[mean.Kind], Slot: mean.Slot, Index: mean.Index}] = l
	}
	return out
}

// lit is l as a literal of c: its latch, or false for an atom that is
// false in every state (a bit past the width of a proc or pc); ok is
// false for an atom with no meaning.
func lit(c *enc.Circuit, lm map[engine.SlotAtom]z.Lit, l engine.SlotLit) (m z.Lit, latch, ok bool) {
	m, latch = lm[l.Atom]
	if !latch {
		if l.Atom.Kind != engine.AtomPCBit && l.Atom.Kind != engine.AtomProcBit {
			return z.LitNull, false, false
		}
		m = c.S.F
	}
	if l.Neg {
		m = m.Not()
	}
	return m, latch, true
}

// invariantMutation is a changed invariant, named by what was changed.
type invariantMutation struct {
	kind string
	inv  *engine.SlotInvariant
}

// mutateInvariant lists a few mutations of each kind of inv.
func mutateInvariant(inv *engine.SlotInvariant) []invariantMutation {
	clone := func() *engine.SlotInvariant {
		out := *inv
		out.Clauses = make([][]engine.SlotLit, len(inv.Clauses))
		for i, cl := range inv.Clauses {
			out.Clauses[i] = append([]engine.SlotLit(nil), cl...)
		}
		return &out
	}
	each := 3 // mutations of each kind (1 with -short)
	if testing.Short() {
		each = 1
	}
	var out []invariantMutation
	// Clauses dropped, spread over the invariant.
	for k := range min(each, len(inv.Clauses)) {
		i := k * len(inv.Clauses) / min(each, len(inv.Clauses))
		m := clone()
		m.Clauses = append(m.Clauses[:i], m.Clauses[i+1:]...)
		out = append(out, invariantMutation{"clause dropped", m})
	}
	// Literals, the first few about a slot: the slot shifted; and the
	// first few of any kind: negated.
	shifted, negated := 0, 0
	for i, cl := range inv.Clauses {
		for j, l := range cl {
			if shifted < each && inv.Slots > 1 && l.Atom.Kind != engine.AtomGlobal && l.Atom.Kind != engine.AtomErr && l.Atom.Kind != engine.AtomOverflow {
				m := clone()
				m.Clauses[i][j].Atom.Slot = (l.Atom.Slot + 1) % inv.Slots
				out = append(out, invariantMutation{"slot shifted", m})
				shifted++
			}
			if negated < each {
				m := clone()
				m.Clauses[i][j].Neg = !l.Neg
				out = append(out, invariantMutation{"literal negated", m})
				negated++
			}
		}
	}
	// The mapping of pc bits off by one, throughout.
	m, any := clone(), false
	for _, cl := range m.Clauses {
		for j := range cl {
			if cl[j].Atom.Kind == engine.AtomPCBit {
				cl[j].Atom.Index++
				any = true
			}
		}
	}
	if any {
		out = append(out, invariantMutation{"pc bits shifted", m})
	}
	if inv.OverflowBad {
		m := clone()
		m.OverflowBad = false
		out = append(out, invariantMutation{"Overflow not excluded", m})
	}
	if inv.Slots > 1 {
		m := clone()
		m.Slots--
		ok := true
		for _, cl := range m.Clauses {
			for _, l := range cl {
				ok = ok && l.Atom.Slot < m.Slots
			}
		}
		if ok {
			out = append(out, invariantMutation{"a slot fewer", m})
		}
	}
	return out
}

// tally counts, per kind of mutation, the judge's refusals and
// acceptances.
type tally map[string]*[2]int

func (t tally) add(kind string, refused bool) {
	if t[kind] == nil {
		t[kind] = &[2]int{}
	}
	if refused {
		t[kind][0]++
	} else {
		t[kind][1]++
	}
}

func (t tally) String() string {
	var kinds []string
	for k := range t {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "%s: %d refused, %d accepted; ", k, t[k][0], t[k][1])
	}
	return b.String()
}

// TestInvariantMutations: mutated IC3 invariants are judged as the
// comment at the top of this file says.
func TestInvariantMutations(t *testing.T) {
	t.Parallel()
	answers, _ := safeAnswers(t, "ic3", proofSeeds())
	seen := tally{}
	unverified := 0
	for _, a := range answers {
		inv := a.r.Evidence.(*engine.SlotInvariant)
		for _, mu := range mutateInvariant(inv) {
			c, err := enc.BuildReading(a.q.prog, a.q.label, mu.inv.Slots, a.q.reading)
			require.NoError(t, err)
			sys := c.System(mu.inv.OverflowBad)
			lm := latches(c)
			jerr := judge.CheckSlotInvariant(context.Background(), a.q.prog, a.q.label, a.q.reading, mu.inv)
			seen.add(mu.kind, jerr != nil)
			var clauses [][]z.Lit // over latches, or nil where an atom has none
			mapped := true
			for _, cl := range mu.inv.Clauses {
				var ms []z.Lit
				for _, l := range cl {
					m, latch, ok := lit(c, lm, l)
					require.True(t, ok, "%s: %s: atom %+v", a.q, mu.kind, l.Atom)
					mapped = mapped && latch
					ms = append(ms, m)
				}
				clauses = append(clauses, ms)
			}
			n, bounded := a.q.prog.MaxThreads()
			covered := mu.inv.OverflowBad || bounded && n <= mu.inv.Slots
			if mapped && covered && judge.CircuitInvariant(sys, clauses) == nil {
				require.NoError(t, jerr, "%s: %s: an invariant of the circuit is refused\n%s", a.q, mu.kind, a.q.src)
			}
			if jerr != nil {
				continue
			}
			// Accepted: it must hold in every reachable state.
			require.True(t, covered, "%s: %s: accepted with too few slots", a.q, mu.kind)
			var ors []z.Lit
			for _, ms := range clauses {
				ors = append(ors, c.S.Ors(ms...))
			}
			check := &mc.System{S: c.S, Inputs: sys.Inputs, Bad: c.S.Or(sys.Bad, c.S.Ands(ors...).Not())}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			r := ic3.Check(ctx, check, mc.Options{})
			cancel()
			require.NotEqual(t, verdict.Unsafe, r.Verdict, "%s: %s: the judge accepts an invariant that a reachable state breaks\n%s", a.q, mu.kind, a.q.src)
			if r.Verdict != verdict.Safe {
				unverified++
			}
		}
	}
	t.Logf("%d invariants mutated; %s%d acceptances not verified (IC3 gave up)", len(answers), seen, unverified)
	for _, kind := range []string{"clause dropped", "slot shifted", "literal negated", "pc bits shifted", "Overflow not excluded", "a slot fewer"} {
		require.NotNil(t, seen[kind], "no mutation %q", kind)
		require.Positive(t, seen[kind][0], "no mutation %q refused: %s", kind, seen)
	}
}

// TestKInductionMutations: k-induction's proofs with k lowered, a slot
// fewer or Overflow no longer excluded are refused where they are not
// proofs; where mc's check on the circuit accepts the lowered k, the
// judge does too.
func TestKInductionMutations(t *testing.T) {
	t.Parallel()
	answers, _ := safeAnswers(t, "kind", proofSeeds())
	seen := tally{}
	for _, a := range answers {
		k := a.r.Evidence.(*engine.KInduction)
		var muts []invariantMutation // inv unused: the proof is in kmut
		var kmuts []*engine.KInduction
		if k.K > 1 {
			m := *k
			m.K--
			muts, kmuts = append(muts, invariantMutation{kind: "k lowered"}), append(kmuts, &m)
		}
		if k.OverflowBad {
			m := *k
			m.OverflowBad = false
			muts, kmuts = append(muts, invariantMutation{kind: "Overflow not excluded"}), append(kmuts, &m)
		}
		if k.Slots > 1 {
			m := *k
			m.Slots--
			muts, kmuts = append(muts, invariantMutation{kind: "a slot fewer"}), append(kmuts, &m)
		}
		for i, m := range kmuts {
			jerr := judge.CheckKInduction(context.Background(), a.q.prog, a.q.label, a.q.reading, m)
			seen.add(muts[i].kind, jerr != nil)
			n, bounded := a.q.prog.MaxThreads()
			covered := m.OverflowBad || bounded && n <= m.Slots
			if !covered {
				require.Error(t, jerr, "%s: %s: accepted with too few slots", a.q, muts[i].kind)
				continue
			}
			c, err := enc.BuildReading(a.q.prog, a.q.label, m.Slots, a.q.reading)
			require.NoError(t, err)
			if judge.CircuitKInductive(c.System(m.OverflowBad), m.K) == nil {
				require.NoError(t, jerr, "%s: %s: a proof on the circuit is refused\n%s", a.q, muts[i].kind, a.q.src)
			}
		}
	}
	t.Logf("%d proofs mutated; %s", len(answers), seen)
	for _, kind := range []string{"k lowered", "Overflow not excluded"} {
		require.NotNil(t, seen[kind], "no mutation %q", kind)
		require.Positive(t, seen[kind][0], "no mutation %q refused: %s", kind, seen)
	}
}

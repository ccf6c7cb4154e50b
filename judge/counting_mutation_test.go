package judge

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/tts/cover"
	"github.com/bopgo/bopgo/verdict"
)

// countingCase is a true proof to break: the program, the property and
// the proof the counter engine gave.
type countingCase struct {
	name     string
	prog     *bp.Program
	label    string
	proof    *engine.CounterProof
	backward bool // the proof's certificate is the backward search's
}

// countingMaxRules keeps the mutated systems small: every mutation is a
// whole check.
const countingMaxRules = 2500

// countingCases are proofs of hand-written programs (a lock, a thread
// started in an atomic section at a label it cannot reach, a broadcast)
// and of the first random programs the counter engine proves safe; made
// once for the tests that mutate them (they mutate copies).
func countingCases(t *testing.T) []countingCase {
	t.Helper()
	countingCasesOnce.Do(func() { countingCasesMade = makeCountingCases(t) })
	require.NotEmpty(t, countingCasesMade, "the counting cases could not be made")
	return countingCasesMade
}

var (
	countingCasesOnce sync.Once
	countingCasesMade []countingCase
)

func makeCountingCases(t *testing.T) []countingCase {
	t.Helper()
	var out []countingCase
	add := func(name, src, label string) bool {
		prog := countingLoad(t, src)
		r := countingRun(t, prog, label, bp.Blocking)
		pr, ok := r.Evidence.(*engine.CounterProof)
		if r.Verdict != engine.Safe || !ok || len(pr.System.Rules) > countingMaxRules {
			return false
		}
		require.NoError(t, CheckCounterProof(t.Context(), prog, label, bp.Blocking, pr), "%s: the true proof", name)
		out = append(out, countingCase{name, prog, label, pr, false})
		// The same system proved by backward search alone: a
		// certificate with a basis (the engine's are mostly the
		// Karp–Miller search's, boxes alone).
		res, err := cover.Check(t.Context(), pr.System, cover.Options{Init: pr.Init, Target: pr.Target, Algorithm: cover.Plain, ForwardBudget: -1})
		require.NoError(t, err)
		require.Equal(t, verdict.Safe, res.Verdict, "%s: backward", name)
		back := countingClone(pr)
		back.Certificate = res.Cert.Checkable()
		require.NoError(t, CheckCounterProof(t.Context(), prog, label, bp.Blocking, back), "%s: the true proof by backward search", name)
		out = append(out, countingCase{name + ", backward", prog, label, back, true})
		return true
	}
	for _, c := range []struct{ name, src, label string }{
		{"lock", `decl held;
void main() begin held := F; L: start_thread goto W; goto L;
W: atomic_begin; assume(!held); held := T; atomic_end; assert(held); held := F; end`, ""},
		{"atomic start", `decl g; void main() begin g := F; atomic_begin; start_thread goto W; g := T; atomic_end;
L: start_thread goto W; goto L; W: if !g then E: skip; fi; end_thread; end`, "E"},
		{"broadcast", `void main() begin decl x; x := F; L: if * then start_thread goto W; goto L; fi;
x, x$ := x, F; end_thread; W: assert(!x); end_thread; end`, ""},
	} {
		require.True(t, add(c.name, c.src, c.label), "%s: no small proof", c.name)
	}
	for _, shape := range countingShapes[:2] {
		found := 0
		for seed := int64(1); found < 3 && seed <= 60; seed++ {
			src := gen.Program(seed, shape.cfg)
			prog := countingLoad(t, src)
			for _, label := range countingLabels(prog) {
				if found < 3 && add(fmt.Sprintf("%s seed %d label %q", shape.name, seed, label), src, label) {
					found++
				}
			}
		}
	}
	return out
}

// countingClone is a deep copy of a proof, to mutate.
func countingClone(p *engine.CounterProof) *engine.CounterProof {
	q := *p
	sys := *p.System
	sys.Rules = slices.Clone(sys.Rules)
	for i := range sys.Rules {
		sys.Rules[i].Passes = slices.Clone(sys.Rules[i].Passes)
	}
	q.System = &sys
	q.Shared = slices.Clone(p.Shared)
	q.Locals = slices.Clone(p.Locals)
	for i := range q.Locals {
		q.Locals[i].Thread.Locals = slices.Clone(q.Locals[i].Thread.Locals)
	}
	cert := tts.Certificate{Basis: slices.Clone(p.Certificate.Basis), Boxes: slices.Clone(p.Certificate.Boxes)}
	for i := range cert.Boxes {
		cert.Boxes[i].Bounds = slices.Clone(cert.Boxes[i].Bounds)
	}
	q.Certificate = &cert
	return &q
}

// countingSample is at most n indices of 0..total-1, spread evenly.
func countingSample(total, n int) []int {
	var out []int
	step := max(1, total/n)
	for i := 0; i < total; i += step {
		out = append(out, i)
	}
	return out
}

// TestCountingRefusesBrokenSystems: a true proof with one rule dropped,
// one pass of a broadcast dropped, or one thread state's meaning changed
// (a live local flipped, the pc moved on, the atomic flag flipped) no
// longer shows that the system simulates the program, and the judge
// refuses it. Every rule of the translation is needed: each is an
// outcome of a step from a thread state with some valuation of the
// globals, all of which the judge checks, so a drop is refused unless
// the same rule is there twice; so is every pass of a thread state that
// may be passive (not at the label: the violation has happened).
func TestCountingRefusesBrokenSystems(t *testing.T) {
	t.Parallel()
	rulesN, localsN := gen.Count(150, 8), gen.Count(60, 3) // sampled of each proof
	refused := map[string]int{}
	for _, c := range countingCases(t) {
		if c.backward {
			continue // the same system as the engine's proof
		}
		check := func(kind string, mutate func(*engine.CounterProof) bool) {
			t.Helper()
			q := countingClone(c.proof)
			if !mutate(q) {
				return
			}
			// The certificate still holds for the broken system (fewer
			// rules, or the same): the simulation must refuse it.
			err := CheckCounterProof(t.Context(), c.prog, c.label, bp.Blocking, q)
			require.Error(t, err, "%s: %s", c.name, kind)
			require.NotContains(t, err.Error(), "the certificate", "%s: %s", c.name, kind)
			refused[kind]++
		}
		rules := c.proof.System.Rules
		for _, i := range countingSample(len(rules), rulesN) {
			check("rule dropped", func(q *engine.CounterProof) bool {
				r := q.System.Rules[i]
				q.System.Rules = slices.Delete(q.System.Rules, i, i+1)
				return !slices.ContainsFunc(q.System.Rules, func(o tts.Rule) bool {
					return o.Kind == r.Kind && o.From == r.From && o.To == r.To && slices.Equal(o.Passes, r.Passes)
				})
			})
			for _, j := range countingSample(len(rules[i].Passes), 2) {
				ps := rules[i].Passes[j]
				if u := c.proof.Locals[ps.From].Thread; c.label != "" && c.prog.Targets(c.label)[u.Proc][u.PC] {
					continue
				}
				check("pass dropped", func(q *engine.CounterProof) bool {
					q.System.Rules[i].Passes = slices.Delete(q.System.Rules[i].Passes, j, j+1)
					return true
				})
			}
		}
		for _, l := range countingSample(len(c.proof.Locals), localsN) {
			m := c.proof.Locals[l]
			if m.Kind != engine.CounterThread {
				continue
			}
			live := c.prog.Live()[m.Thread.Proc][m.Thread.PC]
			for i := range m.Thread.Locals {
				if live.Has(i) {
					check("local flipped", func(q *engine.CounterProof) bool {
						q.Locals[l].Thread.Locals[i] = !q.Locals[l].Thread.Locals[i]
						return true
					})
					break
				}
			}
			check("pc moved", func(q *engine.CounterProof) bool {
				q.Locals[l].Thread.PC = (m.Thread.PC + 1) % len(c.prog.Procs[m.Thread.Proc].Steps)
				return true
			})
			check("atomic flipped", func(q *engine.CounterProof) bool {
				q.Locals[l].Thread.Atomic = !m.Thread.Atomic
				return true
			})
		}
	}
	t.Logf("refused: %v", refused)
	for _, kind := range []string{"rule dropped", "pass dropped", "local flipped", "pc moved", "atomic flipped"} {
		require.Positive(t, refused[kind], "no %s was tried", kind)
	}
}

// TestCountingRefusesBrokenCertificates: a true proof with a basis
// element dropped or a box shrunk, where that certificate no longer
// proves, is refused. Whether it still proves is decided here without
// the certificate checker, by bounded searches of the system: a box
// shrunk so that a configuration the system reaches falls out of every
// box leaves no invariant; a basis element dropped that can cover the
// target, lies within the boxes and above no other element leaves a
// configuration inside the invariant and outside the upward-closed set
// from which the target is covered, so the set is not closed under
// predecessors. Other mutations may still prove, and are not asked
// about.
func TestCountingRefusesBrokenCertificates(t *testing.T) {
	t.Parallel()
	boxes, basis := 6, 20 // sampled of each proof
	if testing.Short() {
		boxes, basis = 3, 10
	}
	refused := map[string]int{}
	for _, c := range countingCases(t) {
		sys, pr := c.proof.System, c.proof
		reach := countingReach(sys, countingConfig{pr.Init.Shared, pr.Init.Bounded}, 3, 20000, nil)
		for _, i := range countingSample(len(pr.Certificate.Boxes), boxes) {
			b := &pr.Certificate.Boxes[i]
			shrink := func(kind string, mutate func(b *tts.Box)) {
				q := countingClone(pr)
				mutate(&q.Certificate.Boxes[i])
				if !slices.ContainsFunc(reach, func(cf countingConfig) bool { return !countingInBoxes(q.Certificate.Boxes, cf) }) {
					return // every configuration found is still inside
				}
				require.Error(t, CheckCounterProof(t.Context(), c.prog, c.label, bp.Blocking, q), "%s: box %d %s", c.name, i, kind)
				refused["box shrunk"]++
			}
			for _, j := range countingSample(len(b.Bounds), 4) {
				shrink(fmt.Sprintf("bound %d lowered", j), func(b *tts.Box) {
					if b.Bounds[j].Max < 0 {
						b.Bounds[j].Max = 1
					} else if b.Bounds[j].Max > 0 {
						b.Bounds[j].Max--
					}
				})
			}
			if b.Others < 0 {
				shrink("others bounded", func(b *tts.Box) { b.Others = 0 })
			}
		}
		for _, i := range countingSample(len(pr.Certificate.Basis), basis) {
			e := pr.Certificate.Basis[i]
			rest := slices.Delete(slices.Clone(pr.Certificate.Basis), i, i+1)
			cf := countingConfig{e.Shared, slices.Sorted(slices.Values(e.Locals))}
			if !countingInBoxes(pr.Certificate.Boxes, cf) || countingAboveBasis(rest, cf) {
				continue
			}
			target := func(x countingConfig) bool {
				return x.shared == pr.Target.Shared && countingCovers(x.locals, pr.Target.Bounded)
			}
			if len(countingReach(sys, cf, len(cf.locals)+2, 20000, target)) == 0 {
				continue // the target was not covered within the search's bounds
			}
			q := countingClone(pr)
			q.Certificate.Basis = rest
			require.Error(t, CheckCounterProof(t.Context(), c.prog, c.label, bp.Blocking, q), "%s: basis element %d dropped", c.name, i)
			refused["basis element dropped"]++
		}
	}
	t.Logf("refused: %v", refused)
	require.Positive(t, refused["box shrunk"], "no box shrunk out of a reachable configuration")
	require.Positive(t, refused["basis element dropped"], "no needed basis element dropped")
}

// countingConfig is a configuration of a system: a shared state and
// the sorted locals of its threads.
type countingConfig struct {
	shared int
	locals []int
}

// countingReach searches sys forward from start, with at most
// maxThreads threads and maxConfigs configurations, breadth first. With
// stop, it returns the first configuration found that stop accepts (or
// none); without, every configuration found.
func countingReach(sys *tts.System, start countingConfig, maxThreads, maxConfigs int, stop func(countingConfig) bool) []countingConfig {
	key := func(c countingConfig) string { return fmt.Sprint(c.shared, c.locals) }
	byShared := map[int][]int{}
	for ri, r := range sys.Rules {
		byShared[r.From.Shared] = append(byShared[r.From.Shared], ri)
	}
	seen := map[string]bool{key(start): true}
	queue := []countingConfig{start}
	for k := 0; k < len(queue) && len(queue) < maxConfigs; k++ {
		cur := queue[k]
		if stop != nil && stop(cur) {
			return []countingConfig{cur}
		}
		for _, ri := range byShared[cur.shared] {
			for _, next := range countingSuccessors(&sys.Rules[ri], cur, maxThreads) {
				if k := key(next); !seen[k] {
					seen[k] = true
					queue = append(queue, next)
				}
			}
		}
	}
	if stop != nil {
		return nil
	}
	return queue
}

// countingSuccessors are the configurations rule r leads to from cur.
func countingSuccessors(r *tts.Rule, cur countingConfig, maxThreads int) []countingConfig {
	if cur.shared != r.From.Shared {
		return nil
	}
	if r.Kind == tts.Transfer { // enabled with no thread in From.Local too
		out := slices.Clone(cur.locals)
		for j, l := range out {
			if l == r.From.Local {
				out[j] = r.To.Local
			}
		}
		slices.Sort(out)
		return []countingConfig{{r.To.Shared, out}}
	}
	i := slices.Index(cur.locals, r.From.Local)
	if i < 0 {
		return nil
	}
	rest := slices.Delete(slices.Clone(cur.locals), i, i+1)
	if r.Kind == tts.Spawn {
		if len(cur.locals) >= maxThreads {
			return nil
		}
		return []countingConfig{{r.To.Shared, slices.Sorted(slices.Values(append(slices.Clone(cur.locals), r.To.Local)))}}
	}
	// Every other thread in a listed local goes to one of its targets.
	outs := [][]int{{r.To.Local}}
	for _, l := range rest {
		var dests []int
		for _, p := range r.Passes {
			if p.From == l {
				dests = append(dests, p.To)
			}
		}
		if dests == nil {
			dests = []int{l}
		}
		var grown [][]int
		for _, o := range outs {
			for _, d := range dests {
				grown = append(grown, append(slices.Clone(o), d))
			}
		}
		outs = grown
	}
	var res []countingConfig
	for _, o := range outs {
		slices.Sort(o)
		res = append(res, countingConfig{r.To.Shared, o})
	}
	return res
}

// countingInBoxes reports whether cf lies within one of the boxes.
func countingInBoxes(boxes []tts.Box, cf countingConfig) bool {
	for _, b := range boxes {
		if b.Shared != cf.shared {
			continue
		}
		inside := true
		for _, l := range cf.locals {
			bound := b.Others
			for _, bd := range b.Bounds {
				if bd.Local == l {
					bound = bd.Max
				}
			}
			if bound >= 0 && countOf(cf.locals, l) > bound {
				inside = false
			}
		}
		if inside {
			return true
		}
	}
	return false
}

// countingAboveBasis reports whether cf lies above an element of basis.
func countingAboveBasis(basis []tts.Config, cf countingConfig) bool {
	for _, e := range basis {
		if e.Shared == cf.shared && countingCovers(cf.locals, e.Locals) {
			return true
		}
	}
	return false
}

// countingCovers reports whether the multiset have holds the multiset
// want.
func countingCovers(have, want []int) bool {
	for _, l := range want {
		if countOf(have, l) < countOf(want, l) {
			return false
		}
	}
	return true
}

func countOf(ls []int, l int) int {
	n := 0
	for _, x := range ls {
		if x == l {
			n++
		}
	}
	return n
}

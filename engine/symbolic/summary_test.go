package symbolic

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/judge"
)

// runSummaries runs the engine on src, a program of one thread with
// recursive functions.
func runSummaries(t *testing.T, src, label string) (*bp.Program, engine.Result) {
	t.Helper()
	p, err := bp.Load("rec.bp", []byte(src))
	require.NoError(t, err)
	require.True(t, p.HasCalls())
	prob := &engine.Problem{Prog: p, Label: label, Targets: p.Targets(label)}
	r, err := New(Options{})(context.Background(), prob, 1, true)
	require.NoError(t, err)
	return p, r
}

// TestSummaryFormulasAreChecked: the certificate of a safe program checks,
// and each way of breaking it is refused: an invariant or a summary
// emptied, an invariant widened to every valuation where that lets an
// assertion fail, a formula reading an input it may not, inputs shared
// between roles, no certificate at all.
func TestSummaryFormulasAreChecked(t *testing.T) {
	t.Parallel()
	p, r := runSummaries(t, `decl g;
bool f(x) begin
  if * then g := f(!x); fi
  return x | g;
end
void main() begin decl y; g := T; y := f(T); assert(g); end`, "")
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	cert := formulasOf(r)
	require.NotNil(t, cert)
	check := func() error { return judge.CheckSummaryFormulas(context.Background(), p, interp.Options{}, cert) }
	require.NoError(t, check())

	dropped := 0
	for pi := range cert.Procs {
		pf := &cert.Procs[pi]
		for pc, m := range pf.Invariants {
			if m == cert.C.F {
				continue
			}
			pf.Invariants[pc] = cert.C.F
			assert.Error(t, check(), "proc %d, step %d: invariant emptied", pi, pc)
			pf.Invariants[pc] = m
			dropped++
		}
		if p.Procs[pi].Callable {
			saved := pf.Summary
			pf.Summary = cert.C.F
			assert.Error(t, check(), "proc %d: summary emptied", pi)
			pf.Summary = saved
		}
	}
	require.Positive(t, dropped)

	// Every valuation at main's assertion: g may be false there.
	main := &cert.Procs[0]
	widened := 0
	for pc := range main.Invariants {
		if st := &p.Procs[0].Steps[pc]; st.Kind == bp.Assert {
			saved := main.Invariants[pc]
			main.Invariants[pc] = cert.C.T
			assert.ErrorContains(t, check(), "assertion can fail")
			main.Invariants[pc] = saved
			widened++
		}
	}
	require.Equal(t, 1, widened)

	// An invariant that reads an input no role declares.
	saved := main.Invariants[p.Procs[0].Entry]
	main.Invariants[p.Procs[0].Entry] = cert.C.And(saved, cert.C.Lit())
	assert.ErrorContains(t, check(), "reads an input")
	main.Invariants[p.Procs[0].Entry] = saved

	// One input in two roles.
	savedEntry := main.Entry[0]
	main.Entry[0] = main.Values[0]
	assert.Error(t, check(), "an input in two roles")
	main.Entry[0] = savedEntry
	require.NoError(t, check(), "restored")

	assert.Error(t, judge.CheckSummaryFormulas(context.Background(), p, interp.Options{}, nil))
	assert.Error(t, judge.CheckSummaryFormulas(context.Background(), p, interp.Options{}, &engine.SummaryFormulas{C: cert.C}))
}

// TestSummaryFormulasLabel: with a label, an invariant at the label is
// refused, and a call that never returns hides the label behind it
// (infinite recursion is a call without exits, not a hang).
func TestSummaryFormulasLabel(t *testing.T) {
	t.Parallel()
	p, r := runSummaries(t, `decl g;
void f() begin f(); end
void main() begin g := T; f(); ERR: skip; end`, "ERR")
	require.Equal(t, engine.Safe, r.Verdict, r.Reason)
	check := func() error {
		return judge.CheckSummaryFormulas(context.Background(), p, interp.Options{Label: "ERR"}, formulasOf(r))
	}
	require.NoError(t, check())
	targets := p.Targets("ERR")
	main := &formulasOf(r).Procs[0]
	for pc := range main.Invariants {
		if targets[0][pc] {
			main.Invariants[pc] = formulasOf(r).C.T
		}
	}
	assert.ErrorContains(t, check(), "label ERR")
}

// TestSummariesUnknownWithThreads: threads and recursion stay with the
// explicit engine's bounded stacks; the symbolic engine says why it does
// not answer.
func TestSummariesUnknownWithThreads(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("rec.bp", []byte(`decl g;
void f() begin if * then f(); fi g := !g; end
void main() begin start_thread goto W; f(); W: assert(g); end`))
	require.NoError(t, err)
	require.True(t, p.HasCalls() && p.StartsThreads())
	r, err := New(Options{})(context.Background(), &engine.Problem{Prog: p, Targets: p.Targets("")}, 2, true)
	require.NoError(t, err)
	assert.Equal(t, engine.Unknown, r.Verdict)
	assert.Contains(t, r.Reason, "one thread only")
}

// TestSummaryTraces: counterexamples through calls replay, with the
// bug after calls returned through nested summaries, inside a call
// (reached by descents), and with an atomic section around a call (the
// flag, which summaries do not carry, is rebuilt from the steps).
func TestSummaryTraces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, src, label string }{
		{"after nested returns", `decl g;
void f(x) begin if * then f(!x); fi g := g ^ x; end
void main() begin g := F; f(T); assert(!g); end`, ""},
		{"inside a call", `decl g;
void f(x) begin if * then f(!x); fi assert(x | g); end
void main() begin g := F; f(T); end`, ""},
		{"atomic around a call", `decl g;
void f(x) begin if * then f(!x); fi atomic_begin; g := g ^ x; atomic_end; end
void main() begin g := F; atomic_begin; f(T); atomic_end; assert(!g); end`, ""},
		{"label in a callee", `decl g;
void f(x) begin if * then f(!x); fi if x & g then ERR: skip; fi g := T; end
void main() begin g := F; f(F); end`, "ERR"},
	} {
		p, r := runSummaries(t, c.src, c.label)
		require.Equal(t, engine.Unsafe, r.Verdict, "%s: %s", c.name, r.Reason)
		require.NoError(t, judge.Replay(p, interp.Options{Label: c.label}, r.Counterexample()), c.name)
	}
}

// formulasOf is the summary formulas of r's evidence, or nil.
func formulasOf(r engine.Result) *engine.SummaryFormulas {
	if f, ok := r.Evidence.(*engine.SummaryFormulas); ok {
		return f
	}
	return nil
}

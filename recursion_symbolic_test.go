package bopgo_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

// TestSymbolicSummariesAgreeWithExplicit runs random programs of one
// thread with recursive functions (gen.Recursive) through the symbolic
// engine's summaries (exits compacted, and plain) and the explicit
// engine's: the verdicts agree, and
// Check has replayed every counterexample (with its call stack) and
// re-checked every certificate of both, or it would have returned an
// error. Some programs must be safe and some unsafe, and some bugs must
// sit inside a call.
func TestSymbolicSummariesAgreeWithExplicit(t *testing.T) {
	t.Parallel()
	var safe, unsafe, inCall atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d safe, %d unsafe (%d failing inside a call)", safe.Load(), unsafe.Load(), inCall.Load())
		require.Positive(t, safe.Load(), "no safe program")
		require.Positive(t, unsafe.Load(), "no unsafe program")
		require.Positive(t, inCall.Load(), "no bug inside a call")
	})
	eachSeed(t, seeds(150), func(t *testing.T, seed int64) {
		src := gen.Recursive(seed, gen.SmallRecursive)
		p, err := bp.Load("rec.bp", []byte(src))
		require.NoError(t, err, "seed %d\n%s", seed, src)
		if !p.HasCalls() {
			return // no function recursed: they were inlined
		}
		want, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
		require.NoError(t, err, "seed %d (explicit)\n%s", seed, src)
		// Plain exits, as the path made them, are what a call copies when
		// an exit's BDD is too large: their traces must replay too.
		plain, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{PlainStates: true}})
		require.NoError(t, err, "seed %d (symbolic, plain exits)\n%s", seed, src)
		require.Equal(t, want.Verdict, plain.Verdict, "seed %d: explicit says %s (%s), symbolic with plain exits %s (%s)\n%s",
			seed, want.Verdict, want.Reason, plain.Verdict, plain.Reason, src)
		got, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic})
		require.NoError(t, err, "seed %d (symbolic)\n%s", seed, src)
		require.Equal(t, want.Verdict, got.Verdict, "seed %d: explicit says %s (%s), symbolic %s (%s)\n%s",
			seed, want.Verdict, want.Reason, got.Verdict, got.Reason, src)
		switch got.Verdict {
		case verdict.Safe:
			safe.Add(1)
			if got.Reason != "the program has no assertion" {
				require.Contains(t, got.Reason, "procedure summaries as formulas", "seed %d", seed)
			}
		case verdict.Unsafe:
			unsafe.Add(1)
			if steps := got.Trace.Steps; len(steps[len(steps)-1].Calls) > 0 {
				inCall.Add(1)
			}
		default:
			t.Fatalf("seed %d: undecided: %s\n%s", seed, got.Reason, src)
		}
	})
}

// TestSymbolicSummariesAgreeWithInlining runs random programs of one
// thread whose functions do not recurse twice: inlined (the default, the
// symbolic engine's plain search) and with every call kept as a call
// (bp.LoadOptions.KeepCalls, the symbolic engine's summaries). The
// verdicts agree; Check has checked both answers.
func TestSymbolicSummariesAgreeWithInlining(t *testing.T) {
	t.Parallel()
	cfg := gen.Small
	cfg.Threads, cfg.Helpers = 0, 2
	var calls atomic.Int64
	t.Cleanup(func() { require.Positive(t, calls.Load(), "no program kept a call") })
	eachSeed(t, seeds(100), func(t *testing.T, seed int64) {
		src := gen.Program(seed, cfg)
		inlined, err := bp.Load("p.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		kept, err := bp.LoadWith("p.bp", []byte(src), bp.LoadOptions{KeepCalls: true})
		if err != nil {
			return // an enforce invariant around a call with results
		}
		opts := bopgo.Options{Engine: bopgo.Symbolic}
		want, err := bopgo.Check(context.Background(), inlined, opts)
		require.NoError(t, err, "seed %d (inlined)\n%s", seed, src)
		got, err := bopgo.Check(context.Background(), kept, opts)
		require.NoError(t, err, "seed %d (calls kept)\n%s", seed, src)
		require.Equal(t, want.Verdict, got.Verdict, "seed %d: inlined %s (%s), with summaries %s (%s)\n%s",
			seed, want.Verdict, want.Reason, got.Verdict, got.Reason, src)
		if kept.HasCalls() {
			calls.Add(1)
		}
	})
}

// wideRecursion is a program of n globals where f(p) xors the globals
// with its n parameters, may call itself with them rotated, and xors
// them again, so that f leaves the globals as it found them, which main
// asserts. With bug, f's second xor misses g0 when p0 and p1 hold: the
// assertion fails. Explicit summaries need a context per entry, 4^n of
// them; symbolic ones one relation over parametric entries.
func wideRecursion(n int, bug bool) string {
	g, p, a, b := names("g", n), names("p", n), names("a", n), names("b", n)
	xor := make([]string, n)
	eq := make([]string, n)
	for i := range xor {
		xor[i] = g[i] + " ^ " + p[i]
		eq[i] = "(" + g[i] + " = " + b[i] + ")"
	}
	undo := strings.Join(xor, ", ")
	if bug {
		undo = strings.Join(append([]string{"g0 ^ p0 ^ (p0 & p1)"}, xor[1:]...), ", ")
	}
	rot := append(append([]string(nil), p[1:]...), p[0])
	return fmt.Sprintf(`decl %[1]s;
void f(%[2]s) begin
  %[1]s := %[3]s;
  if * then f(%[4]s); fi
  %[1]s := %[5]s;
end
void main() begin
  decl %[6]s, %[7]s;
  %[7]s := %[1]s;
  f(%[6]s);
  assert(%[8]s);
end
`, strings.Join(g, ", "), strings.Join(p, ", "), strings.Join(xor, ", "), strings.Join(rot, ", "), undo,
		strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(eq, " & "))
}

// callTree is a program of depth functions on n globals, none recursive:
// f_d xors the globals with its parameters, calls f_{d+1} once under a
// non-deterministic condition (parameters rotated) and once always, and
// xors them again. Inlining copies f_d 2^d times; summaries (with calls
// kept) explore each function once. With bug, the deepest function does
// not undo g0, which main's assertion notices.
func callTree(n, depth int, bug bool) string {
	g, p := names("g", n), names("p", n)
	xor := make([]string, n)
	for i := range xor {
		xor[i] = g[i] + " ^ " + p[i]
	}
	rot := append(append([]string(nil), p[1:]...), p[0])
	var sb strings.Builder
	fmt.Fprintf(&sb, "decl %s;\n", strings.Join(g, ", "))
	for d := 0; d < depth; d++ {
		fmt.Fprintf(&sb, "void f%d(%s) begin\n  %s := %s;\n", d, strings.Join(p, ", "), strings.Join(g, ", "), strings.Join(xor, ", "))
		if d+1 < depth {
			fmt.Fprintf(&sb, "  if * then f%d(%s); fi\n  f%d(%s);\n", d+1, strings.Join(rot, ", "), d+1, strings.Join(p, ", "))
		}
		undo := strings.Join(xor, ", ")
		if bug && d+1 == depth {
			undo = strings.Join(append([]string{"g0"}, xor[1:]...), ", ")
		}
		fmt.Fprintf(&sb, "  %s := %s;\nend\n", strings.Join(g, ", "), undo)
	}
	a, b := names("a", n), names("b", n)
	eq := make([]string, n)
	for i := range eq {
		eq[i] = "(" + g[i] + " = " + b[i] + ")"
	}
	fmt.Fprintf(&sb, "void main() begin\n  decl %s, %s;\n  %s := %s;\n  f0(%s);\n  assert(%s);\nend\n",
		strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(b, ", "), strings.Join(g, ", "),
		strings.Join(a, ", "), strings.Join(eq, " & "))
	return sb.String()
}

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

// TestSymbolicSummariesScale: the families where symbolic summaries pay
// are decided, safe and with their bug (the trace replayed by Check
// through nested summaries), by the symbolic engine and, where they are
// small enough, by the explicit one.
func TestSymbolicSummariesScale(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		src      string
		keep     bool
		explicit bool // small enough for the explicit engine's summaries here
	}{
		{"wide n=4", wideRecursion(4, false), false, true},
		{"wide n=4, bug", wideRecursion(4, true), false, true},
		{"wide n=8", wideRecursion(8, false), false, false},
		{"wide n=8, bug", wideRecursion(8, true), false, false},
		{"tree n=3 depth=4", callTree(3, 4, false), true, true},
		{"tree n=3 depth=4, bug", callTree(3, 4, true), true, true},
		{"tree n=4 depth=10", callTree(4, 10, false), true, false},
		{"tree n=4 depth=10, bug", callTree(4, 10, true), true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && strings.Contains(c.name, "depth=10") {
				t.Skip("the deep trees (most of the test's time) run without -short; the shallow ones take the same paths")
			}
			p, err := bp.LoadWith("f.bp", []byte(c.src), bp.LoadOptions{KeepCalls: c.keep})
			require.NoError(t, err, c.src)
			require.True(t, p.HasCalls())
			want := verdict.Safe
			if strings.HasSuffix(c.name, "bug") {
				want = verdict.Unsafe
			}
			engines := []bopgo.Engine{bopgo.Symbolic}
			if c.explicit {
				engines = append(engines, bopgo.Explicit)
			}
			for _, e := range engines {
				res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, Timeout: time.Minute})
				require.NoError(t, err, "%s\n%s", e, c.src)
				require.Equal(t, want, res.Verdict, "%s: %s\n%s", e, res.Reason, c.src)
			}
		})
	}
}

// BenchmarkSummaries compares the symbolic engine's summaries with the
// explicit engine's on the families above (go test -bench Summaries
// -run '^$'), reporting states stored.
func BenchmarkSummaries(b *testing.B) {
	cases := []struct {
		name string
		src  string
		keep bool
	}{
		{"wide-n6", wideRecursion(6, false), false},
		{"tree-n4-d8", callTree(4, 8, false), true},
	}
	for _, c := range cases {
		p, err := bp.LoadWith("f.bp", []byte(c.src), bp.LoadOptions{KeepCalls: c.keep})
		require.NoError(b, err)
		for _, e := range []bopgo.Engine{bopgo.Symbolic, bopgo.Explicit} {
			b.Run(c.name+"/"+string(e), func(b *testing.B) {
				var states int
				for b.Loop() {
					res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e})
					require.NoError(b, err)
					require.Equal(b, verdict.Safe, res.Verdict)
					states = res.Counters.Int("states")
				}
				b.ReportMetric(float64(states), "states")
			})
		}
	}
}

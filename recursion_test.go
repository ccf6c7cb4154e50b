package bopgo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// TestRecursion: the recursive programs of the corpus and of SatAbs are
// decided with procedure summaries (their evidence re-checked by Check),
// by the explicit engine, the symbolic engine (summaries as formulas) and
// the portfolio; the engines that do not run recursion say so.
func TestRecursion(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path, label string
	}{
		// p recurses forever before it returns: SLIC_ERROR after the
		// call is unreachable, which only summaries prove.
		{"benchmarks/corpus/c2s-ocaml/src/test/bp/simple.bp", "SLIC_ERROR"},
		// SatAbs without --full-inlining keeps the recursive f.
		{"cmd/bopgo/testdata/satabs/Recursion1-partial.bp", ""},
	}
	for _, c := range cases {
		p := loadFile(t, c.path)
		require.True(t, p.HasCalls(), c.path)
		for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.Auto} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, Label: c.label})
			require.NoError(t, err, "%s, %s", c.path, e)
			assert.Equal(t, verdict.Safe, res.Verdict, "%s, %s: %s", c.path, e, res.Reason)
			assert.Contains(t, res.Reason, "procedure summaries", "%s, %s", c.path, e)
		}
		for _, e := range []bopgo.Engine{bopgo.IC3, bopgo.Counter} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e, Label: c.label})
			require.NoError(t, err, "%s, %s", c.path, e)
			assert.Equal(t, verdict.Unknown, res.Verdict, "%s, %s", c.path, e)
			assert.Contains(t, res.Reason, "does not run recursive functions", "%s, %s", c.path, e)
		}
	}
}

// TestAtomicAcrossCalls: a recursive callee that begins or ends the
// atomic section leaves it so in its caller. The explicit engine's
// summaries once returned with the caller's flag, and its own trace did
// not replay (an internal error); every engine that runs recursion must
// find these bugs with traces that replay (Check replays them).
func TestAtomicAcrossCalls(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		// The callee's section nested in the caller's: its atomic_end
		// ends the caller's too.
		`decl g;
void f(x) begin if * then f(!x); fi atomic_begin; g := g ^ x; atomic_end; end
void main() begin g := F; atomic_begin; f(T); atomic_end; assert(!g); end`,
		// The callee begins the section and the caller ends it.
		`decl g;
void f(x) begin if * then f(!x); fi atomic_begin; g := g ^ x; end
void main() begin g := F; f(T); atomic_end; assert(!g); end`,
		// With a thread: bounded stacks.
		`decl g, h;
void f(x) begin if * then f(!x); fi atomic_begin; g := g ^ x; atomic_end; end
void w() begin h := !h; end
void main() begin g := F; start_thread w(); atomic_begin; f(T); h := T; atomic_end; assert(!g); end`,
	} {
		p, err := bp.Load("atomic.bp", []byte(src))
		require.NoError(t, err)
		for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.Auto} {
			res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: e})
			require.NoError(t, err, "%s engine\n%s", e, src)
			if e == bopgo.Symbolic && p.StartsThreads() {
				assert.Equal(t, verdict.Unknown, res.Verdict, "%s engine\n%s", e, src)
				continue
			}
			assert.Equal(t, verdict.Unsafe, res.Verdict, "%s engine: %s\n%s", e, res.Reason, src)
		}
	}
}

// fourfoldTree is a program whose main calls f_depth, each f_i calling
// f_(i-1) four times and f0 flipping g: inlined, 4^depth copies of f0.
// With bug, main calls f0 once more, so g ends true and the assertion
// fails after 4^depth+1 flips.
func fourfoldTree(depth int, bug bool) string {
	var b strings.Builder
	b.WriteString("decl g;\nvoid f0() begin g := !g; end\n")
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "void f%d() begin f%d(); f%d(); f%d(); f%d(); end\n", i, i-1, i-1, i-1, i-1)
	}
	extra := ""
	if bug {
		extra = "f0(); "
	}
	fmt.Fprintf(&b, "void main() begin g := F; f%d(); %sassert(!g); end\n", depth, extra)
	return b.String()
}

// TestCallsKeptWhenInliningIsTooLarge: a program whose inlined calls
// would pass bp.MaxSteps is loaded with its calls kept, with a note, and
// summaries decide it; its bug, whose every execution is longer than a
// trace may be, is no answer, with the reason (it used to be rejected
// as too large, and then, kept, to exhaust the memory building the
// trace).
func TestCallsKeptWhenInliningIsTooLarge(t *testing.T) {
	t.Parallel()
	safe, err := bp.Load("tree.bp", []byte(fourfoldTree(11, false)))
	require.NoError(t, err)
	require.True(t, safe.HasCalls())
	require.Len(t, safe.Notes, 1)
	assert.Contains(t, safe.Notes[0].Msg, "every call is kept")
	buggy, err := bp.Load("tree.bp", []byte(fourfoldTree(11, true)))
	require.NoError(t, err)
	for _, e := range []bopgo.Engine{bopgo.Explicit, bopgo.Symbolic, bopgo.Auto} {
		res, err := bopgo.Check(context.Background(), safe, bopgo.Options{Engine: e})
		require.NoError(t, err, e)
		assert.Equal(t, verdict.Safe, res.Verdict, "%s: %s", e, res.Reason)
		res, err = bopgo.Check(context.Background(), buggy, bopgo.Options{Engine: e})
		require.NoError(t, err, e)
		assert.Equal(t, verdict.Unknown, res.Verdict, e)
		assert.Contains(t, res.Reason, "assertion can fail, but the counterexample has", e)
	}
	// Small enough to inline: inlined as before, no note.
	small, err := bp.Load("tree.bp", []byte(fourfoldTree(3, true)))
	require.NoError(t, err)
	assert.False(t, small.HasCalls())
	assert.Empty(t, small.Notes)
}

package bopgo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// Traps for partial-order reduction: each program needs an interleaving
// that a careless reduction prunes. Every engine and setting must agree.
var porTraps = []struct {
	name, src string
	want      bopgo.Verdict
}{
	{"a later write of another thread (BoPPo's --por misses it)", `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`, bopgo.Unsafe},
	{"a read that another thread's later write invalidates", `decl g, h, a;
void t1() begin a := g; assert(!a); end
void t2() begin h := T; g := T; end
void main() begin g, h, a := F, F, F; start_thread t1(); start_thread t2(); end`, bopgo.Unsafe},
	{"a blocked thread enabled later by another", `decl g;
void t1() begin decl l; l := T; l := !l; assume(g); assert(F); end
void t2() begin decl m; m := F; m := !m; g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); end`, bopgo.Unsafe},
	{"a local loop that could starve a writer", `decl g;
void spin() begin decl l; L: l := !l; goto L; end
void writer() begin g := T; end
void main() begin g := F; start_thread spin(); start_thread writer(); assume(g); assert(F); end`, bopgo.Unsafe},
	{"local loops around a correct lock", `decl lock, in;
void w() begin decl a; L: a := !a; a := a ^ *; lock := T constrain !lock; assert(!in); in := T; in := F; lock := F; goto L; end
void main() begin lock, in := F, F; start_thread w(); start_thread w(); end`, bopgo.Safe},
	{"an assume that holds in every state is ample", `decl g;
void t() begin decl l; l := T; assume(l); g := T; end
void main() begin g := F; start_thread t(); start_thread t(); assume(g); assert(F); end`, bopgo.Unsafe},
	{"an assume that holds in part of the state: the rest must see the others", `decl g0, g;
void t1() begin decl l; l := g0; assume(l); end
void t2() begin g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); assume(g); assert(g0); end`, bopgo.Unsafe},
	{"a constraint satisfiable in part of the state", `decl g0, g;
void t1() begin decl l; l := * constrain ('l & g0); end
void t2() begin g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); assume(g); assert(g0); end`, bopgo.Unsafe},
	{"a candidate disabled in what the first one leaves (Why)", `decl g0, h0, k, g;
void t1() begin assume(!g0 & !k); end
void t3() begin assume(!g0 & h0 & !k); end
void t4() begin k := F; g := T; end
void main() begin g, k := F, T; start_thread t1(); start_thread t3(); start_thread t4(); assume(g); assert(!g0); end`, bopgo.Unsafe},
}

func TestPORTraps(t *testing.T) {
	t.Parallel()
	for _, c := range porTraps {
		p, err := bp.Load("trap.bp", []byte(c.src))
		require.NoError(t, err, c.name)
		for _, opts := range []bopgo.Options{
			{Engine: bopgo.Symbolic},
			{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{NoPOR: true}},
			{Engine: bopgo.Explicit},
		} {
			res, err := bopgo.Check(context.Background(), p, opts)
			require.NoError(t, err)
			assert.Equal(t, c.want, res.Verdict, "%s (%s, no POR %v): %s", c.name, opts.Engine, opts.Symbolic.NoPOR, res.Reason)
			replay(t, p, opts, res)
		}
	}
}

// TestPORReduces checks that the reduction happens where it should: on the
// lock-sharing workers most expansions are by one thread.
func TestPORReduces(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("w.bp", []byte(workers(3, 4)))
	require.NoError(t, err)
	on, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic})
	require.NoError(t, err)
	off, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{NoPOR: true}})
	require.NoError(t, err)
	assert.Equal(t, bopgo.Safe, on.Verdict)
	assert.Equal(t, bopgo.Safe, off.Verdict)
	assert.Greater(t, on.Counters.Int("reduced_expansions"), 0)
	assert.Zero(t, off.Counters.Int("reduced_expansions"))
	assert.Less(t, on.Counters.Int("states"), off.Counters.Int("states"))
}

// TestPORSplitsByEnabledness checks that a state whose candidate is
// enabled in only part of it is split, not expanded fully.
func TestPORSplitsByEnabledness(t *testing.T) {
	t.Parallel()
	for _, c := range porTraps {
		if c.name != "an assume that holds in part of the state: the rest must see the others" {
			continue
		}
		p, err := bp.Load("trap.bp", []byte(c.src))
		require.NoError(t, err)
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic})
		require.NoError(t, err)
		assert.Greater(t, res.Counters.Int("split_states"), 0)
		off, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Symbolic, Symbolic: bopgo.SymbolicOptions{NoPOR: true}})
		require.NoError(t, err)
		assert.Zero(t, off.Counters.Int("split_states"))
		return
	}
	t.Fatal("trap not found")
}

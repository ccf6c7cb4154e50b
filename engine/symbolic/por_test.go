package symbolic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
)

// Traps for partial-order reduction: each program needs an interleaving
// that a careless reduction prunes. The engine with and without the
// reduction must agree with the explicit engine.
var porTraps = []struct {
	name, src string
	want      engine.Verdict
}{
	{"a later write of another thread (BoPPo's --por misses it)", `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`, engine.Unsafe},
	{"a read that another thread's later write invalidates", `decl g, h, a;
void t1() begin a := g; assert(!a); end
void t2() begin h := T; g := T; end
void main() begin g, h, a := F, F, F; start_thread t1(); start_thread t2(); end`, engine.Unsafe},
	{"a blocked thread enabled later by another", `decl g;
void t1() begin decl l; l := T; l := !l; assume(g); assert(F); end
void t2() begin decl m; m := F; m := !m; g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); end`, engine.Unsafe},
	{"a local loop that could starve a writer", `decl g;
void spin() begin decl l; L: l := !l; goto L; end
void writer() begin g := T; end
void main() begin g := F; start_thread spin(); start_thread writer(); assume(g); assert(F); end`, engine.Unsafe},
	{"local loops around a correct lock", `decl lock, in;
void w() begin decl a; L: a := !a; a := a ^ *; lock := T constrain !lock; assert(!in); in := T; in := F; lock := F; goto L; end
void main() begin lock, in := F, F; start_thread w(); start_thread w(); end`, engine.Safe},
	{"an assume that holds in every state is ample", `decl g;
void t() begin decl l; l := T; assume(l); g := T; end
void main() begin g := F; start_thread t(); start_thread t(); assume(g); assert(F); end`, engine.Unsafe},
	{"an assume that holds in part of the state: the rest must see the others", `decl g0, g;
void t1() begin decl l; l := g0; assume(l); end
void t2() begin g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); assume(g); assert(g0); end`, engine.Unsafe},
	{"a constraint satisfiable in part of the state", `decl g0, g;
void t1() begin decl l; l := * constrain ('l & g0); end
void t2() begin g := T; end
void main() begin g := F; start_thread t1(); start_thread t2(); assume(g); assert(g0); end`, engine.Unsafe},
	{"a candidate disabled in what the first one leaves (Why)", `decl g0, h0, k, g;
void t1() begin assume(!g0 & !k); end
void t3() begin assume(!g0 & h0 & !k); end
void t4() begin k := F; g := T; end
void main() begin g, k := F, T; start_thread t1(); start_thread t3(); start_thread t4(); assume(g); assert(!g0); end`, engine.Unsafe},
}

func TestPORTraps(t *testing.T) {
	t.Parallel()
	for _, c := range porTraps {
		p, err := bp.Load("trap.bp", []byte(c.src))
		require.NoError(t, err, c.name)
		require.Equal(t, c.want, explicitAnswer(t, p).Verdict, "%s: explicit", c.name)
		for _, opts := range []Options{{}, {NoPOR: true}} {
			res := check(t, p, opts)
			assert.Equal(t, c.want, res.Verdict, "%s (no POR %v): %s", c.name, opts.NoPOR, res.Reason)
		}
	}
}

// TestPORReduces checks that the reduction happens where it should: on the
// lock-sharing workers most expansions are by one thread.
func TestPORReduces(t *testing.T) {
	t.Parallel()
	p, err := bp.Load("w.bp", []byte(benchmarks.Workers(3, 4, false)))
	require.NoError(t, err)
	on := check(t, p, Options{})
	off := check(t, p, Options{NoPOR: true})
	assert.Equal(t, engine.Safe, on.Verdict)
	assert.Equal(t, engine.Safe, off.Verdict)
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
		res := check(t, p, Options{})
		assert.Greater(t, res.Counters.Int("split_states"), 0)
		off := check(t, p, Options{NoPOR: true})
		assert.Zero(t, off.Counters.Int("split_states"))
		return
	}
	t.Fatal("trap not found")
}

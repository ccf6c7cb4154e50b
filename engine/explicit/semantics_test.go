package explicit_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

func load(t testing.TB, src string) *bp.Program {
	t.Helper()
	p, err := bp.Load("t.bp", []byte(src))
	require.NoError(t, err)
	return p
}

// check runs the explicit engine under the root's policy (thread bounds,
// the answer replayed before it is returned).
func check(t testing.TB, p *bp.Program, opts bopgo.Options) bopgo.Result {
	t.Helper()
	opts.Engine = bopgo.Explicit
	r, err := bopgo.Check(context.Background(), p, opts)
	require.NoError(t, err)
	return r
}

// Hand-written semantics: each program exercises one rule of DESIGN.md.
var semantics = []struct {
	name, src, label string
	want             verdict.Verdict
}{
	{"assume blocks only its thread", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end`, "", verdict.Unsafe},
	{"assume never satisfied", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); end`, "", verdict.Safe},
	{"constrain without solution blocks", `decl g;
void main() begin g := * constrain 'g & !'g; assert(F); end`, "", verdict.Safe},
	{"constrain relates old and new", `decl g, h;
void main() begin g := F; g, h := *, * constrain ('g != g) & ('h = 'g); assert(h); end`, "", verdict.Safe},
	{"unassigned primes keep their value", `decl g, h;
void main() begin h := T; g := * constrain 'g = !'h; assert(!g); end`, "", verdict.Safe},
	{"enforce constrains later assignments", `decl a;
void f() begin enforce a; a := *; assert(a); end
void main() begin a := *; f(); end`, "", verdict.Safe},
	{"start_thread goto copies locals", `decl g;
void main() begin decl l; l := T; start_thread goto W; g := F; end_thread;
W: assert(l); end`, "", verdict.Safe},
	{"copied locals are independent afterwards", `decl g;
void main() begin decl l; l := T; start_thread goto W; l := F; end_thread;
W: assert(l); end`, "", verdict.Safe},
	{"atomic sections exclude other threads", `decl g;
void t() begin atomic_begin; g := T; assert(g); g := F; atomic_end; end
void main() begin start_thread t(); start_thread t(); end`, "", verdict.Safe},
	{"without atomic the same race fails", `decl g;
void t() begin g := T; assert(g); g := F; end
void main() begin start_thread t(); start_thread t(); end`, "", verdict.Unsafe},
	{"other threads go on after main ends", `decl g;
void t() begin assume(g); assert(F); end
void main() begin g := F; start_thread t(); g := T; end`, "", verdict.Unsafe},
	{"POR trap: a later write of another thread", `decl g, h;
void t1() begin assert(!g); end
void t2() begin h := T; g := T; end
void main() begin g, h := F, F; start_thread t1(); start_thread t2(); end`, "", verdict.Unsafe},
	{"decl makes a local non-deterministic again", `void main() begin decl l; l := T; decl l2; assert(l); end`, "", verdict.Safe},
	{"locals start non-deterministic at every call", `void f() begin decl l; assert(l); l := T; end
void main() begin f(); end`, "", verdict.Unsafe},
	{"dead forgets a value", `void main() begin decl l; l := T; dead l; assert(l); end`, "", verdict.Unsafe},
	{"schoose", `decl g;
void main() begin g := schoose[T, T]; assert(g); g := schoose[F, T]; assert(!g); end`, "", verdict.Safe},
	{"thread-locals are per thread and copied at start", `decl thread_local x; decl g;
void t() begin assert(x); x := F; end
void main() begin x := T; start_thread t(); start_thread t(); end`, "", verdict.Safe},
	{"label reached", `void main() begin decl l; if l then ERR: skip; fi end`, "ERR", verdict.Unsafe},
	{"label mode ignores assertions", `void main() begin assert(F); end`, "", verdict.Unsafe},
	{"label mode ignores assertions (with -l)", `void main() begin assert(F); assume(F); X: skip; end`, "X", verdict.Safe},
	{"abortif stops the path", `void main() begin decl l; abortif l; assert(!l); end`, "", verdict.Safe},
	{"return values", `bool<2> f(a) begin return a, !a; end
void main() begin decl x, y; x, y := f(T); assert(x & !y); end`, "", verdict.Safe},
	{"falling off a bool function returns non-determinism", `bool f() begin skip; end
void main() begin decl x; x := f(); assert(x); end`, "", verdict.Unsafe},
	{"unbounded thread creation with a bug", `decl g;
void t() begin decl l; l, g := g, F; assert(l); end
void main() begin g := T; L: start_thread t(); goto L; end`, "", verdict.Unsafe},
}

func TestSemantics(t *testing.T) {
	t.Parallel()
	for _, c := range semantics {
		t.Run(c.name, func(t *testing.T) {
			r := check(t, load(t, c.src), bopgo.Options{Label: c.label})
			assert.Equal(t, c.want, r.Verdict, r.Reason)
		})
	}
}

func TestThreadBoundGivesUnknown(t *testing.T) {
	t.Parallel()
	// A safe program that creates threads forever: the bound is always
	// hit, so the answer is Unknown, never Safe.
	p := load(t, `decl g;
void t() begin g := T; end
void main() begin L: start_thread t(); assert(g | !g); assert(T); goto L; end
void x() begin assert(F); end`)
	r := check(t, p, bopgo.Options{MaxThreads: 3})
	assert.Equal(t, verdict.Unknown, r.Verdict)
	assert.Equal(t, verdict.Threads, r.Limit)
	assert.Contains(t, r.Reason, "thread bound")
}

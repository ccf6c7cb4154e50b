package benchmarks

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/verdict"
)

// textbookGens are the textbook families' generators by family name.
var textbookGens = map[string]func(n, k int, bug bool) string{
	"rwlock": RWLock, "philosophers": Philosophers, "barrier": Barrier,
	"ringbuffer": RingBuffer, "ticketlock": TicketLock,
}

// TestTextbookLoad: every generator writes a program that parses and
// checks, at every size of the grid (2 to 4 bits, 3 to 8
// threads), with its own bound of n+1 live threads.
func TestTextbookLoad(t *testing.T) {
	t.Parallel()
	for _, family := range []string{"rwlock", "philosophers", "barrier", "ringbuffer", "ticketlock"} {
		gen := textbookGens[family]
		for n := 3; n <= 8; n++ {
			for k := 2; k <= 4; k++ {
				for _, bug := range []bool{false, true} {
					name := fmt.Sprintf("%s n=%d k=%d bug=%v", family, n, k, bug)
					src := gen(n, k, bug)
					p, err := bp.Load(name+".bp", []byte(src))
					require.NoError(t, err, name)
					threads, bounded := p.MaxThreads()
					assert.True(t, bounded, name)
					assert.Equal(t, n+1, threads, name)
					assert.Equal(t, n, strings.Count(src, "start_thread"), name)
				}
			}
		}
	}
}

// TestBitVectors: increment, decrement, isConst and atMost compute what
// they say on every value of 1 to 4 bits, through bopgo's own semantics:
// one sequential program per width sets each value, applies them and
// asserts the results, and the explicit engine finds it safe.
func TestBitVectors(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 4; k++ {
		c := counter("c", k)
		var b strings.Builder
		fmt.Fprintf(&b, "decl %s;\nvoid main() begin\n", strings.Join(c, ", "))
		set := func(v int) {
			vals := make([]string, k)
			for i := range vals {
				vals[i] = tf(v>>i&1 == 1)
			}
			b.WriteString(assign(c, vals))
		}
		size := 1 << k
		for v := 0; v < size; v++ {
			set(v)
			fmt.Fprintf(&b, "  assert(%s);\n", isConst(c, v))
			for w := 0; w < size; w++ {
				if w != v {
					fmt.Fprintf(&b, "  assert(!%s);\n", isConst(c, w))
				}
				le := atMost(c, w)
				if v > w {
					le = "!(" + le + ")"
				}
				fmt.Fprintf(&b, "  assert(%s);\n", le)
			}
			b.WriteString(assign(c, increment(c)))
			fmt.Fprintf(&b, "  assert(%s);\n", isConst(c, (v+1)%size))
			set(v)
			b.WriteString(assign(c, decrement(c)))
			fmt.Fprintf(&b, "  assert(%s);\n", isConst(c, (v+size-1)%size))
		}
		fmt.Fprintf(&b, "end\n")
		p, err := bp.Load("bits.bp", []byte(b.String()))
		require.NoError(t, err, "k=%d", k)
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit})
		require.NoError(t, err)
		assert.Equal(t, verdict.Safe, res.Verdict, "k=%d: %s", k, res.Reason)
	}
}

// TestTextbookDefault: the default check answers the small instances
// right, among them the committed ones whose counters wrap.
func TestTextbookDefault(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		family string
		n, k   int
		bug    bool
		want   verdict.Verdict
	}{
		{"rwlock", 3, 2, false, verdict.Safe},
		{"rwlock", 3, 2, true, verdict.Unsafe},
		{"rwlock", 6, 2, false, verdict.Unsafe}, // 4 readers wrap the count
		{"philosophers", 3, 2, false, verdict.Safe},
		{"philosophers", 4, 2, true, verdict.Unsafe},
		{"barrier", 3, 2, false, verdict.Safe},
		{"barrier", 3, 2, true, verdict.Unsafe},
		{"barrier", 4, 2, true, verdict.Safe}, // the count wraps to 0 at n = 2^k: the lost arrival only deadlocks
		{"ringbuffer", 3, 2, false, verdict.Safe},
		{"ringbuffer", 3, 2, true, verdict.Unsafe},
		{"ticketlock", 3, 2, false, verdict.Safe},
		{"ticketlock", 4, 2, true, verdict.Unsafe},
		{"ticketlock", 5, 2, false, verdict.Unsafe}, // 5 threads, 4 tickets
	} {
		name := fmt.Sprintf("%s n=%d k=%d bug=%v", c.family, c.n, c.k, c.bug)
		p, err := bp.Load(name+".bp", []byte(textbookGens[c.family](c.n, c.k, c.bug)))
		require.NoError(t, err, name)
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Timeout: 20 * time.Second})
		require.NoError(t, err, name)
		assert.Equal(t, c.want, res.Verdict, "%s: %s", name, res.Reason)
	}
}

// TestTextbookShape: the bugs are where the doc comments put them.
func TestTextbookShape(t *testing.T) {
	t.Parallel()
	assert.Contains(t, RWLock(4, 2, false), "  w := T constrain !w;\n  assume((!r0 & !r1));\n")
	assert.Contains(t, RWLock(4, 2, true), "  assume((!r0 & !r1));\n  w := T constrain !w;\n")
	assert.Equal(t, 6, strings.Count(Philosophers(3, 2, false), "constrain !f"), "two forks each")
	assert.Equal(t, 5, strings.Count(Philosophers(3, 2, true), "constrain !f"))
	assert.Contains(t, Philosophers(3, 2, true), "  f1 := T;\n")
	assert.Contains(t, Barrier(3, 2, false), "    c0, c1 := F, F;\n    s := ls;\n")
	assert.Contains(t, Barrier(3, 2, true), "    s := ls;\n    c0, c1 := F, F;\n")
	assert.Contains(t, RingBuffer(3, 2, false), "assume(!count2);")
	assert.Contains(t, TicketLock(3, 2, false), "my0, my1, next0, next1 := next0, next1, !next0, next1 ^ (next0);")
	assert.Contains(t, TicketLock(3, 2, true), "  my0, my1 := next0, next1;\n  next0, next1 := !next0, next1 ^ (next0);\n")
}

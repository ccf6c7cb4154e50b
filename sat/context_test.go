package sat

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// prompt bounds how long a cancelled solve may take to return. It is
// generous on purpose: the tests check that cancellation works, not how
// fast the machine is.
const prompt = 5 * time.Second

// pigeonhole adds the clauses saying that n pigeons sit in n-1 holes,
// one per hole; resolution proofs of its unsatisfiability are exponential,
// so gini cannot finish it for n = 10 in any reasonable time.
func pigeonhole(s *Solver, n int) {
	c := s.Circuit()
	p := make([][]z.Lit, n)
	for i := range p {
		p[i] = make([]z.Lit, n-1)
		for j := range p[i] {
			p[i][j] = c.Lit()
		}
		s.Add(p[i]...)
	}
	for j := 0; j < n-1; j++ {
		for i := 0; i < n; i++ {
			for k := i + 1; k < n; k++ {
				s.Add(p[i][j].Not(), p[k][j].Not())
			}
		}
	}
}

func TestSolveContextDeadline(t *testing.T) {
	s := New(logic.NewC())
	pigeonhole(s, 10)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := s.SolveContext(ctx)
	assert.Equal(t, Unknown, r)
	assert.Less(t, time.Since(start), prompt)
	assert.Equal(t, int64(1), s.Stats().Unknown)

	// The solver is still usable after a stop.
	act := s.NewActivation()
	s.AddUnder(act)
	s.Assume(act)
	assert.Equal(t, Unsat, s.SolveContext(context.Background()))
	assert.Equal(t, []z.Lit{act}, s.Why())
}

func TestSolveContextCancel(t *testing.T) {
	s := New(logic.NewC())
	pigeonhole(s, 10)

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	assert.Equal(t, Unknown, s.SolveContext(ctx))
	assert.Less(t, time.Since(start), prompt)
}

func TestSolveContextAlreadyDone(t *testing.T) {
	s := New(logic.NewC())
	pigeonhole(s, 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	assert.Equal(t, Unknown, s.SolveContext(ctx))
	assert.Less(t, time.Since(start), prompt)
}

func TestSolveContextAnswers(t *testing.T) {
	// A live context must not change the answers of easy queries.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	s := New(logic.NewC())
	pigeonhole(s, 5)
	assert.Equal(t, Unsat, s.SolveContext(ctx))

	c := logic.NewC()
	a, b := c.Lit(), c.Lit()
	s = New(c)
	s.Assert(c.Xor(a, b))
	for range 100 {
		s.Assume(a)
		require.Equal(t, Sat, s.SolveContext(ctx))
		assert.False(t, s.Value(b))
		s.Assume(a, b)
		require.Equal(t, Unsat, s.SolveContext(ctx))
	}
	assert.Equal(t, Stats{Calls: 200, Sat: 100, Unsat: 100}, callCounts(s.Stats()))
}

func callCounts(st Stats) Stats {
	return Stats{Calls: st.Calls, Sat: st.Sat, Unsat: st.Unsat, Unknown: st.Unknown}
}

// turnContext is a context whose Err is held for hold at every poll, as
// a race's turn is while another engine runs (package race), and counts
// the polls.
type turnContext struct {
	context.Context
	hold  time.Duration
	polls atomic.Int64
	held  func() // called while Err holds, if not nil
}

func (c *turnContext) Err() error {
	c.polls.Add(1)
	if c.held != nil {
		c.held()
	} else {
		time.Sleep(c.hold)
	}
	return c.Context.Err()
}

// TestSolveContextPollsErr: a long query polls ctx.Err() (not only Done)
// every errEvery or so, so that a race's schedule can take its core
// there; a query that only watched Done would leave the schedule.
func TestSolveContextPollsErr(t *testing.T) {
	pollsErr(t)
}

// TestSolveContextPollsErrOnOneP: the same with one P (a one-CPU task),
// where a yield hands the P to gini until the scheduler preempts it.
func TestSolveContextPollsErrOnOneP(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	pollsErr(t)
}

func pollsErr(t *testing.T) {
	s := New(logic.NewC())
	pigeonhole(s, 10)
	parent, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	ctx := &turnContext{Context: parent, hold: 10 * time.Millisecond}
	start := time.Now()
	assert.Equal(t, Unknown, s.SolveContext(ctx))
	assert.Less(t, time.Since(start), prompt)
	// 300 ms of polls every errEvery, each held 10 ms: about 25 on an
	// idle machine, 4 under -race; a query that watched Done alone made
	// none. At least two: Err is polled again and again, not once.
	assert.GreaterOrEqual(t, ctx.polls.Load(), int64(2), "Err polled during the query")
}

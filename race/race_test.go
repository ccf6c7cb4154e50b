package race

import (
	"context"
	"errors"
	"runtime/pprof"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/verdict"
)

// answer words of the fake entrants: "yes" is definite.
func definite(s string) bool { return s == "yes" }

// after is an entrant that polls its context for d, then answers a;
// cancelled first, it answers "stopped".
func after(name string, d time.Duration, a string) Entrant[string] {
	return Entrant[string]{Name: name, Share: 1, Run: func(ctx context.Context) (string, error) {
		end := time.Now().Add(d)
		for time.Now().Before(end) {
			if ctx.Err() != nil {
				return "stopped", nil
			}
		}
		return a, nil
	}}
}

// ending counts the entrants of a test that end on their own before the
// winner answers.
type ending struct{ left atomic.Int32 }

// of is e counted: its Run, ending in any way (a panic too), counts down.
func (n *ending) of(e Entrant[string]) Entrant[string] {
	n.left.Add(1)
	run := e.Run
	e.Run = func(ctx context.Context) (string, error) {
		defer n.left.Add(-1)
		return run(ctx)
	}
	return e
}

// winnerAfter is an entrant that polls its context until the entrants
// counted by n have returned, and for grace more, then answers "yes";
// cancelled first, it answers "stopped". Waiting for them, not for a
// fixed time, lets a loaded machine take as long as it likes to give
// them their turns; the grace covers the step between an entrant's
// return and its answer reaching the race, a few instructions.
// After 10 s it answers anyway, and the test's checks of the others'
// ends say what went wrong.
func winnerAfter(name string, n *ending, grace time.Duration) Entrant[string] {
	return Entrant[string]{Name: name, Share: 1, Run: func(ctx context.Context) (string, error) {
		giveUp := time.Now().Add(10 * time.Second)
		var since time.Time // when the others had all returned
		for {
			if ctx.Err() != nil {
				return "stopped", nil
			}
			now := time.Now()
			switch {
			case now.After(giveUp):
				return "yes", nil
			case n.left.Load() > 0:
			case since.IsZero():
				since = now
			case now.Sub(since) >= grace:
				return "yes", nil
			}
		}
	}}
}

// TestRunWinner: the first definite answer wins; an entrant that ended
// earlier without one, or failed, or panicked, leaves the others racing,
// and the records say how each ended, in the entrants' order.
func TestRunWinner(t *testing.T) {
	failure := errors.New("an answer that does not check")
	var early ending
	entrants := []Entrant[string]{
		after("slow", time.Minute, "yes"),
		early.of(after("unsure", 0, "no")),
		early.of(Entrant[string]{Name: "wrong", Share: 6, Run: func(context.Context) (string, error) { return "", failure }}),
		early.of(Entrant[string]{Name: "buggy", Share: 1, Run: func(context.Context) (string, error) { panic("boom") }}),
		winnerAfter("winner", &early, 50*time.Millisecond),
	}
	out := Run(context.Background(), entrants, definite, Config{Slots: 2, Quantum: time.Millisecond})
	require.Equal(t, 4, out.Winner)
	assert.Equal(t, "yes", out.Records[4].Answer)
	var outcomes []Outcome
	for i, r := range out.Records {
		assert.Equal(t, entrants[i].Name, r.Name)
		outcomes = append(outcomes, r.Outcome)
	}
	assert.Equal(t, []Outcome{Cancelled, Stopped, Failed, Failed, Won}, outcomes)
	assert.ErrorIs(t, out.Records[2].Err, failure)
	pe, ok := errors.AsType[*PanicError](out.Records[3].Err)
	require.True(t, ok, "%v", out.Records[3].Err)
	assert.Equal(t, "boom", pe.Value)
	assert.Contains(t, pe.Stack, "race_test.go")
	assert.Equal(t, 6, out.Records[2].Share)
	assert.Len(t, out.Ended, 4, "every entrant but the cancelled one")
	assert.Equal(t, 4, out.Ended[3], "the winner ends last")
	assert.Positive(t, out.Records[4].Held)
	assert.Positive(t, out.Records[4].Polls)
}

// TestRunLabelsProfiles: an entrant runs, with every goroutine it starts,
// under the pprof label entrant=its name, so that a CPU profile of a
// race splits by entrant (go tool pprof -tags).
func TestRunLabelsProfiles(t *testing.T) {
	labelled := func(name string) Entrant[string] {
		return Entrant[string]{Name: name, Share: 1, Run: func(ctx context.Context) (string, error) {
			got := make(chan string)
			go func() {
				l, _ := pprof.Label(ctx, "entrant")
				got <- l
			}()
			return <-got, nil
		}}
	}
	out := Run(context.Background(), []Entrant[string]{labelled("a"), labelled("b")}, func(string) bool { return false }, Config{Slots: 2})
	assert.Equal(t, "a", out.Records[0].Answer)
	assert.Equal(t, "b", out.Records[1].Answer)
}

// TestRunNoWinner: when no answer is definite, Run returns once every
// entrant has ended; one cancelled before its first turn is Stopped, with
// its context's limit and words.
func TestRunNoWinner(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&verdict.Cause{Limit: verdict.Time, Reason: "time limit reached"})
	out := Run(ctx, []Entrant[string]{after("a", 0, "no"), after("b", 0, "no")}, definite, Config{Slots: 1})
	assert.Equal(t, -1, out.Winner)
	for _, r := range out.Records {
		assert.Equal(t, Stopped, r.Outcome, r.Name)
		if !r.Started {
			assert.Equal(t, verdict.Time, r.Limit, r.Name)
			assert.Equal(t, "time limit reached", r.Reason, r.Name)
		}
	}
	assert.Len(t, out.Ended, 2)
}

// TestRunMemoryShare: an entrant whose meter counts more than its share
// of the budget is stopped alone, with the Memory limit as its context's
// cause, and the others race on.
func TestRunMemoryShare(t *testing.T) {
	var hog ending
	entrants := []Entrant[string]{
		hog.of(Entrant[string]{Name: "hog", Share: 1, Meter: bytes(1 << 30), Run: func(ctx context.Context) (string, error) {
			for ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			_, reason := verdict.Stopped(ctx)
			return reason, nil
		}}),
		winnerAfter("winner", &hog, 50*time.Millisecond),
	}
	out := Run(context.Background(), entrants, definite, Config{Slots: 2, Budget: 1 << 20})
	require.Equal(t, 1, out.Winner)
	assert.Equal(t, Stopped, out.Records[0].Outcome)
	assert.Contains(t, out.Records[0].Answer, "memory share reached")
}

// bytes is a meter that counts a fixed number of bytes.
type bytes int64

func (b bytes) Bytes() int64 { return int64(b) }

package race

import (
	"context"
	"errors"
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

// TestRunWinner: the first definite answer wins; an entrant that ended
// earlier without one, or failed, or panicked, leaves the others racing,
// and the records say how each ended, in the entrants' order.
func TestRunWinner(t *testing.T) {
	failure := errors.New("an answer that does not check")
	entrants := []Entrant[string]{
		after("slow", time.Minute, "yes"),
		after("unsure", 0, "no"),
		{Name: "wrong", Share: 6, Run: func(context.Context) (string, error) { return "", failure }},
		{Name: "buggy", Share: 1, Run: func(context.Context) (string, error) { panic("boom") }},
		after("winner", 50*time.Millisecond, "yes"),
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
	entrants := []Entrant[string]{
		{Name: "hog", Share: 1, Meter: bytes(1 << 30), Run: func(ctx context.Context) (string, error) {
			for ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			_, reason := verdict.Stopped(ctx)
			return reason, nil
		}},
		after("winner", 300*time.Millisecond, "yes"),
	}
	out := Run(context.Background(), entrants, definite, Config{Slots: 2, Budget: 1 << 20})
	require.Equal(t, 1, out.Winner)
	assert.Equal(t, Stopped, out.Records[0].Outcome)
	assert.Contains(t, out.Records[0].Answer, "memory share reached")
}

// bytes is a meter that counts a fixed number of bytes.
type bytes int64

func (b bytes) Bytes() int64 { return int64(b) }

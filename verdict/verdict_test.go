package verdict

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestZeroValues(t *testing.T) {
	var v Verdict
	var l Limit
	assert.Equal(t, Unknown, v)
	assert.Equal(t, NoLimit, l)
	assert.Equal(t, "", l.String())
	assert.Equal(t, "choices", Choices.String())
	assert.Equal(t, "stack", Stack.String())
	assert.Equal(t, "contexts", Contexts.String())
	assert.Equal(t, "rounds", Rounds.String())
	assert.Len(t, Limits(), 10)
}

// The words and the limit come from whoever ended the context.
func TestStopped(t *testing.T) {
	l, why := Stopped(context.Background())
	assert.Equal(t, NoLimit, l)
	assert.Empty(t, why)

	ctx, cancel := WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	l, why = Stopped(ctx)
	assert.Equal(t, Time, l)
	assert.Equal(t, "timeout after 1ns", why)

	ctx, cancelCause := context.WithCancelCause(context.Background())
	cancelCause(&Cause{Limit: Memory, Reason: "memory limit reached"})
	inner, cancel2 := context.WithCancel(ctx) // the cause reaches contexts below
	defer cancel2()
	l, why = Stopped(inner)
	assert.Equal(t, Memory, l)
	assert.Equal(t, "memory limit reached", why)

	ctx, cancel = context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	l, why = Stopped(ctx)
	assert.Equal(t, Time, l)
	assert.Equal(t, "time limit reached", why)

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	l, why = Stopped(ctx)
	assert.Equal(t, Cancelled, l)
	assert.Equal(t, "cancelled", why)
}

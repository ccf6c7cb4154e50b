//go:build unix

package sat

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/stretchr/testify/assert"
)

// cpuTime is the process's user time so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano())
}

// TestSolveContextPausesForErr: while ctx.Err() holds the query (a race's
// turn gone to another engine), gini's search is paused: the process
// spends almost no CPU time then, so the core is the other engine's.
func TestSolveContextPausesForErr(t *testing.T) {
	s := New(logic.NewC())
	pigeonhole(s, 10)
	parent, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	var wall, cpu time.Duration
	ctx := &turnContext{Context: parent}
	ctx.held = func() {
		start, used := time.Now(), cpuTime(t)
		time.Sleep(20 * time.Millisecond)
		wall += time.Since(start)
		cpu += cpuTime(t) - used
	}
	assert.Equal(t, Unknown, s.SolveContext(ctx))
	if wall == 0 {
		t.Fatal("Err never polled during the query")
	}
	assert.Less(t, cpu, wall/4, "CPU time while Err held the query: %v of %v", cpu, wall)
}

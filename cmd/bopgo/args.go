package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bopgo/bopgo"
)

// What check, boppo and qbf do alike with their command lines.

// badLimits checks the engine name and the bounds shared by check and
// boppo; it returns what is wrong, or "".
func badLimits(engine string, maxThreads int, timeout time.Duration) string {
	if maxThreads < 0 || timeout < 0 {
		return "--max-threads and --timeout must not be negative"
	}
	if _, ok := bopgo.Engine(engine).Info(); !ok {
		return fmt.Sprintf("unknown engine %q (known: %v)", engine, bopgo.Engines)
	}
	return ""
}

// withTimeout is ctx limited to timeout (none if 0).
func withTimeout(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, timeout)
}

// explainTimeout words the reason of a result stopped by the time limit.
func explainTimeout(ctx context.Context, res *bopgo.Result, timeout time.Duration) {
	if res.Verdict == bopgo.Unknown && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		res.Reason = fmt.Sprintf("timeout after %v", timeout)
	}
}

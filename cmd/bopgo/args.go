package main

import (
	"context"
	"fmt"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/verdict"
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

// withTimeout is ctx limited to timeout (none if 0), the limit and its
// words in the context's cause (verdict.WithTimeout). Only bopgo tts
// still runs an engine itself; when it goes through the root (CheckTTS,
// with a Timeout of its own) this and the verdict import go, and tts's
// verdict switch becomes exitStatus.
func withTimeout(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	return verdict.WithTimeout(ctx, timeout)
}

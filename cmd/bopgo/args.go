package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/internal/cli"
)

// What check, boppo and qbf do alike with their command lines.

// parseArgs parses flags before or after the positional arguments. When
// stop is set the command ends at once with status: 0 after -h, the usage
// status after a bad flag (the flag package has said why).
func parseArgs(fs *flag.FlagSet, args []string) (files []string, status int, stop bool) {
	files, err := cli.ParseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, 0, true
	case err != nil:
		return nil, exitUsage, true
	}
	return files, 0, false
}

// oneFile returns the only positional argument, or says why not.
func oneFile(cmd string, files []string, fs *flag.FlagSet, stderr io.Writer) (string, bool) {
	if len(files) != 1 {
		fmt.Fprintf(stderr, "%s: want exactly one FILE, got %d\n", cmd, len(files))
		fs.Usage()
		return "", false
	}
	return files[0], true
}

// validLimits checks the engine name and the bounds shared by check and
// boppo.
func validLimits(cmd, engine string, maxThreads int, timeout time.Duration, stderr io.Writer) bool {
	if maxThreads < 1 || timeout < 0 {
		fmt.Fprintf(stderr, "%s: --max-threads must be at least 1; --timeout must not be negative\n", cmd)
		return false
	}
	for _, e := range bopgo.Engines {
		if string(e) == engine {
			return true
		}
	}
	fmt.Fprintf(stderr, "%s: unknown engine %q (known: %v)\n", cmd, engine, bopgo.Engines)
	return false
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

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/verdict"
)

// badBounds checks --rounds and --contexts against the other flags; it
// returns what is wrong, or "". A bound is that of the engines whose
// row lists its limit (and of auto, which races them): an engine that
// does not enforce it would answer for every interleaving, and the flag
// would mean nothing.
func badBounds(f *checkFlags) string {
	info, _ := bopgo.Engine(f.engine).Info()
	switch {
	case f.rounds < 0 || f.contexts < 0:
		return "--rounds and --contexts must not be negative"
	case f.rounds > 0 && f.contexts > 0:
		return "--contexts and --rounds are two bounds: give one"
	case f.rounds > 0 && !info.Hits(verdict.Rounds):
		return fmt.Sprintf("--rounds is a bound of the %s engines and of auto, which races them, not of %s", enginesHitting(verdict.Rounds), f.engine)
	case f.contexts > 0 && !info.Hits(verdict.Contexts):
		return fmt.Sprintf("--contexts is a bound of the %s engines and of auto, which races them, not of %s", enginesHitting(verdict.Contexts), f.engine)
	}
	return ""
}

// boundDone says on w (when not nil) each bound of --rounds or
// --contexts that ended without a bug, and when since start.
func boundDone(w io.Writer, f *checkFlags, start time.Time) func(int) {
	if w == nil {
		return nil
	}
	return func(k int) {
		words := fmt.Sprintf("within %d round%s", k, plural(k))
		if f.contexts > 0 {
			words = fmt.Sprintf("with up to %d context switch%s", k, pluralES(k))
		}
		fmt.Fprintf(w, "bopgo: no bug %s (%.2fs)\n", words, time.Since(start).Seconds())
	}
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pluralES is "es" unless n is 1.
func pluralES(n int) string {
	if n == 1 {
		return ""
	}
	return "es"
}

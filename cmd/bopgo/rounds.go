package main

import (
	"fmt"
	"io"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/verdict"
)

// badRounds checks --rounds against the other flags; it returns what is
// wrong, or "". The bound is the explicit engine's (and the default's,
// which races it): an engine that does not enforce it would answer for
// every interleaving, and the flag would mean nothing.
func badRounds(f *checkFlags) string {
	switch info, _ := bopgo.Engine(f.engine).Info(); {
	case f.rounds < 0:
		return "--rounds must not be negative"
	case f.rounds == 0:
		return ""
	case f.contexts > 0:
		return "--contexts and --rounds are two bounds: give one"
	case !info.Hits(verdict.Rounds):
		return fmt.Sprintf("--rounds is a bound of the %s engine and of auto, which races it, not of %s", enginesHitting(verdict.Rounds), f.engine)
	}
	return ""
}

// roundsDone says on w (when not nil) each bound of --rounds that ended
// without a bug.
func roundsDone(w io.Writer) func(int) {
	if w == nil {
		return nil
	}
	return func(k int) { fmt.Fprintf(w, "bopgo: no bug within %d round%s\n", k, plural(k)) }
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

package main

import (
	"fmt"
	"io"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// exactTrace replaces res's counterexample by one execution's
// (trace.Trace.Exact). If the trace cannot be made exact, res is left as
// it is and a warning goes to stderr.
func exactTrace(prog *bp.Program, label string, reading bp.Reading, res *bopgo.Result, stderr io.Writer, who string) {
	tr, err := res.Trace.Exact(prog, label, reading)
	if err != nil {
		fmt.Fprintf(stderr, "%s: warning: the trace's values are the engine's, not one execution's: %v\n", who, err)
		return
	}
	res.Trace = tr
}

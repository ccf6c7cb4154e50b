package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/mc/aiger"
)

const circuitUsage = `usage: bopgo circuit [flags] FILE.aig

Decides the bad-state property of an AIGER circuit (binary or ASCII,
e.g. from "bopgo export --format aiger") with one of bopgo's circuit
engines, so that they can be compared with ABC on the same file. The
answer is checked as bopgo check's are (the counterexample simulated,
the invariant or k re-checked). Prints VERIFICATION SUCCESSFUL (no bad
state is reachable), VERIFICATION FAILED or VERIFICATION UNKNOWN and
exits 0, 10 or 5 (6: bad input, 1: usage, 3: an answer that did not
check).

flags:
`

func runCircuit(args []string, stdout, stderr io.Writer) int {
	engines := orList(bopgo.CircuitEngines())
	cmd := cli.New("bopgo circuit", circuitUsage, stdout, stderr)
	fs := cmd.FlagSet
	engine := fs.String("engine", string(bopgo.IC3), "`ENGINE`: "+engines)
	timeout := fs.Duration("timeout", 0, "give up with UNKNOWN after `DURATION` (0: no limit)")
	maxDepth := fs.Int("max-depth", 0, "give up past depth `N` (frames for ic3; 0: no limit)")
	stats := fs.Bool("stats", false, "print the depth and the SAT calls")
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	if !slices.Contains(bopgo.CircuitEngines(), bopgo.Engine(*engine)) || *timeout < 0 || *maxDepth < 0 {
		fmt.Fprintf(stderr, "bopgo circuit: --engine must be %s; --timeout and --max-depth must not be negative\n", engines)
		return exitUsage
	}
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo circuit: %v\n", err)
		return exitBadInput
	}
	sys, err := aiger.Read(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return exitBadInput
	}
	res, err := bopgo.CheckCircuit(context.Background(), sys, bopgo.CircuitOptions{Engine: bopgo.Engine(*engine), MaxDepth: *maxDepth, Timeout: *timeout})
	if err != nil {
		return checkError("bopgo circuit", name, err, stderr, nil)
	}
	var show func(io.Writer, bopgo.Result)
	if *stats {
		show = writeCircuitStats
	}
	writeAnswer(stdout, res, show)
	return exitStatus(res.Verdict, nil)
}

// writeCircuitStats prints a circuit engine's depth, SAT calls (all, and
// those of the search that answered: IC3 runs two at once) and
// invariant, and the wall time.
func writeCircuitStats(w io.Writer, res bopgo.Result) {
	c := res.Counters
	fmt.Fprintf(w, "depth: %d\nSAT calls: %d\nanswer SAT calls: %d\ninvariant clauses: %d\ntime: %.3fs\n",
		c.Int(engine.CountDepth), c.Int(engine.CountSATCalls), c.Int(engine.CountAnswerSATCalls),
		len(res.Circuit.Invariant), c.Get(bopgo.CounterSeconds))
}

// orList words names as "a, b or c".
func orList(names []bopgo.Engine) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

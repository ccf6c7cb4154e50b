package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/aiger"
	"github.com/bopgo/bopgo/mc/bmc"
	"github.com/bopgo/bopgo/mc/ic3"
	"github.com/bopgo/bopgo/mc/kind"
)

const circuitUsage = `usage: bopgo circuit [flags] FILE.aig

Decides the bad-state property of an AIGER circuit (binary or ASCII,
e.g. from "bopgo export --format aiger") with one of bopgo's circuit
engines, so that they can be compared with ABC on the same file. Prints
VERIFICATION SUCCESSFUL (no bad state is reachable), VERIFICATION FAILED
or VERIFICATION UNKNOWN and exits 0, 10 or 5 (6: bad input, 1: usage).

flags:
`

// circuitEngines are the engines bopgo circuit accepts.
var circuitEngines = map[string]mc.Engine{"ic3": ic3.Check, "bmc": bmc.Check, "kind": kind.Check}

func runCircuit(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo circuit", circuitUsage, stdout, stderr)
	fs := cmd.FlagSet
	engine := fs.String("engine", "ic3", "`ENGINE`: ic3, bmc or kind")
	timeout := fs.Duration("timeout", 0, "give up with UNKNOWN after `DURATION` (0: no limit)")
	maxDepth := fs.Int("max-depth", 0, "give up past depth `N` (frames for ic3; 0: no limit)")
	stats := fs.Bool("stats", false, "print the depth and the SAT calls")
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	name, ok := cmd.OneFile(files)
	if !ok {
		return exitUsage
	}
	check, known := circuitEngines[*engine]
	if !known || *timeout < 0 || *maxDepth < 0 {
		fmt.Fprintf(stderr, "bopgo circuit: --engine must be ic3, bmc or kind; --timeout and --max-depth must not be negative\n")
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
	ctx, cancel := withTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	r := check(ctx, sys, mc.Options{MaxDepth: *maxDepth})
	if r.Verdict == mc.Unknown {
		fmt.Fprintf(stdout, "reason: %s\n", r.Reason)
	}
	if *stats {
		fmt.Fprintf(stdout, "depth: %d\nSAT calls: %d\ninvariant clauses: %d\ntime: %.3fs\n", r.Depth, r.Stats.SATCalls, len(r.Invariant), time.Since(start).Seconds())
	}
	switch r.Verdict {
	case mc.Safe:
		fmt.Fprintln(stdout, lineSafe)
		return exitSafe
	case mc.Unsafe:
		fmt.Fprintln(stdout, lineUnsafe)
		return exitUnsafe
	}
	fmt.Fprintln(stdout, lineUnknown)
	return exitUnknown
}

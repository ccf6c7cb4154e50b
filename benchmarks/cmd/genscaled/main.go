// Command genscaled writes the scaled-up random programs of issue #15's
// default-engine benchmark: programs of the differential generator
// (internal/gen), made larger until the explicit engine needs seconds,
// kept when its exhaustive search with three threads stores at least
// -min-states states. The selection counts states, not seconds, so that
// it is the same on every machine.
//
//	go run ./benchmarks/cmd/genscaled -out DIR [-seeds N] [-keep K] [-min-states S]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

func main() {
	out := flag.String("out", "", "directory to write the programs and MANIFEST.tsv to")
	seeds := flag.Int("seeds", 400, "seeds to try, from 1")
	keep := flag.Int("keep", 20, "programs to keep")
	minStates := flag.Int("min-states", 300_000, "least explicit states (three threads) of a kept program")
	maxStates := flag.Int("max-states", 4_000_000, "explicit search limit; a program that reaches it is skipped")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "genscaled: -out is required")
		os.Exit(1)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "genscaled:", err)
		os.Exit(1)
	}
	manifest := "file\tseed\texplicit_states\tverdict\n"
	kept := 0
	for seed := int64(1); seed <= int64(*seeds) && kept < *keep; seed++ {
		src := gen.Program(seed, benchmarks.Scaled)
		p, err := bp.Load("gen.bp", []byte(src))
		if err != nil {
			continue
		}
		res, err := bopgo.Check(context.Background(), p, bopgo.Options{Engine: bopgo.Explicit, MaxThreads: 3, MaxStates: *maxStates})
		if err != nil || res.Verdict == verdict.Unknown || res.Counters.Int("states") < *minStates {
			continue
		}
		name := benchmarks.ScaledName(seed)
		if err := os.WriteFile(filepath.Join(*out, name), []byte(src), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "genscaled:", err)
			os.Exit(1)
		}
		manifest += fmt.Sprintf("%s\t%d\t%d\t%v\n", name, seed, res.Counters.Int("states"), res.Verdict)
		kept++
		fmt.Fprintf(os.Stderr, "seed %d: %d states, %v\n", seed, res.Counters.Int("states"), res.Verdict)
	}
	if err := os.WriteFile(filepath.Join(*out, "MANIFEST.tsv"), []byte(manifest), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genscaled:", err)
		os.Exit(1)
	}
}

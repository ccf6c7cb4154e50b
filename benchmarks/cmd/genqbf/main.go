// Command genqbf writes subsumption-shaped 2QBF formulas (package
// qbf/gen) as QDIMACS files into a directory, to measure bopgo qbf
// against other solvers:
//
//	go run ./benchmarks/cmd/genqbf -dir /tmp/qbfgen -n 200 -seed 1
//
// File i is drawn from a generator seeded with (seed, i), so a set can be
// regenerated exactly; each file's first comment lines give its
// parameters.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/bopgo/bopgo/qbf"
	"github.com/bopgo/bopgo/qbf/gen"
)

func main() {
	dir := flag.String("dir", "qbfgen", "output `DIR`")
	n := flag.Int("n", 100, "number of formulas")
	seed := flag.Uint64("seed", 1, "random `SEED`")
	maxVars := flag.Int("vars", 12, "at most `N` state variables")
	maxRounds := flag.Int("rounds", 8, "at most `N` rounds of the loop")
	topDown := flag.Bool("topdown", false, "number each Tseitin variable before its inputs")
	shuffle := flag.Bool("shuffle", false, "number the Tseitin variables in a random order")
	flag.Parse()
	if err := run(*dir, *n, *seed, *maxVars, *maxRounds, *topDown, *shuffle); err != nil {
		fmt.Fprintln(os.Stderr, "genqbf:", err)
		os.Exit(1)
	}
}

func run(dir string, n int, seed uint64, maxVars, maxRounds int, topDown, shuffle bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range n {
		r := rand.New(rand.NewPCG(seed, uint64(i)))
		p := gen.Random(r, maxVars, maxRounds)
		p.TopDown = topDown
		p.Shuffle = shuffle
		q, err := gen.Formula(p)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, fmt.Sprintf("qbfgen-%04d-%s.qdimacs", i, p))
		if err := write(name, p, q); err != nil {
			return err
		}
	}
	return nil
}

func write(name string, p gen.Params, q *qbf.QDIMACS) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "c subsumption-shaped 2QBF from bopgo's qbf/gen\nc %+v\n", p)
	if err := qbf.WriteQDIMACS(w, q); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

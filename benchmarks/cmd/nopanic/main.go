// Command nopanic checks N random programs, every feature of the
// language among them, with every engine of the table but SPIN (a peer),
// under small limits, and reports per engine the safe, unsafe and unknown
// answers, the internal errors (a panic, an answer that failed its check)
// and every disagreement between definite answers (internal/crosscheck).
// It exits with status 1 on any fault, printing the family, the seed and
// the program of each, so that `go run ./benchmarks/cmd/nopanic -family F
// -from SEED -n 1` checks it again.
//
//	go run ./benchmarks/cmd/nopanic [-n 10000] [-jobs 2] [-family a,b] [-from 0] [-timeout 2s]
//
// Program i is the seed from+i/k of family i%k (k families), so every
// family gets about n/k programs; a program with statements labelled
// gen.Target is asked about them too (-l TARGET). Not part of go test:
// 10,000 programs take about an hour on two cores (benchmarks/README.md).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/crosscheck"
	"github.com/bopgo/bopgo/internal/gen"
	"github.com/bopgo/bopgo/verdict"
)

func main() {
	n := flag.Int("n", 10000, "programs to check")
	jobs := flag.Int("jobs", runtime.NumCPU(), "programs checked at once")
	from := flag.Int64("from", 0, "first seed")
	families := flag.String("family", "", "comma-separated families (default: every one of gen.Families)")
	timeout := flag.Duration("timeout", crosscheck.Fuzz.Timeout, "time limit of one engine on one question")
	quiet := flag.Bool("q", false, "no progress line on stderr")
	flag.Parse()
	fams, err := pick(*families)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nopanic:", err)
		os.Exit(1)
	}
	lim := crosscheck.Fuzz
	lim.Timeout = *timeout
	start := time.Now()
	outcomes := run(fams, *from, *n, *jobs, lim, *quiet)
	faults := report(os.Stdout, outcomes, fams, *jobs, time.Since(start))
	if faults > 0 {
		os.Exit(1)
	}
}

func pick(names string) ([]gen.Family, error) {
	if names == "" {
		return gen.Families, nil
	}
	var out []gen.Family
	for _, name := range strings.Split(names, ",") {
		f, ok := gen.FamilyNamed(name)
		if !ok {
			return nil, fmt.Errorf("no family %q", name)
		}
		out = append(out, f)
	}
	return out, nil
}

// outcome is what one program gave: its answers to each question (its
// assertions, or its own label; Target if it has it), and the faults.
type outcome struct {
	family  string
	seed    int64
	src     string
	loadErr error
	answers [][]crosscheck.Answer
	labels  []string
	faults  []crosscheck.Fault
}

// run checks programs 0..n-1 with jobs workers, in any order, and
// returns their outcomes in program order.
func run(fams []gen.Family, from int64, n, jobs int, lim crosscheck.Limits, quiet bool) []outcome {
	out := make([]outcome, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	start := time.Now()
	for range max(jobs, 1) {
		wg.Go(func() {
			for i := range next {
				out[i] = checkOne(fams[i%len(fams)], from+int64(i/len(fams)), lim)
				mu.Lock()
				done++
				if !quiet && (done%100 == 0 || done == n) {
					fmt.Fprintf(os.Stderr, "\r%d/%d programs, %.1f/s", done, n, float64(done)/time.Since(start).Seconds())
				}
				mu.Unlock()
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if !quiet {
		fmt.Fprintln(os.Stderr)
	}
	return out
}

func checkOne(f gen.Family, seed int64, lim crosscheck.Limits) outcome {
	o := outcome{family: f.Name, seed: seed, src: f.Program(seed)}
	p, err := bp.Load("gen.bp", []byte(o.src))
	if err != nil {
		o.loadErr = err
		return o
	}
	o.labels = []string{""}
	if len(p.FindLabel(gen.Target)) > 0 {
		o.labels = append(o.labels, gen.Target)
	}
	for _, label := range o.labels {
		answers, faults := crosscheck.Check(p, label, lim)
		o.answers = append(o.answers, answers)
		for _, f := range faults {
			if label != "" {
				f.Msg = "-l " + label + ": " + f.Msg
			}
			o.faults = append(o.faults, f)
		}
	}
	return o
}

// tally is one engine's counts.
type tally struct {
	safe, unsafe, unknown, internal, errors int
	time                                    time.Duration
}

// report prints the counts per engine, then every fault with its
// program, and returns the number of faults (a program the front end
// refused counts as one: the generators must write valid programs).
func report(w *os.File, outcomes []outcome, fams []gen.Family, jobs int, elapsed time.Duration) int {
	engines := crosscheck.Engines()
	tallies := map[bopgo.Engine]*tally{}
	for _, e := range engines {
		tallies[e] = &tally{}
	}
	questions, faults := 0, 0
	perFamily := map[string]int{}
	for _, o := range outcomes {
		perFamily[o.family]++
		for _, answers := range o.answers {
			questions++
			for _, a := range answers {
				t := tallies[a.Engine]
				t.time += a.Time
				switch {
				case errors.Is(a.Err, bopgo.ErrInternal):
					t.internal++
				case a.Err != nil:
					t.errors++
				case a.Result.Verdict == verdict.Safe:
					t.safe++
				case a.Result.Verdict == verdict.Unsafe:
					t.unsafe++
				default:
					t.unknown++
				}
				if len(a.Result.Failures) > 0 {
					t.internal += len(a.Result.Failures)
				}
			}
		}
	}
	var fam []string
	for _, f := range fams {
		fam = append(fam, fmt.Sprintf("%s %d", f.Name, perFamily[f.Name]))
	}
	fmt.Fprintf(w, "nopanic: %d programs (%s), %d questions, %d jobs, %s (%.2f programs/s)\n",
		len(outcomes), strings.Join(fam, ", "), questions, jobs, elapsed.Round(time.Second), float64(len(outcomes))/elapsed.Seconds())
	fmt.Fprintf(w, "%-9s %7s %7s %7s %9s %7s %10s\n", "engine", "safe", "unsafe", "unknown", "internal", "errors", "time")
	for _, e := range engines {
		t := tallies[e]
		fmt.Fprintf(w, "%-9s %7d %7d %7d %9d %7d %10s\n", e, t.safe, t.unsafe, t.unknown, t.internal, t.errors, t.time.Round(time.Second))
	}
	for _, o := range outcomes {
		if o.loadErr != nil {
			faults++
			fmt.Fprintf(w, "\nFAULT %s seed %d: the front end refuses the program: %v\n%s", o.family, o.seed, o.loadErr, o.src)
			continue
		}
		if len(o.faults) == 0 {
			continue
		}
		faults += len(o.faults)
		slices.SortStableFunc(o.faults, func(a, b crosscheck.Fault) int { return int(a.Kind) - int(b.Kind) })
		fmt.Fprintf(w, "\nFAULT %s seed %d:\n", o.family, o.seed)
		for _, f := range o.faults {
			fmt.Fprintf(w, "  %v\n", f)
		}
		fmt.Fprint(w, o.src)
	}
	fmt.Fprintf(w, "\n%d faults\n", faults)
	return faults
}

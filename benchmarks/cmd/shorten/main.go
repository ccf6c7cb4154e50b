// Command shorten measures the shortening of counterexamples (package
// shorten; README.md, "Looking at a counterexample") on the corpus: each
// engine checks every program of its manifest that loads and is not
// expected safe (one expected unknown may have a counterexample) with the engine's trace kept (Options.RawTrace), and
// each counterexample found is shortened as
// Check shortens it (the same budget, shorten.Budget of the check's
// time) and the result replayed once more. It writes into --out
// shorten.tsv (one line per program and engine: the steps and context
// switches before and after, the shortening's time and replays) and
// summary.md (per engine the totals; the most shortened; then the worst
// cases: the longest shortened traces, the least shortened, the slowest
// shortenings).
//
//	go run ./benchmarks/cmd/shorten [-out benchmarks/results/shorten] [-corpus benchmarks/corpus] [-engines explicit,auto] [-timeout 20s]
//
// It runs one check at a time (the default engine races on every core).
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/judge"
	"github.com/bopgo/bopgo/shorten"
	"github.com/bopgo/bopgo/verdict"
)

func main() {
	out := flag.String("out", "benchmarks/results/shorten", "output `DIR`")
	corpus := flag.String("corpus", "benchmarks/corpus", "the corpus `DIR` (its MANIFEST.tsv)")
	engines := flag.String("engines", "explicit,auto", "comma-separated `ENGINES`")
	timeout := flag.Duration("timeout", 20*time.Second, "each check's time limit, `D`")
	quiet := flag.Bool("q", false, "no progress line on stderr")
	flag.Parse()
	if err := run(*out, *corpus, strings.Split(*engines, ","), *timeout, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "shorten:", err)
		os.Exit(1)
	}
}

// row is one program checked by one engine and its trace shortened.
type row struct {
	program, engine string
	stats           shorten.Stats
	checkSeconds    float64
	fault           string // the shortened trace did not replay
}

func run(out, corpus string, engines []string, timeout time.Duration, quiet bool) error {
	entries, err := benchmarks.ReadManifest(corpus)
	if err != nil {
		return err
	}
	var rows []row
	skipped := map[string]int{}
	for _, e := range entries {
		if e.Expected == "safe" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(corpus, e.Path))
		if err != nil {
			return err
		}
		prog, err := bp.Load(e.Path, src)
		if err != nil {
			skipped["does not load"]++
			continue
		}
		for _, name := range engines {
			if !quiet {
				fmt.Fprintf(os.Stderr, "\r%-90s", name+" "+e.Path)
			}
			r, why := measure(prog, e, bopgo.Engine(name), timeout)
			if why != "" {
				skipped[name+": "+why]++
				continue
			}
			rows = append(rows, r)
		}
	}
	if !quiet {
		fmt.Fprintln(os.Stderr)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := write(filepath.Join(out, "shorten.tsv"), func(w io.Writer) { table(w, rows) }); err != nil {
		return err
	}
	return write(filepath.Join(out, "summary.md"), func(w io.Writer) { summary(w, rows, engines, skipped, timeout) })
}

// measure checks prog with engine, keeping the engine's trace, and
// shortens it as Check would; why says why there is no row.
func measure(prog *bp.Program, e benchmarks.Entry, engine bopgo.Engine, timeout time.Duration) (row, string) {
	opts := bopgo.Options{Engine: engine, Label: e.Label, Timeout: timeout, RawTrace: true}
	start := time.Now()
	res, err := bopgo.Check(context.Background(), prog, opts)
	elapsed := time.Since(start)
	switch {
	case err != nil:
		return row{}, "error"
	case res.Verdict != verdict.Unsafe:
		return row{}, res.Verdict.String()
	}
	jopts := judge.Options{Label: prog.CheckedLabel(e.Label), Broadcast: opts.Broadcast}
	short, st := shorten.Trace(context.Background(), prog, jopts, res.Trace.Exec, shorten.Budget(elapsed))
	r := row{program: e.Path, engine: string(res.Engine), stats: st, checkSeconds: elapsed.Seconds()}
	if engine == bopgo.Auto {
		r.engine = "auto/" + r.engine
	}
	if err := judge.Replay(prog, jopts, short); err != nil {
		r.fault = err.Error()
	}
	return r, ""
}

func table(w io.Writer, rows []row) {
	fmt.Fprintln(w, "program\tengine\tsteps\tswitches\tshort_steps\tshort_switches\tshorten_s\treplays\tstopped\tcheck_s\tfault")
	for _, r := range rows {
		s := r.stats
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%.4f\t%d\t%t\t%.3f\t%s\n", r.program, r.engine, s.Before.Steps, s.Before.Switches,
			s.After.Steps, s.After.Switches, s.Elapsed.Seconds(), s.Replays, s.Stopped, r.checkSeconds, r.fault)
	}
}

func summary(w io.Writer, rows []row, engines []string, skipped map[string]int, timeout time.Duration) {
	fmt.Fprintf(w, "# Shortening counterexamples of the corpus\n\n")
	fmt.Fprintf(w, "Every program of benchmarks/corpus/MANIFEST.tsv not expected safe, checked with each engine (limit %s) with the engine's trace kept; every counterexample found, shortened as `bopgo check` shortens it (`go run ./benchmarks/cmd/shorten`; one line per counterexample in shorten.tsv). Steps and switches are totals over the counterexamples; `stopped` counts shortenings that the budget ended, `faults` shortened traces that did not replay.\n\n", timeout)
	fmt.Fprintln(w, "| engine | traces | steps | shortened | switches | shortened | shorten s (total) | worst s | stopped | faults |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, name := range engines {
		var n, steps, short, sw, shortSw, stopped, faults int
		var total, worst float64
		for _, r := range rows {
			if r.engine != name && !strings.HasPrefix(r.engine, name+"/") {
				continue
			}
			s := r.stats
			n, steps, short, sw, shortSw = n+1, steps+s.Before.Steps, short+s.After.Steps, sw+s.Before.Switches, shortSw+s.After.Switches
			total += s.Elapsed.Seconds()
			worst = max(worst, s.Elapsed.Seconds())
			if s.Stopped {
				stopped++
			}
			if r.fault != "" {
				faults++
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d (%s) | %d | %d (%s) | %.2f | %.3f | %d | %d |\n", name, n, steps, short, percent(short, steps),
			sw, shortSw, percent(shortSw, sw), total, worst, stopped, faults)
	}
	if len(skipped) > 0 {
		fmt.Fprintf(w, "\nNo counterexample (not counted above):")
		for _, k := range slices.Sorted(maps.Keys(skipped)) {
			fmt.Fprintf(w, " %s %d;", k, skipped[k])
		}
		fmt.Fprintln(w)
	}
	worst := func(title string, less func(a, b row) int) {
		sorted := slices.Clone(rows)
		slices.SortStableFunc(sorted, less)
		fmt.Fprintf(w, "\n## %s\n\n| program | engine | steps | switches | shorten s |\n|---|---|---|---|---|\n", title)
		for _, r := range sorted[:min(8, len(sorted))] {
			s := r.stats
			fmt.Fprintf(w, "| %s | %s | %d → %d | %d → %d | %.3f |\n", r.program, r.engine, s.Before.Steps, s.After.Steps,
				s.Before.Switches, s.After.Switches, s.Elapsed.Seconds())
		}
	}
	worst("The most shortened (steps cut)", func(a, b row) int { return cmp.Compare(cut(b), cut(a)) })
	worst("The longest shortened traces", func(a, b row) int { return cmp.Compare(b.stats.After.Steps, a.stats.After.Steps) })
	worst("The least shortened (of 20 steps or more; after/before)", func(a, b row) int {
		return cmp.Compare(kept(b), kept(a))
	})
	worst("The slowest shortenings", func(a, b row) int { return cmp.Compare(b.stats.Elapsed, a.stats.Elapsed) })
}

func cut(r row) int { return r.stats.Before.Steps - r.stats.After.Steps }

// kept is the share of a long trace's steps that shortening kept (0 for
// a trace under 20 steps, which the table of the least shortened skips).
func kept(r row) float64 {
	if r.stats.Before.Steps < 20 {
		return 0
	}
	return float64(r.stats.After.Steps) / float64(r.stats.Before.Steps)
}

func percent(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(part)/float64(whole))
}

func write(name string, body func(io.Writer)) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	body(f)
	return f.Close()
}

// Command vbs compares the default configuration of a benchmark run
// (bopgo-bench's results) with the virtual best engine, VBS: for each
// program the fastest correct answer of any other configuration. It
// writes into --out vbs.tsv (one line per program: the default's time,
// the fastest engine and its time, their ratio, every engine's time),
// summary.md (the worst ratios, the totals) and cactus.png/svg (every
// configuration, the default and the VBS). benchmarks/vbs.sh runs it.
//
//	go run ./benchmarks/cmd/vbs --out DIR [--default NAME] [--timeout D] [--expected MANIFEST] RESULTS.jsonl...
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bopgo/bopgo/benchmarks"
	"github.com/bopgo/bopgo/internal/bench"
)

func main() {
	out := flag.String("out", ".", "output `DIR`")
	def := flag.String("default", "default", "the `NAME` of the configuration compared with the VBS")
	limit := flag.Duration("timeout", 20*time.Second, "the runs' time limit, `D`: the time counted for a run without an answer")
	manifest := flag.String("expected", "", "a manifest `FILE` whose expected verdicts replace the records' (a verdict corrected after the runs)")
	flag.Parse()
	if err := run(*out, *def, *limit, *manifest, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "vbs:", err)
		os.Exit(1)
	}
}

// vbsConfig is the name of the virtual best engine's records.
const vbsConfig = "vbs"

// slow is the time from which the target ratio applies: a program whose
// fastest engine answers sooner is dominated by start-up.
const slow = 0.2

// target is the ratio the default should keep to the fastest engine on
// every slow program (issue 21).
const target = 2.0

// row is one program: its records by configuration.
type row struct {
	program string
	recs    map[string]bench.Record
	best    string // the fastest engine with a correct answer; "" for none
}

func run(out, def string, limit time.Duration, manifest string, files []string) error {
	recs, _, err := bench.ReadRecords(files...)
	if err != nil {
		return err
	}
	if manifest != "" {
		entries, err := benchmarks.ReadManifestFile(manifest)
		if err != nil {
			return err
		}
		expected := map[string]string{}
		for _, e := range entries {
			expected[filepath.ToSlash(filepath.Join(filepath.Dir(manifest), e.Path))] = e.Expected
		}
		for i, r := range recs {
			if e, ok := expected[r.Program]; ok && e != "unknown" {
				recs[i].Expected, recs[i].Wrong = e, bench.IsWrong(r.Verdict, e)
			}
		}
	}
	bench.SortRecords(recs)
	byProgram := map[string]*row{}
	var programs []string
	var engines []string
	for _, r := range recs {
		x := byProgram[r.Program]
		if x == nil {
			x = &row{program: r.Program, recs: map[string]bench.Record{}}
			byProgram[r.Program] = x
			programs = append(programs, r.Program)
		}
		x.recs[r.Config] = r
		if r.Config != def && !slices.Contains(engines, r.Config) {
			engines = append(engines, r.Config)
		}
	}
	slices.Sort(programs)
	slices.Sort(engines)
	rows := make([]*row, len(programs))
	var plotted []bench.Record
	for i, p := range programs {
		x := byProgram[p]
		for _, e := range engines {
			if r, ok := x.recs[e]; ok && correct(r) && (x.best == "" || r.Seconds < x.recs[x.best].Seconds) {
				x.best = e
			}
		}
		rows[i] = x
		for _, c := range append([]string{def}, engines...) {
			if r, ok := x.recs[c]; ok {
				plotted = append(plotted, r)
			}
		}
		if x.best != "" {
			v := x.recs[x.best]
			v.Config = vbsConfig
			plotted = append(plotted, v)
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := write(filepath.Join(out, "vbs.tsv"), func(w io.Writer) { table(w, rows, def, engines) }); err != nil {
		return err
	}
	if err := write(filepath.Join(out, "summary.md"), func(w io.Writer) { summary(w, rows, def, engines, limit) }); err != nil {
		return err
	}
	_, err = bench.Cactus(plotted, filepath.Join(out, "cactus"))
	return err
}

func correct(r bench.Record) bool { return bench.Solved(r.Verdict) && !r.Wrong }

// seconds is a run's time for the totals: its wall time when it answered
// correctly, else the limit.
func seconds(r bench.Record, ok bool, limit time.Duration) float64 {
	if ok && correct(r) {
		return r.Seconds
	}
	return limit.Seconds()
}

// ratio is the default's time over the fastest engine's, and whether the
// default answered (else the ratio is a lower bound, at the limit).
func (x *row) ratio(def string, limit time.Duration) (float64, bool) {
	d, ok := x.recs[def]
	return seconds(d, ok, limit) / max(x.recs[x.best].Seconds, 1e-3), ok && correct(d)
}

func table(w io.Writer, rows []*row, def string, engines []string) {
	fmt.Fprintf(w, "program\texpected\t%s_verdict\t%s_engine\t%s_s\tbest_engine\tbest_s\tratio", def, def, def)
	for _, e := range engines {
		fmt.Fprintf(w, "\t%s", e)
	}
	fmt.Fprintln(w)
	for _, x := range rows {
		d := x.recs[def]
		best, bestS, ratio := "-", "-", "-"
		if x.best != "" {
			best, bestS = x.best, fmt.Sprintf("%.2f", x.recs[x.best].Seconds)
			if _, ok := x.recs[def]; ok {
				r, answered := x.ratio(def, 0)
				ratio = fmt.Sprintf("%.2f", r)
				if !answered {
					ratio = "-"
				}
			}
		}
		expected := d.Expected
		if expected == "" {
			expected = "-"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s", x.program, expected, d.Verdict, orDash(d.Engine), d.Seconds, best, bestS, ratio)
		for _, e := range engines {
			r, ok := x.recs[e]
			switch {
			case !ok:
				fmt.Fprintf(w, "\t-")
			case correct(r):
				fmt.Fprintf(w, "\t%.2f", r.Seconds)
			default:
				fmt.Fprintf(w, "\t%s", r.Verdict)
			}
		}
		fmt.Fprintln(w)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// totals are the figures of summary.md over the rows the VBS answers
// and the default ran.
type totals struct {
	total, vbsTotal, cpu, vbsCPU float64
	solved, vbsSolved, wrong     int
	slowN, within                int // programs whose fastest engine is slow, and those of them within target
	worst, worstSlow             *row
	worstR, worstSlowR           float64
	beyond                       []string // table lines of the slow programs beyond target
	logSum                       float64
	logN                         int
}

func tally(rows []*row, def string, limit time.Duration) totals {
	var t totals
	for _, x := range rows {
		d, ok := x.recs[def]
		if ok && correct(d) {
			t.solved++
		}
		if ok && d.Wrong {
			t.wrong++
		}
		if x.best == "" || !ok {
			continue // no engine answered, or the default did not run
		}
		t.vbsSolved++
		t.vbsTotal += x.recs[x.best].Seconds
		t.total += seconds(d, ok, limit)
		t.vbsCPU += x.recs[x.best].CPUSeconds
		t.cpu += d.CPUSeconds
		r, answered := x.ratio(def, limit)
		t.logSum += math.Log(r)
		t.logN++
		if t.worst == nil || r > t.worstR {
			t.worst, t.worstR = x, r
		}
		if x.recs[x.best].Seconds <= slow {
			continue
		}
		t.slowN++
		if t.worstSlow == nil || r > t.worstSlowR {
			t.worstSlow, t.worstSlowR = x, r
		}
		if r <= target && answered {
			t.within++
			continue
		}
		mark := ""
		if !answered {
			mark = " (the default did not answer: " + d.Verdict + ")"
		}
		t.beyond = append(t.beyond, fmt.Sprintf("| %s | %s %.2f s | %s %.2f s | %.2f%s |", x.program, d.Engine, d.Seconds, x.best, x.recs[x.best].Seconds, r, mark))
	}
	return t
}

func summary(w io.Writer, rows []*row, def string, engines []string, limit time.Duration) {
	t := tally(rows, def, limit)
	fmt.Fprintf(w, "# The default (%s) against the virtual best engine\n\n", def)
	fmt.Fprintf(w, "%d programs; engines alone: %s; limit %v a run, one run at a time. ", len(rows), strings.Join(engines, ", "), limit)
	fmt.Fprintf(w, "The VBS of a program is its fastest correct answer of any engine alone.\n\n")
	fmt.Fprintf(w, "| | programs |\n|---|---|\n")
	fmt.Fprintf(w, "| answered by some engine (VBS) and run by the default | %d |\n| answered by the default | %d |\n| wrong answers of the default | %d |\n\n", t.vbsSolved, t.solved, t.wrong)
	fmt.Fprintf(w, "On the %d programs the VBS answers (a run of the default without an answer counts the limit):\n\n", t.vbsSolved)
	fmt.Fprintf(w, "- total: default %.1f s, VBS %.1f s, ratio %.2f\n", t.total, t.vbsTotal, t.total/max(t.vbsTotal, 1e-9))
	fmt.Fprintf(w, "- CPU time (user + system): default %.1f s, VBS %.1f s, ratio %.2f (the default's engines share the CPU, each by its weight: portfolio.go)\n", t.cpu, t.vbsCPU, t.cpu/max(t.vbsCPU, 1e-9))
	if t.logN > 0 {
		fmt.Fprintf(w, "- geometric mean of default/fastest: %.2f\n", math.Exp(t.logSum/float64(t.logN)))
	}
	if t.worst != nil {
		fmt.Fprintf(w, "- worst ratio: %.2f (%s: default %.2f s, %s %.2f s)\n", t.worstR, t.worst.program, t.worst.recs[def].Seconds, t.worst.best, t.worst.recs[t.worst.best].Seconds)
	}
	if t.worstSlow != nil {
		fmt.Fprintf(w, "- on the %d programs whose fastest engine takes more than %.1f s: worst ratio %.2f (%s), %d within %.0f×\n",
			t.slowN, slow, t.worstSlowR, t.worstSlow.program, t.within, target)
	}
	perEngine := map[string]int{}
	for _, x := range rows {
		if x.best != "" {
			perEngine[x.best]++
		}
	}
	fmt.Fprintf(w, "\nFastest engine: ")
	var parts []string
	for _, e := range engines {
		parts = append(parts, fmt.Sprintf("%s on %d", e, perEngine[e]))
	}
	fmt.Fprintf(w, "%s.\n", strings.Join(parts, ", "))
	if len(t.beyond) > 0 {
		fmt.Fprintf(w, "\nPrograms whose fastest engine takes more than %.1f s where the default is beyond %.0f× of it:\n\n", slow, target)
		fmt.Fprintf(w, "| program | default | fastest | ratio |\n|---|---|---|---|\n")
		for _, b := range t.beyond {
			fmt.Fprintln(w, b)
		}
	}
}

func write(name string, body func(io.Writer)) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	body(f)
	return f.Close()
}

package bench

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// ConfigSummary counts the records of one configuration.
type ConfigSummary struct {
	Config    string
	Args      string // as given to --config, after NAME=
	Runs      int
	Solved    int // answers, wrong ones included
	Wrong     int
	ByVerdict map[string]int
	// SolvedSeconds is the total wall time of the correct answers and
	// MedianSeconds its median.
	SolvedSeconds, MedianSeconds float64
	// PAR2 is the penalised average runtime: a correct answer counts its
	// time, anything else twice the time limit. Zero when a run had no
	// time limit (there is nothing to penalise with).
	PAR2 float64
}

// Summarize counts the records by configuration, sorted by name.
func Summarize(recs []Record) []ConfigSummary {
	by := map[string]*ConfigSummary{}
	times := map[string][]float64{}
	par := map[string]float64{}
	noLimit := map[string]bool{}
	for _, r := range recs {
		s := by[r.Config]
		if s == nil {
			s = &ConfigSummary{Config: r.Config, Args: configArgs(r), ByVerdict: map[string]int{}}
			by[r.Config] = s
		}
		s.Runs++
		s.ByVerdict[r.Verdict]++
		if Solved(r.Verdict) {
			s.Solved++
		}
		if r.Wrong {
			s.Wrong++
		}
		if correct(r) {
			times[r.Config] = append(times[r.Config], r.Seconds)
			par[r.Config] += r.Seconds
		} else if lim, err := time.ParseDuration(r.Timeout); err == nil && lim > 0 {
			par[r.Config] += 2 * lim.Seconds()
		} else {
			noLimit[r.Config] = true
		}
	}
	var out []ConfigSummary
	for name, s := range by {
		ts := times[name]
		slices.Sort(ts)
		for _, t := range ts {
			s.SolvedSeconds += t
		}
		s.MedianSeconds = median(ts)
		if !noLimit[name] {
			s.PAR2 = par[name] / float64(s.Runs)
		}
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b ConfigSummary) int { return strings.Compare(a.Config, b.Config) })
	return out
}

// correct tells whether the record is an answer that is not known to be
// wrong: what a cactus plot counts as solved.
func correct(r Record) bool { return Solved(r.Verdict) && !r.Wrong }

func median(sorted []float64) float64 {
	n := len(sorted)
	switch {
	case n == 0:
		return 0
	case n%2 == 1:
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

func configArgs(r Record) string { return argsString(r.Exec, r.Bopgo, r.Args) }

// Disagreement is a program on which configurations gave contradicting
// answers (safe and unsafe, or sat and unsat).
type Disagreement struct {
	Program  string
	Verdicts []string // "config: verdict", sorted by configuration
}

// Disagreements finds them, sorted by program. Programs are told apart by
// path, content and label.
func Disagreements(recs []Record) []Disagreement {
	type prog struct{ path, sha, label string }
	answers := map[prog][]Record{}
	for _, r := range recs {
		if Solved(r.Verdict) {
			p := prog{r.Program, r.SHA256, r.Label}
			answers[p] = append(answers[p], r)
		}
	}
	var out []Disagreement
	for p, rs := range answers {
		if !slices.ContainsFunc(rs, func(r Record) bool { return r.Verdict != rs[0].Verdict }) {
			continue
		}
		d := Disagreement{Program: p.path}
		for _, r := range rs {
			d.Verdicts = append(d.Verdicts, r.Config+": "+r.Verdict)
		}
		slices.Sort(d.Verdicts)
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b Disagreement) int { return strings.Compare(a.Program, b.Program) })
	return out
}

// WriteSummary writes the markdown summary: the table per configuration,
// the wrong answers, the disagreements, and the configurations' commands.
func WriteSummary(w io.Writer, recs []Record, plots []string) error {
	sums := Summarize(recs)
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmark summary\n\n%d runs of %d programs under %d configurations.\n\n", len(recs), countPrograms(recs), len(sums))
	b.WriteString("| configuration | runs | solved | safe | unsafe | sat | unsat | **wrong** | unknown | timeout | memout | error | time solved (s) | median (s) | PAR-2 (s) |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range sums {
		v := s.ByVerdict
		par2 := "-"
		if s.PAR2 > 0 {
			par2 = fmt.Sprintf("%.2f", s.PAR2)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | **%d** | %d | %d | %d | %d | %.2f | %.3f | %s |\n",
			s.Config, s.Runs, s.Solved, v[Safe], v[Unsafe], v[Sat], v[Unsat], s.Wrong,
			v[Unknown], v[Timeout], v[Memout], v[Error], s.SolvedSeconds, s.MedianSeconds, par2)
	}
	b.WriteString("\nsolved: an answer (safe, unsafe, sat, unsat), wrong ones included; wrong: an answer that contradicts the expected verdict; times: wall seconds of the correct answers; PAR-2: mean time with every run that is not a correct answer counted as twice its time limit.\n")

	b.WriteString("\n## Wrong answers\n\n")
	wrong := 0
	for _, r := range recs {
		if r.Wrong {
			if wrong == 0 {
				b.WriteString("| program | configuration | verdict | expected |\n|---|---|---|---|\n")
			}
			wrong++
			fmt.Fprintf(&b, "| %s%s | %s | %s | %s |\n", r.Program, labelNote(r.Label), r.Config, r.Verdict, r.Expected)
		}
	}
	if wrong == 0 {
		b.WriteString("None.\n")
	}

	b.WriteString("\n## Disagreements between configurations\n\n")
	ds := Disagreements(recs)
	for _, d := range ds {
		fmt.Fprintf(&b, "- %s: %s\n", d.Program, strings.Join(d.Verdicts, ", "))
	}
	if len(ds) == 0 {
		b.WriteString("None.\n")
	}

	b.WriteString("\n## Configurations\n\n")
	for _, s := range sums {
		fmt.Fprintf(&b, "- %s: `%s`%s\n", s.Config, s.Args, limitsNote(recs, s.Config))
	}
	if len(plots) > 0 {
		b.WriteString("\n## Plots\n\n")
		for _, p := range plots {
			fmt.Fprintf(&b, "![%s](%s)\n", p, p)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func labelNote(label string) string {
	if label == "" {
		return ""
	}
	return " (-l " + label + ")"
}

// limitsNote lists the distinct limits the configuration ran with.
func limitsNote(recs []Record, config string) string {
	var seen []string
	for _, r := range recs {
		if r.Config != config {
			continue
		}
		l := "no time limit"
		if r.Timeout != "" {
			l = "timeout " + r.Timeout
		}
		if r.Memory > 0 {
			l += fmt.Sprintf(", memory %d MiB", r.Memory>>20)
		}
		if !slices.Contains(seen, l) {
			seen = append(seen, l)
		}
	}
	slices.Sort(seen)
	return "; " + strings.Join(seen, "; ")
}

func countPrograms(recs []Record) int {
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Program+"\x00"+r.SHA256+"\x00"+r.Label] = true
	}
	return len(seen)
}

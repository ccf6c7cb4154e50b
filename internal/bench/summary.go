package bench

import (
	"fmt"
	"slices"
	"strconv"
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

// summaryTitle heads summary.md and index.html.
const summaryTitle = "Benchmark summary"

// summarySections are the summary's parts: the table per configuration,
// the wrong answers, the disagreements, the configurations' commands,
// and the plots (their files without extension).
func summarySections(recs []Record, plots []string) []Section {
	sums := Summarize(recs)
	counts := newTable(14, "configuration", "runs", "solved", "safe", "unsafe", "sat", "unsat", "", "unknown", "timeout", "memout", "error", "time solved (s)", "median (s)", "PAR-2 (s)")
	counts.Head[7] = text{{Text: "wrong", Kind: strong}}
	for _, s := range sums {
		v := s.ByVerdict
		par2 := "-"
		if s.PAR2 > 0 {
			par2 = fmt.Sprintf("%.2f", s.PAR2)
		}
		r := row(s.Config, itoa(s.Runs), itoa(s.Solved), itoa(v[Safe]), itoa(v[Unsafe]), itoa(v[Sat]), itoa(v[Unsat]), "",
			itoa(v[Unknown]), itoa(v[Timeout]), itoa(v[Memout]), itoa(v[Error]),
			fmt.Sprintf("%.2f", s.SolvedSeconds), fmt.Sprintf("%.3f", s.MedianSeconds), par2)
		r[7] = text{{Text: itoa(s.Wrong), Kind: strong}}
		counts.Rows = append(counts.Rows, r)
	}
	top := Section{Blocks: []block{
		para("%d runs of %d programs under %d configurations.", len(recs), countPrograms(recs), len(sums)),
		{Table: counts},
		para("solved: an answer (safe, unsafe, sat, unsat), wrong ones included; wrong: an answer that contradicts the expected verdict; times: wall seconds of the correct answers; PAR-2: mean time with every run that is not a correct answer counted as twice its time limit."),
	}}

	wrong := Section{Heading: "Wrong answers"}
	wrongs := newTable(0, "program", "configuration", "verdict", "expected")
	for _, r := range recs {
		if r.Wrong {
			wrongs.Rows = append(wrongs.Rows, row(r.Program+labelNote(r.Label), r.Config, r.Verdict, r.Expected))
		}
	}
	wrong.Blocks = []block{orNone(block{Table: wrongs}, len(wrongs.Rows))}

	disagree := Section{Heading: "Disagreements between configurations"}
	var ds []text
	for _, d := range Disagreements(recs) {
		ds = append(ds, words("%s: %s", d.Program, strings.Join(d.Verdicts, ", ")))
	}
	disagree.Blocks = []block{orNone(block{List: ds}, len(ds))}

	configs := Section{Heading: "Configurations"}
	var cs []text
	for _, s := range sums {
		cs = append(cs, text{{Text: s.Config + ": "}, {Text: s.Args, Kind: code}, {Text: limitsNote(recs, s.Config)}})
	}
	configs.Blocks = []block{{List: cs}}

	out := []Section{top, wrong, disagree, configs}
	if len(plots) > 0 {
		out = append(out, Section{Heading: "Plots", Blocks: []block{{Plots: plots}}})
	}
	return out
}

// orNone is the block, or "None." when it has nothing in it.
func orNone(b block, n int) block {
	if n == 0 {
		return para("None.")
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }

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

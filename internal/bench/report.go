package bench

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Report writes into dir: summary.md, results.csv (every record),
// cactus.png/.svg and, when the pair names two configurations that have
// records, scatter-A-vs-B.png/.svg. With no pair given, the first two
// configurations by name are compared. recs must be deduplicated (Dedup).
// appendix, if any, ends summary.md (bopgo-bench slurm's task states).
// It returns the files written, sorted.
func Report(recs []Record, dir string, pair []string, appendix string) ([]string, error) {
	return ReportPages(recs, dir, pair, nil, appendix)
}

// ReportPages is Report with the programs' pages (Pages) listed in the
// summary, when pages is not nil.
func ReportPages(recs []Record, dir string, pair []string, pages *PageSet, appendix string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var names []string
	var configs []string
	for _, s := range Summarize(recs) {
		configs = append(configs, s.Config)
	}
	if len(pair) == 0 && len(configs) >= 2 {
		pair = configs[:2]
	}
	for _, c := range pair {
		if !slices.Contains(configs, c) {
			return nil, fmt.Errorf("--scatter: no records of configuration %q (have %v)", c, configs)
		}
	}

	files, err := Cactus(recs, filepath.Join(dir, "cactus"))
	if err != nil {
		return nil, err
	}
	names = append(names, files...)
	if len(pair) == 2 {
		base := fmt.Sprintf("scatter-%s-vs-%s", PlotName(pair[0]), PlotName(pair[1]))
		files, err := Scatter(recs, pair[0], pair[1], filepath.Join(dir, base))
		if err != nil {
			return nil, err
		}
		names = append(names, files...)
	}
	var pngs []string
	for _, n := range names {
		if filepath.Ext(n) == ".png" {
			pngs = append(pngs, filepath.Base(n))
		}
	}

	var md bytes.Buffer
	if err := WriteSummary(&md, recs, pngs); err != nil {
		return nil, err
	}
	if pages != nil {
		var b strings.Builder
		writePages(&b, pages)
		md.WriteString(b.String())
	}
	md.WriteString(appendix)
	summary := filepath.Join(dir, "summary.md")
	if err := os.WriteFile(summary, md.Bytes(), 0o644); err != nil {
		return nil, err
	}
	csvName := filepath.Join(dir, "results.csv")
	if err := os.WriteFile(csvName, recordsCSV(recs), 0o644); err != nil {
		return nil, err
	}
	names = append(names, summary, csvName)
	slices.Sort(names)
	return names, nil
}

func recordsCSV(recs []Record) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for _, r := range recs {
		w.Write(r.csvRow())
	}
	w.Flush()
	return b.Bytes()
}

package bench

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Report writes into dir: summary.md, the same summary as a page,
// index.html, that shows the plots and links the programs' pages,
// results.csv (every record), cactus.png/.svg and, when the pair names
// two configurations that have records, scatter-A-vs-B.png/.svg. With no
// pair given, the first two configurations by name are compared. recs
// must be deduplicated (Dedup). appendix, if any, ends the summary
// (bopgo-bench slurm's TaskSection). It returns the files written,
// sorted.
func Report(recs []Record, dir string, pair []string, appendix ...Section) ([]string, error) {
	return ReportPages(recs, dir, pair, nil, appendix...)
}

// ReportPages is Report with the programs' pages (Pages) listed in the
// summary, when pages is not nil.
func ReportPages(recs []Record, dir string, pair []string, pages *PageSet, appendix ...Section) ([]string, error) {
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
	var plots []string
	for _, n := range names {
		if filepath.Ext(n) == ".png" {
			plots = append(plots, strings.TrimSuffix(filepath.Base(n), ".png"))
		}
	}

	doc := document{Title: summaryTitle, Sections: summarySections(recs, plots)}
	if pages != nil {
		doc.Sections = append(doc.Sections, pagesSection(pages))
	}
	doc.Sections = append(doc.Sections, appendix...)
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{{"summary.md", doc.writeMarkdown}, {"index.html", doc.writeHTML}} {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			return nil, err
		}
		name := filepath.Join(dir, f.name)
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	csvName := filepath.Join(dir, "results.csv")
	if err := os.WriteFile(csvName, recordsCSV(recs), 0o644); err != nil {
		return nil, err
	}
	names = append(names, csvName)
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

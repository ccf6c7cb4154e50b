package bench

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// PageSet is what Pages drew: the page of each program, by program key
// (programKey), and why some program has none.
type PageSet struct {
	Pages    map[string]Page
	Problems []string // sorted
}

// Page is one program's page: its file, relative to the report's
// directory, and the record whose configuration drew it.
type Page struct {
	File   string
	Record Record
}

// PageOptions say how Pages runs bopgo.
type PageOptions struct {
	Bopgo    string    // the bopgo executable
	Progress io.Writer // a line per page; nil is silent
}

// pagesDir is where the pages go, inside the report's directory.
const pagesDir = "pages"

// minPageTime is the least time a page's run is given: a run that took
// milliseconds in the benchmark may take longer on a busy machine.
const minPageTime = 10 * time.Second

// programKey tells programs apart as the summary does: by path, content
// and property.
func programKey(r Record) string { return r.Program + "\x00" + r.SHA256 + "\x00" + r.Label }

// Pages draws the page of a counterexample or a proof (bopgo check
// --html, docs/html.md) of every program that a bopgo check
// configuration answered correctly, into dir/pages: the results file
// keeps no traces, so one configuration with a correct answer runs
// again (pageBefore picks it: a certificate first, then the quickest),
// with --html, the program's own property and a time limit of four
// times its recorded time (at least 10 s, at most its limit). A
// program whose file has changed since (another SHA-256), or whose run
// now answers otherwise, gets no page; Problems says why. Programs are
// drawn one at a time, in key order.
func Pages(ctx context.Context, recs []Record, dir string, opt PageOptions) (PageSet, error) {
	set := PageSet{Pages: map[string]Page{}}
	best := map[string]Record{}
	for _, r := range recs {
		if r.Exec || len(r.Args) == 0 || r.Args[0] != "check" || !correct(r) || (r.Verdict != Safe && r.Verdict != Unsafe) {
			continue
		}
		k := programKey(r)
		if b, ok := best[k]; !ok || pageBefore(r, b) {
			best[k] = r
		}
	}
	keys := make([]string, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if err := os.MkdirAll(filepath.Join(dir, pagesDir), 0o755); err != nil {
		return set, err
	}
	for _, k := range keys {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		r := best[k]
		name := filepath.Join(pagesDir, pageName(r))
		if err := drawPage(ctx, r, filepath.Join(dir, name), opt.Bopgo); err != nil {
			set.Problems = append(set.Problems, fmt.Sprintf("%s%s: %v", r.Program, labelNote(r.Label), err))
			continue
		}
		set.Pages[k] = Page{File: filepath.ToSlash(name), Record: r}
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, "page %s (%s, %s)\n", filepath.ToSlash(name), r.Config, r.Verdict)
		}
	}
	slices.Sort(set.Problems)
	return set, nil
}

// pageBefore tells whether r draws a program's page rather than b: the
// answer that rests on more (a certificate, then evidence the judge
// checked; Record.trust), then the quicker, then the configuration first
// by name.
func pageBefore(r, b Record) bool {
	if r.trust() != b.trust() {
		return r.trust() > b.trust()
	}
	if r.Seconds != b.Seconds {
		return r.Seconds < b.Seconds
	}
	return r.Config < b.Config
}

// pageName names a program's page: its path made safe, and a hash of its
// key, so that two programs never share one.
func pageName(r Record) string {
	sum := sha256.Sum256([]byte(programKey(r)))
	base := strings.TrimSuffix(filepath.ToSlash(r.Program), filepath.Ext(r.Program))
	if len(base) > 80 {
		base = base[len(base)-80:]
	}
	return fmt.Sprintf("%s-%x.html", PlotName(base), sum[:4])
}

// drawPage runs r's configuration on its program again with --html out.
func drawPage(ctx context.Context, r Record, out, bopgo string) error {
	if sum, err := fileSHA256(r.Program); err != nil {
		return err
	} else if sum != r.SHA256 {
		return errors.New("the file has changed since it was run")
	}
	limit := 4 * time.Duration(r.Seconds*float64(time.Second))
	limit = max(limit, minPageTime)
	if t, err := time.ParseDuration(r.Timeout); err == nil && t > 0 {
		limit = min(limit, max(t, minPageTime))
	}
	argv := append([]string{}, r.Args...)
	argv = append(argv, "--html", out)
	if r.Label != "" {
		argv = append(argv, "-l", r.Label)
	}
	if !slices.Contains(r.Args, "--timeout") {
		argv = append(argv, "--timeout", limit.String())
	}
	argv = append(argv, "--", r.Program)
	ctx, cancel := context.WithTimeout(ctx, limit+Grace)
	defer cancel()
	cmd := exec.CommandContext(ctx, bopgo, argv...)
	stderr := &tail{max: stderrTail}
	cmd.Stderr = stderr
	err := cmd.Run()
	want := map[string]int{Safe: 0, Unsafe: 10}[r.Verdict]
	var exit *exec.ExitError
	switch {
	case err == nil && want == 0, errors.As(err, &exit) && exit.ExitCode() == want:
	case err != nil && ctx.Err() != nil:
		os.Remove(out)
		return fmt.Errorf("no answer within %v", limit)
	default:
		os.Remove(out)
		return fmt.Errorf("ran again, %s did not answer %s (%v): %s", r.Config, r.Verdict, err, lastLine(stderr.String()))
	}
	if _, err := os.Stat(out); err != nil {
		return fmt.Errorf("no page: %s", lastLine(stderr.String()))
	}
	return nil
}

// pagesSection lists the programs' pages in the summary: each program
// with a page, its answer, and the configuration that drew it, linked to
// the page; then why the others have none.
func pagesSection(set *PageSet) Section {
	sec := Section{Heading: "Programs"}
	type entry struct {
		key string
		row []text
	}
	var entries []entry
	for k, p := range set.Pages {
		r := p.Record
		cells := row(r.Program+labelNote(r.Label), r.Verdict, "")
		cells[2] = text{{Text: r.Config, Kind: link, Href: p.File}}
		entries = append(entries, entry{k, cells})
	}
	slices.SortFunc(entries, func(x, y entry) int { return strings.Compare(x.key, y.key) })
	if len(entries) == 0 {
		sec.Blocks = append(sec.Blocks, para("No pages."))
	} else {
		pages := newTable(0, "program", "answer", "page")
		for _, e := range entries {
			pages.Rows = append(pages.Rows, e.row)
		}
		sec.Blocks = append(sec.Blocks,
			block{Para: text{{Text: "The page of each answer ("}, {Text: "bopgo check --html", Kind: code},
				{Text: fmt.Sprintf("): a counterexample with a lane per thread, or what was proved. %d programs.", len(entries))}}},
			block{Table: pages})
	}
	if len(set.Problems) > 0 {
		var why []text
		for _, p := range set.Problems {
			why = append(why, words("%s", p))
		}
		sec.Blocks = append(sec.Blocks, para("No page:"), block{List: why})
	}
	return sec
}

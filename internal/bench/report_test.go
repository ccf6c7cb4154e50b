package bench

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handMade is a small results set whose summary is worked out by hand:
//
//	a: p1 safe 1s, p2 unsafe 3s (wrong: expected safe), p3 timeout, p4 safe 2s
//	b: p1 safe 4s, p2 safe 5s, p3 unsafe 6s (disagrees with nothing: a has no answer), p4 unsafe 1s (disagrees with a)
func handMade() []Record {
	rec := func(prog, config, verdict, expected string, secs float64) Record {
		return Record{Program: prog, SHA256: "h" + prog, Config: config, Args: []string{"check", "--engine", config},
			Timeout: "10s", Verdict: verdict, Expected: expected, Wrong: IsWrong(verdict, expected), Seconds: secs}
	}
	return []Record{
		rec("p1.bp", "a", Safe, Safe, 1), rec("p2.bp", "a", Unsafe, Safe, 3), rec("p3.bp", "a", Timeout, "", 10), rec("p4.bp", "a", Safe, "", 2),
		rec("p1.bp", "b", Safe, Safe, 4), rec("p2.bp", "b", Safe, Safe, 5), rec("p3.bp", "b", Unsafe, "", 6), rec("p4.bp", "b", Unsafe, "", 1),
	}
}

func TestSummarize(t *testing.T) {
	sums := Summarize(handMade())
	require.Len(t, sums, 2)
	a, b := sums[0], sums[1]
	assert.Equal(t, "a", a.Config)
	assert.Equal(t, 4, a.Runs)
	assert.Equal(t, 3, a.Solved)
	assert.Equal(t, 1, a.Wrong)
	assert.Equal(t, 2, a.ByVerdict[Safe])
	assert.Equal(t, 1, a.ByVerdict[Timeout])
	assert.InDelta(t, 3.0, a.SolvedSeconds, 1e-9, "1 + 2: the wrong answer is not counted")
	assert.InDelta(t, 1.5, a.MedianSeconds, 1e-9)
	assert.InDelta(t, (1+2+20+20)/4.0, a.PAR2, 1e-9)
	assert.Equal(t, 4, b.Solved)
	assert.Zero(t, b.Wrong)
	assert.InDelta(t, 16.0, b.SolvedSeconds, 1e-9)
	assert.InDelta(t, 4.5, b.MedianSeconds, 1e-9)

	ds := Disagreements(handMade())
	require.Len(t, ds, 2)
	assert.Equal(t, Disagreement{Program: "p2.bp", Verdicts: []string{"a: unsafe", "b: safe"}}, ds[0])
	assert.Equal(t, "p4.bp", ds[1].Program)
}

func TestReport(t *testing.T) {
	dir := t.TempDir()
	files, err := Report(handMade(), dir, nil)
	require.NoError(t, err)
	var base []string
	for _, f := range files {
		base = append(base, filepath.Base(f))
	}
	assert.Equal(t, []string{"cactus.png", "cactus.svg", "index.html", "results.csv", "scatter-a-vs-b.png", "scatter-a-vs-b.svg", "summary.md"}, base)

	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "| a | 4 | 3 | 2 | 1 | 0 | 0 | **1** | 0 | 1 | 0 | 0 | 3.00 | 1.500 | 10.75 |")
	assert.Contains(t, string(md), "| p2.bp | a | unsafe | safe |")
	assert.Contains(t, string(md), "- p4.bp: a: safe, b: unsafe")

	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		switch filepath.Ext(f) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err, f)
			assert.Positive(t, img.Bounds().Dx())
		case ".svg":
			var root struct{ XMLName xml.Name }
			require.NoError(t, xml.Unmarshal(data, &root), f)
			assert.Equal(t, "svg", root.XMLName.Local)
		}
	}
	csv, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	require.NoError(t, err)
	assert.Len(t, strings.Split(strings.TrimSpace(string(csv)), "\n"), 1+len(handMade()))

	// Same records, same summary.
	again := t.TempDir()
	_, err = Report(handMade(), again, nil)
	require.NoError(t, err)
	md2, err := os.ReadFile(filepath.Join(again, "summary.md"))
	require.NoError(t, err)
	assert.Equal(t, string(md), string(md2))

	_, err = Report(handMade(), t.TempDir(), []string{"a", "nope"})
	assert.ErrorContains(t, err, `"nope"`)
}

// Nothing solved, or one configuration only: the plots still draw.
func TestReportDegenerate(t *testing.T) {
	recs := []Record{{Program: "p.bp", Config: "only", Args: []string{"check"}, Verdict: Timeout, Seconds: 0}}
	files, err := Report(recs, t.TempDir(), nil)
	require.NoError(t, err)
	assert.Len(t, files, 5, "cactus.png, cactus.svg, index.html, results.csv, summary.md")
	_, err = Report(recs, t.TempDir(), []string{"only", "only"})
	require.NoError(t, err)
}

// TestReportIndex: index.html is the summary as a page: the same
// sections, the plots shown as SVG, each program's page linked by a
// relative link that resolves to its file, every text escaped, and the
// same bytes from the same records.
func TestReportIndex(t *testing.T) {
	recs := handMade()
	recs[2].Program = "<script>alert(1)</script>.bp" // a's timeout: in no page
	recs[0].Args = []string{"check", "--engine", "a&b"}
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, pagesDir), 0o755))
	set := &PageSet{Pages: map[string]Page{}, Problems: []string{recs[2].Program + ": the file has changed since it was run"}}
	for _, r := range []Record{recs[0], recs[7]} {
		name := filepath.ToSlash(filepath.Join(pagesDir, pageName(r)))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("<!DOCTYPE html>"), 0o644))
		set.Pages[programKey(r)] = Page{File: name, Record: r}
	}
	files, err := ReportPages(recs, dir, nil, set)
	require.NoError(t, err)
	index := filepath.Join(dir, "index.html")
	assert.Contains(t, files, index)
	page, err := os.ReadFile(index)
	require.NoError(t, err)
	html := string(page)
	assert.True(t, strings.HasPrefix(html, "<!DOCTYPE html>"))

	links := regexp.MustCompile(`<a href="([^"]*)">`).FindAllStringSubmatch(html, -1)
	require.Len(t, links, 2, html)
	for _, l := range links {
		assert.True(t, strings.HasPrefix(l[1], pagesDir+"/"), "relative: %s", l[1])
		assert.FileExists(t, filepath.Join(dir, filepath.FromSlash(l[1])))
	}
	for _, img := range []string{"cactus.svg", "scatter-a-vs-b.svg"} {
		assert.Contains(t, html, `<img src="`+img+`"`)
		assert.FileExists(t, filepath.Join(dir, img))
	}
	assert.NotContains(t, html, "<script>", "escaped")
	assert.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script&gt;.bp")
	assert.Contains(t, html, "<code>check --engine a&amp;b</code>")
	assert.Contains(t, html, `<td class="num"><strong>1</strong></td>`, "a's wrong answer")
	assert.NotRegexp(t, `(src|href)="(https?:)?//`, html, "nothing fetched")

	md, err := os.ReadFile(filepath.Join(dir, "summary.md"))
	require.NoError(t, err)
	for _, l := range links {
		assert.Contains(t, string(md), "]("+l[1]+")", "the markdown links the same pages")
	}

	again := t.TempDir()
	_, err = ReportPages(recs, again, nil, set)
	require.NoError(t, err)
	page2, err := os.ReadFile(filepath.Join(again, "index.html"))
	require.NoError(t, err)
	assert.Equal(t, html, string(page2), "same records, same bytes")
}

package bench

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
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
	files, err := Report(handMade(), dir, nil, "")
	require.NoError(t, err)
	var base []string
	for _, f := range files {
		base = append(base, filepath.Base(f))
	}
	assert.Equal(t, []string{"cactus.png", "cactus.svg", "results.csv", "scatter-a-vs-b.png", "scatter-a-vs-b.svg", "summary.md"}, base)

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
	_, err = Report(handMade(), again, nil, "")
	require.NoError(t, err)
	md2, err := os.ReadFile(filepath.Join(again, "summary.md"))
	require.NoError(t, err)
	assert.Equal(t, string(md), string(md2))

	_, err = Report(handMade(), t.TempDir(), []string{"a", "nope"}, "")
	assert.ErrorContains(t, err, `"nope"`)
}

// Nothing solved, or one configuration only: the plots still draw.
func TestReportDegenerate(t *testing.T) {
	recs := []Record{{Program: "p.bp", Config: "only", Args: []string{"check"}, Verdict: Timeout, Seconds: 0}}
	files, err := Report(recs, t.TempDir(), nil, "")
	require.NoError(t, err)
	assert.Len(t, files, 4, "cactus.png, cactus.svg, results.csv, summary.md")
	_, err = Report(recs, t.TempDir(), []string{"only", "only"}, "")
	require.NoError(t, err)
}

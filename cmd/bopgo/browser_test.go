package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/browser"
)

// The browser tests open the pages bopgo check --html writes in headless
// Chromium and check what a person would see: the DOM, the keys, the
// time to the first paint. They skip, saying so, with -short or without
// Chromium (.ci/run installs Debian's chromium).

var screenshots = flag.Bool("screenshots", false, "browser tests: write the README's screenshots into docs/")

// root is the repository, where the page tests run bopgo from, so that
// the pages name files as a user in a clone would.
var root, _ = filepath.Abs(filepath.Join("..", ".."))

// Pages are looked at this large, in CSS pixels.
const (
	pageWidth  = 1400
	pageHeight = 860
)

// shared is the Chromium of the browser tests: the first that needs it
// starts it, TestMain ends it, and each test closes the tabs it opened
// (openTab). Starting Chromium costs about a second.
var shared struct {
	once sync.Once
	b    *browser.Browser
	err  error
}

func startBrowser(t *testing.T) *browser.Browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	path, ok := browser.Find()
	if !ok {
		t.Skip("SKIPPED: no Chromium found (apt-get install chromium, or set BOPGO_CHROMIUM): the pages of --html were not tested in a browser")
	}
	shared.once.Do(func() { shared.b, shared.err = browser.Start(path, pageWidth, pageHeight) })
	require.NoError(t, shared.err)
	return shared.b
}

// closeBrowser ends the shared Chromium, if a test started it.
func closeBrowser() error {
	if shared.b == nil {
		return nil
	}
	return shared.b.Close()
}

// openTab opens url in a tab of b that closes when the test ends.
func openTab(t *testing.T, ctx context.Context, b *browser.Browser, url string, width, height int) *browser.Page {
	t.Helper()
	p, err := b.Open(ctx, url, width, height)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		assert.NoError(t, p.Close(ctx))
	})
	return p
}

// checkPage runs bopgo check --json --html on file and returns the page's
// name and the JSON result.
func checkPage(t *testing.T, file string, args ...string) (string, jsonResult) {
	t.Helper()
	page := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(file), ".bp")+".html")
	_, out, errOut := runCmd(append(append([]string{"check", "--json", "--html", page}, args...), file)...)
	var res jsonResult
	require.NoError(t, json.Unmarshal([]byte(out), &res), errOut)
	return page, res
}

// threadsOf counts a trace's threads: those that step and those started.
func threadsOf(res jsonResult) int {
	seen := map[int]bool{0: true}
	for _, s := range res.Trace {
		seen[s.Thread] = true
		if s.Started > 0 {
			seen[s.Started] = true
		}
	}
	return len(seen)
}

func eval[T any](t *testing.T, ctx context.Context, p *browser.Page, expr string) T {
	t.Helper()
	var v T
	require.NoError(t, p.Eval(ctx, expr, &v))
	return v
}

func keys(t *testing.T, ctx context.Context, p *browser.Page, ks ...string) {
	t.Helper()
	for _, k := range ks {
		require.NoError(t, p.Key(ctx, k))
	}
}

// shoot saves a screenshot: into docs/ with -screenshots, else beside
// the test's other files.
func shoot(t *testing.T, ctx context.Context, p *browser.Page, name string) {
	t.Helper()
	png, err := p.Screenshot(ctx)
	require.NoError(t, err)
	dir := t.TempDir()
	if *screenshots {
		dir = filepath.Join(root, "docs")
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
	t.Logf("screenshot %s (%d bytes)", filepath.Join(dir, name), len(png))
}

// TestCounterexamplePagesInABrowser: the pages of golden counterexamples
// have one lane per thread, every step, the failing line marked, and
// step back and forth with the keyboard.
func TestCounterexamplePagesInABrowser(t *testing.T) {
	b := startBrowser(t)
	t.Chdir(root)
	cases := []struct {
		name, file string
		args       []string
		at         int // the step (from 1) the screenshot shows; 0: the failing one
		shot       string
	}{
		{"race", "examples/race.bp", []string{"--engine", "explicit"}, 9, "trace-race.png"},
		{"satabs", "cmd/bopgo/testdata/satabs/Quicksort1-inconsistent.bp", []string{"--engine", "symbolic"}, 60, "trace-satabs.png"},
		{"qrcu4", "benchmarks/corpus/ijit/examples/ase16.bm.set1/17_QRCU-4/satabs.28.bp", []string{"--engine", "explicit"}, 0, "trace-qrcu4.png"},
		{"label", "cmd/bopgo/testdata/label.bp", []string{"-l", "ERROR"}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page, res := checkPage(t, c.file, c.args...)
			require.Equal(t, "unsafe", res.Verdict, res.Reason)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			p := openTab(t, ctx, b, "file://"+page, pageWidth, pageHeight)
			n := len(res.Trace)
			assert.Equal(t, threadsOf(res), eval[int](t, ctx, p, `document.querySelectorAll("#lanehead .lane").length`), "one lane per thread")
			assert.Equal(t, fmt.Sprint(n), eval[string](t, ctx, p, `document.getElementById("nsteps").textContent`))
			assert.Equal(t, []string{fmt.Sprint(res.Violation.Line)}, eval[[]string](t, ctx, p, `[...document.querySelectorAll("#srclines #failline:not([hidden])")].map(e => e.dataset.line)`), "the failing line is marked in the source")
			assert.Less(t, eval[int](t, ctx, p, `document.querySelectorAll("#spacer .row").length`), 100, "only the rows in view are drawn")

			lastRow := n - 1
			if res.Violation.Kind == "label" {
				lastRow = n // the label reached has a row after the last step
			}
			keys(t, ctx, p, "End")
			assert.Equal(t, lastRow, eval[int](t, ctx, p, `bopgoPage.cur()`))
			assert.Equal(t, fmt.Sprint(lastRow), eval[string](t, ctx, p, `document.querySelector("#spacer .row.cur").dataset.step`), "the last row is in view and current")
			assert.True(t, eval[bool](t, ctx, p, `document.querySelector("#spacer .row.cur").classList.contains("fail")`), "the failing row is marked")
			assert.Equal(t, fmt.Sprint(res.Violation.Line), eval[string](t, ctx, p, `document.getElementById("curline").dataset.line`))
			keys(t, ctx, p, "ArrowUp", "k", "j")
			assert.Equal(t, max(lastRow-1, 0), eval[int](t, ctx, p, `bopgoPage.cur()`))
			keys(t, ctx, p, "Home")
			assert.Equal(t, 0, eval[int](t, ctx, p, `bopgoPage.cur()`))
			assert.Equal(t, fmt.Sprint(res.Trace[0].Line), eval[string](t, ctx, p, `document.getElementById("curline").dataset.line`), "the current step's line is highlighted")

			if c.name == "race" {
				filters(t, ctx, p, res)
			}
			keys(t, ctx, p, "s") // the whole state, every thread
			assert.Equal(t, threadsOf(res), eval[int](t, ctx, p, `[...document.querySelectorAll("#state .fact")].length`))
			if c.shot == "" {
				return
			}
			at := c.at
			if at == 0 {
				at = n
			}
			require.NoError(t, p.Eval(ctx, fmt.Sprintf("bopgoPage.go(%d)", at-1), nil))
			shoot(t, ctx, p, c.shot)
		})
	}
}

// longTrace is a program whose shortest counterexample has about
// threads·(k+3) steps over the given number of threads: main starts the
// workers, each worker runs only once the one before it has finished,
// and does k steps that change values; main fails once the last is done.
func longTrace(threads, k int) string {
	var b strings.Builder
	b.WriteString("// A long counterexample: each worker runs once the one before it has finished.\ndecl g")
	for i := 1; i < threads; i++ {
		fmt.Fprintf(&b, ", done%d", i)
	}
	b.WriteString(";\n")
	for i := 1; i < threads; i++ {
		fmt.Fprintf(&b, "void w%d() begin\n  decl a, c;\n", i)
		if i > 1 {
			fmt.Fprintf(&b, "  assume(done%d);\n", i-1)
		} else {
			b.WriteString("  skip;\n")
		}
		for j := range k {
			b.WriteString([]string{"  a, g := !a, !g;\n", "  c := a ^ c;\n", "  g := g ^ c;\n"}[j%3])
		}
		fmt.Fprintf(&b, "  done%d := T;\nend\n", i)
	}
	b.WriteString("void main() begin\n  g := F;\n")
	for i := 1; i < threads; i++ {
		fmt.Fprintf(&b, "  done%d := F;\n  start_thread w%d();\n", i, i)
	}
	fmt.Fprintf(&b, "  assume(done%d);\n  assert(F);\nend\n", threads-1)
	return b.String()
}

// TestLongTracePage: the page of a counterexample of more than 1,000
// steps over 20 threads paints soon and draws any screenful of rows
// within a frame. The times are logged (go test -v -run LongTrace).
func TestLongTracePage(t *testing.T) {
	b := startBrowser(t)
	file := filepath.Join(t.TempDir(), "long.bp")
	require.NoError(t, os.WriteFile(file, []byte(longTrace(20, 48)), 0o644))
	page, res := checkPage(t, file, "--engine", "explicit")
	require.Equal(t, "unsafe", res.Verdict, res.Reason)
	require.GreaterOrEqual(t, len(res.Trace), 1000)
	require.Equal(t, 20, threadsOf(res))
	info, err := os.Stat(page)
	require.NoError(t, err)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := openTab(t, ctx, b, "file://"+page, pageWidth, pageHeight)
	type timing struct {
		Paint, Drawn float64 // ms from the start of navigation
	}
	tm := eval[timing](t, ctx, p, `new Promise(done => {
		const finish = (paint) => done({paint: paint, drawn: performance.getEntriesByName("bopgo-drawn")[0].startTime});
		new PerformanceObserver((list) => {
			const e = list.getEntries().find((e) => e.name === "first-contentful-paint");
			if (e) finish(e.startTime);
		}).observe({type: "paint", buffered: true});
		setTimeout(() => finish(-1), 20000);
	})`)
	assert.Positive(t, tm.Paint, "the browser reports the first contentful paint")
	assert.Equal(t, 20, eval[int](t, ctx, p, `document.querySelectorAll("#lanehead .lane").length`))
	assert.Equal(t, fmt.Sprint(len(res.Trace)), eval[string](t, ctx, p, `document.getElementById("nsteps").textContent`))
	collapsed := eval[int](t, ctx, p, `bopgoPage.rows()`)
	assert.Less(t, collapsed, len(res.Trace)/10, "a long trace opens with each thread's runs collapsed")

	// Every screenful of the trace, all rows unfolded, drawn and laid out
	// at once.
	type scroll struct {
		Screens       int
		Rows          int
		Median, Worst float64 // ms
	}
	sc := eval[scroll](t, ctx, p, `(() => {
		const c = document.getElementById("collapse"); c.checked = false; c.dispatchEvent(new Event("change"));
		const s = document.getElementById("scroller"), ts = [];
		for (let y = 0; y < s.scrollHeight; y += s.clientHeight) {
			s.scrollTop = y;
			const a = performance.now(); bopgoPage.redraw(); void document.body.offsetHeight;
			ts.push(performance.now() - a);
		}
		ts.sort((a, b) => a - b);
		return {screens: ts.length, rows: bopgoPage.rows(), median: ts[ts.length >> 1], worst: ts[ts.length - 1]};
	})()`)
	assert.Equal(t, len(res.Trace), sc.Rows)
	keys(t, ctx, p, "End")
	assert.Equal(t, len(res.Trace)-1, eval[int](t, ctx, p, `bopgoPage.cur()`))
	t.Logf("%d steps, %d threads, page %d KB: first contentful paint %.0f ms, trace drawn at %.0f ms; %d rows collapsed to %d; %d screens of rows drawn and laid out in %.1f ms (median), %.1f ms at worst",
		len(res.Trace), threadsOf(res), info.Size()>>10, tm.Paint, tm.Drawn, len(res.Trace), collapsed, sc.Screens, sc.Median, sc.Worst)
	// Bounds that a loaded machine meets (two cores shared by several
	// test runs: load average 8 to 12 when docs/html.md's times were
	// taken); a quiet one is several times faster.
	assert.Less(t, max(tm.Paint, tm.Drawn), 5000.0, "the trace is drawn and painted within 5 s")
	assert.Less(t, sc.Median, 100.0, "a screenful of rows is drawn within 100 ms")
	if *screenshots {
		shoot(t, ctx, p, "trace-long.png")
	}
}

// filters checks the thread and variable filters and the collapsed runs
// against the JSON result.
func filters(t *testing.T, ctx context.Context, p *browser.Page, res jsonResult) {
	t.Helper()
	rows := func() int { return eval[int](t, ctx, p, `bopgoPage.rows()`) }
	touching := 0
	for _, s := range res.Trace {
		changed := false
		if s.Changed != nil {
			_, changed = s.Changed.Globals["done1"]
		}
		if strings.Contains(s.Statement, "done1") || changed {
			touching++
		}
	}
	require.NoError(t, p.Eval(ctx, `(() => { const v = document.getElementById("var"); v.value = "done1"; v.dispatchEvent(new Event("input")); })()`, nil))
	assert.Equal(t, touching, rows(), "the steps that touch done1")
	require.NoError(t, p.Eval(ctx, `(() => { const v = document.getElementById("var"); v.value = ""; v.dispatchEvent(new Event("input")); })()`, nil))
	assert.Equal(t, len(res.Trace), rows())

	others := 0
	for _, s := range res.Trace {
		if s.Thread != 2 {
			others++
		}
	}
	require.NoError(t, p.Eval(ctx, `document.querySelector('#threadfilter .chip[data-t="2"]').click()`, nil))
	assert.Equal(t, others, rows(), "thread 2's steps hidden")
	assert.Equal(t, threadsOf(res)-1, eval[int](t, ctx, p, `document.querySelectorAll("#lanehead .lane").length`), "and its lane")
	require.NoError(t, p.Eval(ctx, `document.querySelector('#threadfilter .chip[data-t="2"]').click()`, nil))

	runs := 1
	for i := 1; i < len(res.Trace); i++ {
		if res.Trace[i].Thread != res.Trace[i-1].Thread || i == len(res.Trace)-1 {
			runs++
		}
	}
	require.NoError(t, p.Eval(ctx, `document.getElementById("collapse").click()`, nil))
	assert.Equal(t, runs, rows(), "a row per run of one thread's steps (the failing step its own)")
	require.NoError(t, p.Eval(ctx, `document.getElementById("collapse").click()`, nil))
	assert.Equal(t, len(res.Trace), rows())
}

// TestProofPageInABrowser: the page of a safe answer shows the engine
// and its certificate, a line a clause, and no trace controls.
func TestProofPageInABrowser(t *testing.T) {
	b := startBrowser(t)
	t.Chdir(root)
	page, res := checkPage(t, "examples/mutex.bp", "--engine", "ic3")
	require.Equal(t, "safe", res.Verdict, res.Reason)
	require.NotNil(t, res.Certificate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := openTab(t, ctx, b, "file://"+page, pageWidth, pageHeight)
	assert.Equal(t, "VERIFICATION SUCCESSFUL", eval[string](t, ctx, p, `document.getElementById("verdict").textContent`))
	assert.ElementsMatch(t, res.Certificate.Lines, eval[[]string](t, ctx, p, `document.getElementById("certlines").textContent.split("\n")`), "every clause, those about an assertion's lines first")
	assert.Contains(t, eval[string](t, ctx, p, `document.getElementById("proof").textContent`), fmt.Sprintf("%d clauses", res.Certificate.Size))
	assert.Equal(t, "none", eval[string](t, ctx, p, `getComputedStyle(document.getElementById("controls")).display`))
	if *screenshots {
		shoot(t, ctx, p, "proof-mutex.png")
	}
}

package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/browser"
)

// rowFit is what rowsFit found over every row of a trace.
type rowFit struct {
	Rows    int      // rows looked at
	Steps   int      // rows of the trace (bopgoPage.rows())
	Wrapped int      // rows taller than one line
	Wide    []string // rows whose text goes past the row, or the row past the trace
	Apart   []string // rows that do not start where the row before them ends
	Heights []int    // the heights seen, each once
	// ScrollWidth and ClientWidth are the trace's: wider content would
	// scroll sideways.
	ScrollWidth, ClientWidth int
}

// rowsFit unfolds every run, scrolls the trace a screen at a time and
// checks each row drawn: whether it ends inside the trace's width, its
// statement and values inside the row (nothing cut, nothing to scroll
// to), and it starts where the row before it ends.
func rowsFit(t *testing.T, ctx context.Context, p *browser.Page) rowFit {
	t.Helper()
	return eval[rowFit](t, ctx, p, `(() => {
		const c = document.getElementById("collapse");
		if (c.checked) c.click();
		const s = document.getElementById("scroller"), wide = [], apart = [], seen = new Set(), heights = new Set();
		let wrapped = 0;
		const right = s.getBoundingClientRect().left + s.clientWidth + 0.5;
		for (let y = 0; y < s.scrollHeight; y += s.clientHeight / 2) {
			s.scrollTop = y;
			bopgoPage.redraw();
			const rows = [...document.querySelectorAll("#spacer .row")];
			rows.forEach((r, k) => {
				const b = r.getBoundingClientRect(), body = r.querySelector(".body");
				const why = [];
				if (b.right > right) why.push("ends at " + b.right + " past " + right);
				if (body.scrollWidth > body.clientWidth) why.push("its text is " + body.scrollWidth + " wide in " + body.clientWidth);
				const st = r.querySelector(".stmt");
				if (st.clientWidth > 0 && st.scrollWidth > st.clientWidth) why.push("its statement is cut");
				for (const e of r.querySelectorAll(".stmt, .chg .v")) {
					for (const q of e.getClientRects()) if (q.right > b.right + 0.5) why.push(e.className + " ends past the row");
				}
				if (why.length) wide.push("step " + (+r.dataset.step + 1) + ": " + why.join(", "));
				const above = k > 0 && rows[k - 1].getBoundingClientRect().bottom;
				if (k > 0 && Math.abs(above - b.top) > 0.5) apart.push("step " + (+r.dataset.step + 1) + " starts at " + b.top + ", the row above ends at " + above);
				if (!seen.has(r.dataset.step)) {
					seen.add(r.dataset.step);
					heights.add(Math.round(b.height));
					if (b.height > 30) wrapped++;
				}
			});
		}
		return {rows: seen.size, steps: bopgoPage.rows(), wrapped: wrapped, wide: wide.slice(0, 10), apart: apart.slice(0, 10), heights: [...heights].sort((a, b) => a - b),
			scrollWidth: s.scrollWidth, clientWidth: s.clientWidth};
	})()`)
}

// TestNarrowRowsWrapInABrowser: 800 px wide, a row wraps its statement
// and values to the trace's width, nothing scrolls sideways and rows
// neither overlap nor leave gaps, on the traces with the longest
// statements (QRCU-4's SatAbs program, Getafix's fib_3_unsafe); 1400 px
// wide, every row is one line, as before.
func TestNarrowRowsWrapInABrowser(t *testing.T) {
	b := startBrowser(t)
	t.Chdir(root)
	for _, c := range []struct{ name, file string }{
		{"qrcu4", "benchmarks/corpus/ijit/examples/ase16.bm.set1/17_QRCU-4/satabs.28.bp"},
		{"getafix", "benchmarks/corpus/getafix-tnl/experiments/fib_3_unsafe.bp"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, p, res := openPage(t, b, narrowWidth, c.file, "--engine", "explicit")
			require.Equal(t, "unsafe", res.Verdict, res.Reason)
			fit := rowsFit(t, ctx, p)
			assert.Equal(t, fit.Steps, fit.Rows, "every row looked at")
			assert.Empty(t, fit.Wide, "nothing past the trace's width")
			assert.Empty(t, fit.Apart, "rows neither overlap nor leave gaps")
			assert.LessOrEqual(t, fit.ScrollWidth, fit.ClientWidth, "the trace does not scroll sideways")
			assert.Positive(t, fit.Wrapped, "long statements wrap: %v", fit.Heights)

			ctx, p, _ = openPage(t, b, pageWidth, c.file, "--engine", "explicit")
			wide := rowsFit(t, ctx, p)
			assert.Equal(t, wide.Steps, wide.Rows)
			assert.Equal(t, []int{22}, wide.Heights, "1400 px wide, a row is one line")
			assert.Empty(t, wide.Apart)
		})
	}
}

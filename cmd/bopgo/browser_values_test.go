package main

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/browser"
)

// chipsAt makes step i current and returns the text of its row's value
// chips that match sel, space-separated.
func chipsAt(t *testing.T, ctx context.Context, p *browser.Page, i int, sel string) string {
	t.Helper()
	require.NoError(t, p.Eval(ctx, fmt.Sprintf("bopgoPage.go(%d)", i), nil))
	return eval[string](t, ctx, p, fmt.Sprintf(`[...document.querySelectorAll("#spacer .row.cur .chg %s")].map(e => e.textContent).join(" ")`, sel))
}

// TestEveryValuePageInABrowser (issue #36, "every value"): the race's
// stale read tmp := c changes nothing, and its row still shows, muted,
// the value it wrote; the first row shows the initial values; a
// declaration's value is marked as a *'s; "every value" off hides both.
func TestEveryValuePageInABrowser(t *testing.T) {
	b := startBrowser(t)
	t.Chdir(root)
	ctx, p, res := openPage(t, b, pageWidth, "cmd/bopgo/testdata/race.bp", "--engine", "explicit")
	require.Equal(t, "unsafe", res.Verdict, res.Reason)
	read, decl := -1, -1
	for i, s := range res.Trace {
		if s.Statement == "tmp := c" && read < 0 {
			read = i
		}
		if s.Statement == "decl tmp;" && decl < 0 {
			decl = i
		}
	}
	require.GreaterOrEqual(t, read, 0)
	require.GreaterOrEqual(t, decl, 0)
	require.Len(t, res.Trace[read].Written, 1)
	require.True(t, res.Trace[read].Written[0].Unchanged, "the stale read writes tmp's own value")
	row := func(i int, sel string) string { return chipsAt(t, ctx, p, i, sel) }

	assert.Equal(t, "tmp:=0", row(read, ".v.same"), "the unchanged write, muted")
	assert.Contains(t, text(t, ctx, p, "detail"), "worker::tmp := 0 (unchanged)")
	assert.Contains(t, row(decl, ".v"), "tmp:=0*", "a declaration's value is a *'s")
	assert.Equal(t, "initially c=0 done=0", row(0, ".init"))
	assert.Contains(t, text(t, ctx, p, "detail"), "starts from c=0, done=0")

	require.NoError(t, p.Eval(ctx, `document.getElementById("every").click()`, nil))
	assert.Empty(t, row(read, ".v.same"), "every value off: the row shows changed values only")
	assert.Empty(t, row(0, ".init"))
}

// TestChoicesPageInABrowser: a row shows the value each * inside an
// expression took (testdata/choices.bp: x := y & * sets x, so its * is
// 1; if (*) goes to else, so its * is 0), and the step's panel says
// where each * is written.
func TestChoicesPageInABrowser(t *testing.T) {
	b := startBrowser(t)
	t.Chdir(root)
	ctx, p, res := openPage(t, b, pageWidth, "cmd/bopgo/testdata/choices.bp", "--engine", "explicit")
	require.Equal(t, "unsafe", res.Verdict, res.Reason)
	at := map[string]int{}
	for i, s := range res.Trace {
		at[s.Statement] = i
	}
	row := func(stmt string) string {
		i, ok := at[stmt]
		require.True(t, ok, stmt)
		return chipsAt(t, ctx, p, i, ".pick")
	}
	assert.Equal(t, "*=1", row("x := y & *"), "x := y & * set x: its * took 1")
	assert.Contains(t, text(t, ctx, p, "detail"), "the * at 7:12 took 1")
	assert.Equal(t, "*=1", row("assume(* | !y)"))
	assert.Equal(t, "*=0", row("if (*)"), "the else branch: its * took 0")
	assert.Equal(t, "schoose=1", row("z := schoose[F, F]"))
	assert.Equal(t, "*=0", row("assert(!x | *)"), "the assertion fails: its * took 0")
	assert.Empty(t, row("x, y, z := F, T, F"))
}

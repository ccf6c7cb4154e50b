package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/internal/browser"
)

// TestReportIndexInABrowser opens the report's index.html from disk in
// headless Chromium, as a person would: the plots show, and each link
// leads to the program's page. It skips, saying so, with -short or
// without Chromium (.ci/run installs Debian's chromium).
func TestReportIndexInABrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	path, ok := browser.Find()
	if !ok {
		t.Skip("SKIPPED: no Chromium found (apt-get install chromium, or set BOPGO_CHROMIUM): index.html was not tested in a browser")
	}
	out, _, _, _ := pagesReport(t)
	const width, height = 1200, 800
	b, err := browser.Start(path, width, height)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, b.Close()) })

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	index := "file://" + filepath.ToSlash(filepath.Join(out, "index.html"))
	p, err := b.Open(ctx, index, width, height)
	require.NoError(t, err)

	var images []struct {
		Src   string
		Width int
	}
	require.NoError(t, p.Eval(ctx, `[...document.images].map(i => ({src: i.getAttribute("src"), width: i.naturalWidth}))`, &images))
	require.Len(t, images, 2, "the cactus and the scatter plot")
	for _, img := range images {
		assert.Positive(t, img.Width, "%s is drawn", img.Src)
	}

	var links []struct{ Href, Text string }
	require.NoError(t, p.Eval(ctx, `[...document.querySelectorAll("a")].map(a => ({href: a.href, text: a.textContent}))`, &links))
	require.Len(t, links, 2, "a page each for race.bp and locked.bp")
	for _, l := range links {
		require.True(t, strings.HasPrefix(l.Href, "file://"+filepath.ToSlash(out)+"/pages/"), l.Href)
		page, err := b.Open(ctx, l.Href, width, height)
		require.NoError(t, err, "following %s", l.Text)
		var title string
		require.NoError(t, page.Eval(ctx, `document.title`, &title))
		assert.Regexp(t, `(race|locked)\.bp`, title, l.Href)
	}
}

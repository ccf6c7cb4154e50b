package browser

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// start starts Chromium for a test, or skips it, saying why.
func start(t *testing.T) *Browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	path, ok := Find()
	if !ok {
		t.Skip("SKIPPED: no Chromium (apt-get install chromium, or set BOPGO_CHROMIUM): the browser tests did not run")
	}
	b, err := Start(path, 800, 600)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, b.Close()) })
	return b
}

func TestEvalKeysAndScreenshot(t *testing.T) {
	b := start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	file := filepath.Join(t.TempDir(), "p.html")
	require.NoError(t, os.WriteFile(file, []byte(`<!DOCTYPE html><title>t</title><p id=k>none</p>
<script>document.addEventListener("keydown", e => document.getElementById("k").textContent = e.key)</script>`), 0o644))
	p, err := b.Open(ctx, "file://"+file, 640, 480)
	require.NoError(t, err)

	var title string
	require.NoError(t, p.Eval(ctx, "document.title", &title))
	assert.Equal(t, "t", title)
	for _, key := range []string{"End", "ArrowDown", "j"} {
		require.NoError(t, p.Key(ctx, key))
		var got string
		require.NoError(t, p.Eval(ctx, `document.getElementById("k").textContent`, &got))
		assert.Equal(t, key, got)
	}
	assert.ErrorContains(t, p.Eval(ctx, "nosuchname.x", nil), "nosuchname")

	png, err := p.Screenshot(ctx)
	require.NoError(t, err)
	assert.Equal(t, "\x89PNG", string(png[:4]))

	// The tab closes; the browser opens the next.
	require.NoError(t, p.Close(ctx))
	q, err := b.Open(ctx, "file://"+file, 640, 480)
	require.NoError(t, err)
	require.NoError(t, q.Eval(ctx, "document.title", &title))
	assert.Equal(t, "t", title)
}

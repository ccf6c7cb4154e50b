package htmltrace

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func page(t *testing.T, r *Result, src []byte) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Write(&b, Page{Result: r, Source: src}))
	return b.String()
}

// TestSelfContainedAndDeterministic: nothing is fetched (no src, href,
// url(), @import or address), and the same input gives the same bytes.
func TestSelfContainedAndDeterministic(t *testing.T) {
	src, err := os.ReadFile("testdata/race.bp")
	require.NoError(t, err)
	for _, name := range []string{"race.json", "bcast.json", "mutex.json"} {
		p := page(t, readResult(t, name), src)
		for _, bad := range []*regexp.Regexp{
			regexp.MustCompile(`\b(src|href)\s*=`), regexp.MustCompile(`url\(`), regexp.MustCompile(`@import`),
			regexp.MustCompile(`https?://`), regexp.MustCompile(`<link\b`),
		} {
			assert.NotRegexp(t, bad, p, name)
		}
		for range 3 {
			assert.Equal(t, p, page(t, readResult(t, name), src), "%s: same input, same bytes", name)
		}
	}
}

// TestEscaping: a file name or source line that looks like markup stays
// text: the data's script ends only where the template ends it.
func TestEscaping(t *testing.T) {
	r := readResult(t, "race.json")
	r.File = `a</script><script>alert(1)</script>.bp`
	p := page(t, r, []byte("decl x; // </script><b>bold</b>\n"))
	assert.Equal(t, 2, strings.Count(p, "</script>"), "only the template's own two scripts end")
	assert.NotContains(t, p, "<b>bold</b>")
	assert.Contains(t, p, `<title>a&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.bp: UNSAFE, 13 steps</title>`)
}

func TestDecodeRejects(t *testing.T) {
	for _, in := range []string{`{`, `{"version": 1}`, `{"version": 2, "verdict": "safe"}`, `[]`} {
		_, err := Decode([]byte(in))
		assert.Error(t, err, in)
	}
}

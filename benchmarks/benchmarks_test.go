package benchmarks

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
)

func TestReadManifest(t *testing.T) {
	t.Parallel()
	entries, err := ReadManifest("corpus")
	require.NoError(t, err)
	require.Greater(t, len(entries), 250)
	counts := map[string]int{}
	for _, e := range entries {
		counts[e.Expected]++
		assert.NotEmpty(t, e.Path)
	}
	assert.Positive(t, counts["unsafe"])
	assert.Positive(t, counts["safe"])
}

func TestParseManifestErrors(t *testing.T) {
	t.Parallel()
	_, err := parseManifest(strings.NewReader(""))
	assert.Error(t, err)
	_, err = parseManifest(strings.NewReader("path\tother\nx\ty\n"))
	assert.ErrorContains(t, err, "no column")
	_, err = parseManifest(strings.NewReader("path\texpected_verdict\tverdict_evidence\tdialect\nonly-one-field\n"))
	assert.ErrorContains(t, err, "line 2")
}

// Every generated family member must be a valid program.
func TestFamiliesLoad(t *testing.T) {
	t.Parallel()
	for _, bug := range []bool{false, true} {
		for v := 2; v <= 30; v += 7 {
			_, err := bp.Load("wide.bp", []byte(WideParity(v, bug)))
			require.NoError(t, err, "WideParity(%d, %v)", v, bug)
		}
		for n := 1; n <= 6; n++ {
			for k := 0; k <= 8; k += 4 {
				_, err := bp.Load("workers.bp", []byte(Workers(n, k, bug)))
				require.NoError(t, err, "Workers(%d, %d, %v)", n, k, bug)
			}
		}
	}
	assert.Contains(t, WideParityPromela(4, false), "active proctype main()")
	assert.Contains(t, WorkersPromela(3, 2, true), "active [3] proctype worker()")
}

func TestManifestLabelColumn(t *testing.T) {
	t.Parallel()
	entries, err := parseManifest(strings.NewReader("path\texpected_verdict\tverdict_evidence\tdialect\tlabel\na.bp\tunsafe\tx\ty\tSLIC_ERROR\nb.bp\tsafe\tx\ty\t\n"))
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.Equal(t, "SLIC_ERROR", entries[0].Label)
	assert.Empty(t, entries[1].Label)
}

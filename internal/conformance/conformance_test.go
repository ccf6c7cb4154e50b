package conformance

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	cases, err := Read("../../testdata/boppo")
	require.NoError(t, err)
	require.Len(t, cases, 37)
	byDir := map[string]Case{}
	for _, c := range cases {
		byDir[c.Dir] = c
	}
	assert.Equal(t, "SLIC_ERROR", byDir["Threads6"].Label)
	assert.Equal(t, []string{"--por", "-l", "SLIC_ERROR"}, byDir["Threads6"].Options)
	assert.Equal(t, "unsafe", byDir["Threads6"].Expected)
	assert.Empty(t, byDir["Simple3"].Options)
	assert.Equal(t, "../../testdata/boppo/n-conc/n-conc.bp", byDir["n-conc"].Path("../../testdata/boppo"))
}

package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg/draw"
)

// TestLegendBesideTheData: the cactus plot's legend is drawn in a column
// right of the axes, wide enough for its longest name, so it covers no
// curve (inside the axes it covered the ones that rise first).
func TestLegendBesideTheData(t *testing.T) {
	recs := handMade()
	for i := range recs {
		if recs[i].Config == "b" {
			recs[i].Config = "symbolic-nopor-with-a-long-name"
		}
	}
	p, legend, err := cactusPlot(recs)
	require.NoError(t, err)
	c, err := draw.NewFormattedCanvas(plotWidth+legendWidth(legend), plotHeight, "png")
	require.NoError(t, err)
	plotArea, legendArea := layout(draw.New(c), legend)
	data := p.DataCanvas(plotArea)
	assert.GreaterOrEqual(t, legendArea.Min.X, data.Max.X, "the legend starts right of the data")
	r := legend.Rectangle(legendArea)
	assert.LessOrEqual(t, legendArea.Min.X+(r.Max.X-r.Min.X), legendArea.Max.X, "the longest name fits")
}

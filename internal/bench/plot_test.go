package bench

import (
	"math"
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

// The cactus plot counts programs: its count axis is labelled at whole
// numbers only (gonum's default labelled 0.00, 2.50, 5.00), at most
// maxCountTicks of them, multiples of 1, 2 or 5 times a power of ten.
func TestCactusCountTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   []string
	}{
		{0, 5, []string{"0", "1", "2", "3", "4", "5"}},
		{0, 2, []string{"0", "1", "2"}},
		{0, 1, []string{"0", "1"}},
		{0, 9, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}},
		{0, 10, []string{"0", "2", "4", "6", "8", "10"}},
		{0, 37, []string{"0", "5", "10", "15", "20", "25", "30", "35"}},
		{0, 536, []string{"0", "100", "200", "300", "400", "500"}},
		{-0.3, 0.4, []string{"0"}},
		{0.2, 0.8, nil},
	} {
		var got []string
		for _, tk := range (countTicks{}).Ticks(tc.lo, tc.hi) {
			assert.Equal(t, math.Round(tk.Value), tk.Value, "%v: a whole number", tk.Value)
			got = append(got, tk.Label)
		}
		assert.Equal(t, tc.want, got, "[%v, %v]", tc.lo, tc.hi)
	}
	assert.Empty(t, (countTicks{}).Ticks(math.NaN(), 1))

	p, _, err := cactusPlot(handMade())
	require.NoError(t, err)
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		assert.Regexp(t, `^\d+$`, tk.Label)
	}
	assert.Len(t, p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max), 5, "0 to 4 programs solved (b's four answers)")
}

package bench

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plots are drawn at this size, as PNG and SVG.
const (
	plotWidth  = 6 * vg.Inch
	plotHeight = 4 * vg.Inch
)

// minSeconds is the floor of the logarithmic time axes.
const minSeconds = 1e-3

// Cactus plots, for each configuration, its correct answers sorted by
// time: the k-th point is the time within which it solved k programs. It
// writes base.png and base.svg and returns their names.
func Cactus(recs []Record, base string) ([]string, error) {
	p, legend, err := cactusPlot(recs)
	if err != nil {
		return nil, err
	}
	return save(p, legend, base)
}

func cactusPlot(recs []Record) (*plot.Plot, plot.Legend, error) {
	p := plot.New()
	p.Title.Text = "Correct answers within a time"
	p.X.Label.Text = "programs solved"
	p.Y.Label.Text = "wall time (s)"
	legend := newLegend()
	var lo, hi float64 = math.Inf(1), math.Inf(-1)
	for i, s := range Summarize(recs) {
		var ts []float64
		for _, r := range recs {
			if r.Config == s.Config && correct(r) {
				ts = append(ts, max(r.Seconds, minSeconds))
			}
		}
		if len(ts) == 0 {
			continue
		}
		slices.Sort(ts)
		pts := make(plotter.XYs, len(ts))
		for k, t := range ts {
			pts[k] = plotter.XY{X: float64(k + 1), Y: t}
		}
		lo, hi = min(lo, ts[0]), max(hi, ts[len(ts)-1])
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, legend, err
		}
		line.Color = plotutil.Color(i)
		points.Color = plotutil.Color(i)
		points.Shape = plotutil.Shape(i)
		p.Add(line, points)
		legend.Add(s.Config, line, points)
	}
	if !math.IsInf(lo, 1) {
		logAxis(&p.Y, lo, hi)
		p.X.Min = 0
	}
	p.X.Tick.Marker = countTicks{}
	return p, legend, nil
}

// maxCountTicks bounds the labelled ticks of a count axis.
const maxCountTicks = 10

// countTicks marks a count axis (the cactus plot's programs solved) at
// whole numbers only, where gonum's default would label 0.00, 2.50,
// 5.00: every multiple of a step of 1, 2 or 5 times a power of ten in
// the range, the least step that gives at most maxCountTicks of them.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	step := 1.0
	for i := 0; (hi-lo)/step >= maxCountTicks; i++ {
		step = []float64{2, 5, 10}[i%3] * math.Pow(10, float64(i/3))
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step)*step + 0; v <= hi; v += step { // + 0: not -0
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return ticks
}

// Scatter plots configuration a against b: one point per program both ran,
// at their times; a run without a correct answer sits at the time limit
// (twice the longest time when there was none) and is drawn as a cross.
func Scatter(recs []Record, a, b, base string) ([]string, error) {
	both, other, n, cap := scatterPoints(recs, a, b)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s against %s (%d programs)", b, a, n)
	p.X.Label.Text = a + " wall time (s)"
	p.Y.Label.Text = b + " wall time (s)"
	legend := newLegend()
	logAxis(&p.X, minSeconds, cap)
	logAxis(&p.Y, minSeconds, cap)
	diag, err := plotter.NewLine(plotter.XYs{{X: minSeconds, Y: minSeconds}, {X: cap, Y: cap}})
	if err != nil {
		return nil, err
	}
	diag.Color = plotutil.Color(2)
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(diag)
	for i, set := range []struct {
		pts   plotter.XYs
		name  string
		shape draw.GlyphDrawer
	}{
		{both, "both correct", draw.CircleGlyph{}},
		{other, "at least one without a correct answer", draw.CrossGlyph{}},
	} {
		if len(set.pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.pts)
		if err != nil {
			return nil, err
		}
		s.Color, s.Shape = plotutil.Color(i), set.shape
		p.Add(s)
		legend.Add(set.name, s)
	}
	return save(p, legend, base)
}

// scatterPoints are the points of Scatter: for each of the n programs
// that both configurations ran, a's time against b's, in both when both
// answered correctly, else in other, where a run without a correct
// answer counts cap, the largest time limit of the records.
func scatterPoints(recs []Record, a, b string) (both, other plotter.XYs, n int, cap float64) {
	type prog struct{ path, sha, label string }
	ra, rb := map[prog]Record{}, map[prog]Record{}
	for _, r := range recs {
		p := prog{r.Program, r.SHA256, r.Label}
		switch r.Config {
		case a:
			ra[p] = r
		case b:
			rb[p] = r
		default:
			continue
		}
		if lim, err := time.ParseDuration(r.Timeout); err == nil {
			cap = max(cap, lim.Seconds())
		}
	}
	if cap == 0 {
		for _, r := range recs {
			cap = max(cap, 2*r.Seconds)
		}
	}
	cap = max(cap, 2*minSeconds)
	value := func(r Record) float64 {
		if !correct(r) {
			return cap
		}
		return min(max(r.Seconds, minSeconds), cap)
	}
	var keys []prog
	for p := range ra {
		if _, ok := rb[p]; ok {
			keys = append(keys, p)
		}
	}
	slices.SortFunc(keys, func(x, y prog) int {
		return strings.Compare(x.path+"\x00"+x.sha+"\x00"+x.label, y.path+"\x00"+y.sha+"\x00"+y.label)
	})
	for _, k := range keys {
		pt := plotter.XY{X: value(ra[k]), Y: value(rb[k])}
		if correct(ra[k]) && correct(rb[k]) {
			both = append(both, pt)
		} else {
			other = append(other, pt)
		}
	}
	return both, other, len(keys), cap
}

// logAxis makes a logarithmic axis covering [lo, hi] with room around it.
func logAxis(ax *plot.Axis, lo, hi float64) {
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = plot.LogTicks{Prec: -1}
	ax.Min, ax.Max = lo/2, hi*2
}

// save writes the plot as base.png and base.svg, its legend in a column
// of its own right of the plot, where it can cover no data (inside the
// axes, the cactus plot's legend covered the curves that rise first).
// gonum/plot panics on some degenerate inputs; that becomes an error, not
// a crash.
func save(p *plot.Plot, legend plot.Legend, base string) (names []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			names, err = nil, fmt.Errorf("drawing %s: %v", filepath.Base(base), r)
		}
	}()
	for _, ext := range []string{"png", "svg"} {
		c, err := draw.NewFormattedCanvas(plotWidth+legendWidth(legend), plotHeight, ext)
		if err != nil {
			return nil, err
		}
		plotArea, legendArea := layout(draw.New(c), legend)
		p.Draw(plotArea)
		legend.Draw(legendArea)
		name := base + "." + ext
		f, err := os.Create(name)
		if err != nil {
			return nil, err
		}
		_, err = c.WriteTo(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, nil
}

// layout splits the canvas into the plot, plotWidth wide, and the
// legend's column right of it, whose entries start at the top.
func layout(dc draw.Canvas, legend plot.Legend) (plotArea, legendArea draw.Canvas) {
	w := legendWidth(legend)
	plotArea = draw.Crop(dc, 0, -w, 0, 0)
	legendArea = draw.Crop(dc, plotWidth+vg.Points(8), 0, 0, -vg.Points(24))
	return plotArea, legendArea
}

func newLegend() plot.Legend {
	l := plot.NewLegend()
	l.Top, l.Left = true, true
	return l
}

// legendWidth is the legend's column: its longest entry, its symbol and
// a margin.
func legendWidth(l plot.Legend) vg.Length {
	r := l.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X + vg.Points(24)
}

// PlotName makes a configuration name safe in a file name.
func PlotName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

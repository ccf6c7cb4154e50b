package main

import (
	"fmt"
	"io"
	"sync"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/internal/cli"
)

// progressLine prints bopgo.Progress on stderr: on a terminal one line
// rewritten in place, elsewhere (with --progress) a line each time.
type progressLine struct {
	w        io.Writer
	terminal bool
	mu       sync.Mutex
	shown    bool
	last     bopgo.Progress
}

// newProgressLine returns a progress line for w, or nil when there is to
// be none: w is not a terminal and the user did not ask for it.
func newProgressLine(w io.Writer, asked bool) *progressLine {
	term := cli.IsTerminal(w)
	if !term && !asked {
		return nil
	}
	return &progressLine{w: w, terminal: term}
}

// show prints one snapshot; a nil line prints nothing. Its method value
// is what bopgo.Options.Progress gets, so nil means no reporting at all.
func (p *progressLine) show(s bopgo.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	rate := 0.0
	if dt := (s.Elapsed - p.last.Elapsed).Seconds(); dt > 0 {
		rate = float64(s.States-p.last.States) / dt
	}
	p.last = s
	line := fmt.Sprintf("bopgo: %s, %d threads, %d states (%.0f/s), %.0f MiB, %ds",
		s.Engine, s.ThreadBound, s.States, rate, float64(s.HeapBytes)/(1<<20), int(s.Elapsed.Seconds()))
	if s.Phase != "" {
		line += ", " + s.Phase
	}
	if p.terminal {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		p.shown = true
		return
	}
	fmt.Fprintln(p.w, line)
}

// writer is where lines that stay go, after the progress line is
// cleared from a terminal; nil for a nil line (no progress at all).
func (p *progressLine) writer() io.Writer {
	if p == nil {
		return nil
	}
	return clearing{p}
}

// clearing writes to the progress line's writer on a line of its own.
type clearing struct{ p *progressLine }

func (c clearing) Write(b []byte) (int, error) {
	c.p.clear()
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	return c.p.w.Write(b)
}

// clear removes the line from a terminal before the answer is printed.
func (p *progressLine) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

package bench

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Runner runs a list of runs, Jobs at a time, appending each record to
// Results as soon as its run ends.
type Runner struct {
	Bopgo   string   // the bopgo executable that runs the bopgo configurations
	Jobs    int      // runs at a time (at least 1)
	Results *Results // where records go
	// Progress receives a progress report: with Terminal a bar redrawn in
	// place, otherwise one line per finished run. Nil is silent.
	Progress io.Writer
	Terminal bool
}

// Tally counts the records of this invocation by verdict.
type Tally struct {
	Done, Wrong int
	ByVerdict   map[string]int
}

// String is the tally as one line, verdicts in a fixed order.
func (t Tally) String() string {
	parts := []string{fmt.Sprintf("%d runs", t.Done)}
	for _, v := range []string{Safe, Unsafe, Sat, Unsat, Unknown, Timeout, Memout, Error} {
		if n := t.ByVerdict[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	return strings.Join(parts, ", ") + fmt.Sprintf("; %d wrong", t.Wrong)
}

// Run does the runs in order, Jobs at a time. When ctx ends it kills the
// runs in progress, records none of them, and returns ctx's error; an
// error writing the results also stops everything.
func (r *Runner) Run(ctx context.Context, runs []Run) (Tally, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := max(r.Jobs, 1)
	todo := make(chan Run)
	done := make(chan Record)
	var workers sync.WaitGroup
	for range jobs {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for run := range todo {
				rec, err := execute(ctx, r.Bopgo, run)
				if err != nil {
					continue // cancelled: no record
				}
				select {
				case done <- rec:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, run := range runs {
			select {
			case todo <- run:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { workers.Wait(); close(done) }()

	tally := Tally{ByVerdict: map[string]int{}}
	bar := progress{w: r.Progress, terminal: r.Terminal, total: len(runs), start: time.Now()}
	for rec := range done {
		if ctx.Err() != nil {
			continue // stopping: drain without recording
		}
		if err := r.Results.Append(rec); err != nil {
			cancel(err)
			continue
		}
		tally.Done++
		tally.ByVerdict[rec.Verdict]++
		if rec.Wrong {
			tally.Wrong++
		}
		bar.finished(rec, tally)
	}
	bar.end()
	return tally, context.Cause(ctx)
}

// progress reports finished runs.
type progress struct {
	w        io.Writer
	terminal bool
	total    int
	start    time.Time
	drawn    bool
}

const barWidth = 30

func (p *progress) finished(rec Record, t Tally) {
	if p.w == nil {
		return
	}
	if !p.terminal {
		wrong := ""
		if rec.Wrong {
			wrong = " WRONG, expected " + rec.Expected
		}
		fmt.Fprintf(p.w, "[%d/%d] %s %s: %s%s (%.2fs)\n", t.Done, p.total, rec.Config, rec.Program, rec.Verdict, wrong, rec.Seconds)
		return
	}
	filled := barWidth * t.Done / max(p.total, 1)
	elapsed := time.Since(p.start)
	eta := time.Duration(float64(elapsed) / float64(t.Done) * float64(p.total-t.Done))
	fmt.Fprintf(p.w, "\r\x1b[K[%s%s] %d/%d  %v elapsed, ~%v left  %d wrong",
		strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled),
		t.Done, p.total, elapsed.Round(time.Second), eta.Round(time.Second), t.Wrong)
	p.drawn = true
}

func (p *progress) end() {
	if p.w != nil && p.drawn {
		fmt.Fprintln(p.w)
	}
}

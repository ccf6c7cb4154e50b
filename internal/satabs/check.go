package satabs

import (
	"fmt"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// Options say how to read and what the trace must violate.
type Options struct {
	// Label is the property: with a label the trace ends when a thread
	// reaches it; without, it ends in a failing assertion.
	Label string
	// Positional reads each thread's locals by position (the threads'
	// groups in order, each holding the names its frame has) instead of
	// SatAbs's k-th occurrence. For programs whose threads name their
	// locals differently, where SatAbs's rule cannot work.
	Positional bool
	// Monotone is the reading of broadcasts: a passive thread without a
	// choice that satisfies its conjuncts keeps its values (bfc's
	// reading) instead of blocking the step.
	Monotone bool
}

// Problem is one way the trace is not an execution, or not read as one.
type Problem struct {
	Line int // the output's line number; 0 for the trace as a whole
	Msg  string
}

func (p Problem) String() string {
	if p.Line == 0 {
		return p.Msg
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Msg)
}

// maxChoices bounds the choices of one step enumerated jointly; an
// assignment with more is checked with SAT (assignWide). At 20, the
// SatAbs programs' steps of 13 to 20 choices took a second each.
const maxChoices = 12

// unknown is a value the trace has not determined.
const unknown int8 = -1

// thread is the checker's knowledge of one started thread.
type thread struct {
	proc   int
	pcs    []int // candidates: more than one after a non-deterministic goto
	ended  bool
	atomic bool
	vals   []int8 // by local slot
	// stack holds the frames of the calls of recursive functions the
	// thread is in, outermost first.
	stack []frame
}

// frame is a caller's frame: its proc, its Call step, its locals.
type frame struct {
	proc, pc int
	vals     []int8
}

// view is one line's values: the globals, and each thread's visible
// locals by slot (unknown where the thread's frame does not show them).
type view struct {
	globals []int8
	locals  [][]int8
}

type checker struct {
	prog     *bp.Program
	opts     Options
	out      *Output
	threads  []*thread
	globals  []int8
	global   map[string]int // name -> index of a shared global
	problems []Problem
}

func (c *checker) fail(line int, format string, args ...any) {
	c.problems = append(c.problems, Problem{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// Check reads out's trace against prog and returns every problem found
// (nil for a trace that SatAbs reads as an execution ending in the
// violation). Checking stops at the first line whose statement cannot be
// identified.
func Check(prog *bp.Program, out *Output, opts Options) []Problem {
	c := &checker{prog: prog, opts: opts, out: out, global: map[string]int{}}
	for i, g := range prog.Globals {
		c.global[g] = i
	}
	if out.Verdict != Failed {
		c.fail(0, "verdict %q, not %q", out.Verdict, Failed)
		return c.problems
	}
	if len(out.Lines) == 0 {
		c.fail(0, "no TRACE lines")
		return c.problems
	}
	c.run()
	return c.problems
}

func (c *checker) run() {
	main := c.prog.Procs[0]
	c.globals = unknowns(len(c.prog.Globals))
	c.threads = []*thread{{proc: 0, pcs: []int{main.Entry}, vals: unknowns(len(main.Locals))}}
	lines := c.out.Lines
	cur := c.read(&lines[0])
	c.observe(&lines[0], cur)
	var views []view
	for i := range lines {
		l := &lines[i]
		views = append(views, cur)
		t, st, ok := c.identify(l)
		if !ok {
			return
		}
		last := i == len(lines)-1
		var next view
		hasNext := false
		c.execute(l, t, st, last, func() *view {
			if last {
				return nil
			}
			if !hasNext {
				next = c.read(&lines[i+1])
				hasNext = true
			}
			return &next
		})
		if last {
			break
		}
		if !hasNext {
			next = c.read(&lines[i+1])
		}
		c.observe(&lines[i+1], next)
		cur = next
	}
	c.finish(views)
}

func unknowns(n int) []int8 {
	v := make([]int8, n)
	for i := range v {
		v[i] = unknown
	}
	return v
}

// visible returns the local slots a thread at pc of proc shows: the
// thread-locals and the locals of the innermost function instance.
func (c *checker) visible(proc, pc int) []int {
	p := c.prog.Procs[proc]
	var slots []int
	for i, l := range p.Locals {
		if l.ThreadLocal {
			slots = append(slots, i)
		}
	}
	return append(slots, p.Frames[p.Steps[pc].Frame].Slots...)
}

// read interprets line l's values with the threads' current pcs.
func (c *checker) read(l *Line) view {
	v := view{globals: unknowns(len(c.prog.Globals)), locals: make([][]int8, len(c.threads))}
	for k, t := range c.threads {
		v.locals[k] = unknowns(len(t.vals))
	}
	if c.opts.Positional {
		c.readPositional(l, &v)
	} else {
		c.readOccurrences(l, &v)
	}
	return v
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

// readOccurrences is SatAbs's rule: the k-th occurrence of a local's
// name is thread k's.
func (c *checker) readOccurrences(l *Line, v *view) {
	seen := map[string]int{}
	byThread := make([]map[string]int8, 0, len(c.threads))
	for _, val := range l.Values {
		if g, ok := c.global[val.Name]; ok {
			v.globals[g] = b2i(val.Value)
			continue
		}
		k := seen[val.Name]
		seen[val.Name]++
		for len(byThread) <= k {
			byThread = append(byThread, map[string]int8{})
		}
		byThread[k][val.Name] = b2i(val.Value)
	}
	if len(byThread) > 0 && len(byThread) != len(c.threads) {
		c.fail(l.Num, "SatAbs's assertion fails: the locals form %d groups, but %d threads were started", len(byThread), len(c.threads))
	}
	for g, name := range c.prog.Globals {
		if v.globals[g] == unknown {
			c.fail(l.Num, "shared variable %s is missing", name)
		}
	}
	for k, t := range c.threads {
		p := c.prog.Procs[t.proc]
		var got map[string]int8
		if k < len(byThread) {
			got = byThread[k]
		}
		want := map[string]bool{}
		for _, slot := range c.visible(t.proc, t.pcs[0]) {
			name := p.Locals[slot].Name
			want[name] = true
			if _, ok := c.global[name]; ok {
				c.fail(l.Num, "thread %d's local %s has a shared variable's name: SatAbs reads it as shared", k, name)
				continue
			}
			x, ok := got[name]
			if !ok {
				c.fail(l.Num, "thread %d's local %s is missing (SatAbs gives thread %d the %s occurrence of a name)", k, name, k, ordinal(k))
				continue
			}
			v.locals[k][slot] = x
		}
		for _, name := range sortedKeys(got) {
			if !want[name] {
				c.fail(l.Num, "SatAbs reads %s as thread %d's, which has no such local here", name, k)
			}
		}
	}
	for k := len(c.threads); k < len(byThread); k++ {
		c.fail(l.Num, "a group of locals for thread %d, which was not started", k)
	}
}

func ordinal(k int) string {
	switch k {
	case 0:
		return "first"
	case 1:
		return "second"
	case 2:
		return "third"
	}
	return fmt.Sprintf("%d-th", k+1)
}

func sortedKeys(m map[string]int8) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// readPositional expects the globals in declaration order, then one
// group per started thread, in order, with the names of its frame.
func (c *checker) readPositional(l *Line, v *view) {
	vals := l.Values
	for g, name := range c.prog.Globals {
		if len(vals) == 0 || vals[0].Name != name {
			c.fail(l.Num, "expected shared variable %s at position %d", name, g)
			return
		}
		v.globals[g] = b2i(vals[0].Value)
		vals = vals[1:]
	}
	for k, t := range c.threads {
		p := c.prog.Procs[t.proc]
		for _, slot := range c.visible(t.proc, t.pcs[0]) {
			name := p.Locals[slot].Name
			if len(vals) == 0 || vals[0].Name != name {
				c.fail(l.Num, "expected thread %d's local %s", k, name)
				return
			}
			v.locals[k][slot] = b2i(vals[0].Value)
			vals = vals[1:]
		}
	}
	if len(vals) > 0 {
		c.fail(l.Num, "%d values left after the groups of %d threads", len(vals), len(c.threads))
	}
}

// observe compares a line's values with what the steps so far left and
// then takes them as known.
func (c *checker) observe(l *Line, v view) {
	for g, x := range v.globals {
		if x == unknown {
			continue
		}
		if old := c.globals[g]; old != unknown && old != x {
			c.fail(l.Num, "%s=%d, but the steps before leave it %d", c.prog.Globals[g], x, old)
		}
		c.globals[g] = x
	}
	for k, t := range c.threads {
		p := c.prog.Procs[t.proc]
		for slot, x := range v.locals[k] {
			if x == unknown {
				continue
			}
			if old := t.vals[slot]; old != unknown && old != x {
				c.fail(l.Num, "thread %d's %s=%d, but the steps before leave it %d", k, p.LocalName(slot), x, old)
			}
			t.vals[slot] = x
		}
	}
}

// identify finds the thread of line l and the statement it executes.
func (c *checker) identify(l *Line) (int, *bp.Step, bool) {
	k := l.Thread
	if k < 0 || k >= len(c.threads) {
		c.fail(l.Num, "t=%d: no such thread (%d started)", k, len(c.threads))
		return 0, nil, false
	}
	t := c.threads[k]
	if t.ended {
		c.fail(l.Num, "t=%d: the thread has ended", k)
		return 0, nil, false
	}
	for j, o := range c.threads {
		if j != k && o.atomic && !o.ended {
			c.fail(l.Num, "t=%d runs while thread %d is in an atomic section", k, j)
		}
	}
	p := c.prog.Procs[t.proc]
	var match []int
	for _, pc := range t.pcs {
		if slices.Equal(p.Steps[pc].Labels, l.Labels) {
			match = append(match, pc)
		}
	}
	if len(match) == 0 {
		c.fail(l.Num, "thread %d's next statement is not labelled %v (it is at %s)", k, l.Labels, c.where(t.proc, t.pcs[0]))
		return 0, nil, false
	}
	t.pcs = match[:1]
	return k, &p.Steps[match[0]], true
}

func (c *checker) where(proc, pc int) string {
	st := &c.prog.Procs[proc].Steps[pc]
	return fmt.Sprintf("%s %q", c.prog.Position(st), st.Text)
}

// Readable reports why SatAbs's reader cannot read prog's traces at all,
// or nil: a variable named t or TAKEN is read as the thread or the
// branch outcome (SatAbs names its variables b<n>).
func Readable(prog *bp.Program) error {
	names := slices.Clone(prog.Globals)
	for _, p := range prog.Procs {
		for _, l := range p.Locals {
			names = append(names, l.Name)
		}
	}
	for _, n := range names {
		if n == "t" || n == "TAKEN" {
			return fmt.Errorf("a variable named %s is read as the token %s=", n, n)
		}
	}
	return nil
}

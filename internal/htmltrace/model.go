package htmltrace

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bopgo/bopgo/internal/jsonresult"
)

// data is what the page's script draws, in compact form: short keys,
// variable names by index, and the state before each step as the delta
// from the state before the previous one.
type data struct {
	File     string               `json:"file"`
	Verdict  string               `json:"verdict"`
	Reason   string               `json:"reason,omitempty"`
	Limit    string               `json:"limit,omitempty"`
	Property string               `json:"property,omitempty"`
	Engine   string               `json:"engine,omitempty"`
	Dialect  string               `json:"dialect,omitempty"`
	Checked  bool                 `json:"checked"`
	Evidence *jsonresult.Evidence `json:"evidence,omitempty"`
	Stats    Stats                `json:"stats,omitempty"`
	Errors   []string             `json:"errors,omitempty"`
	Names    []string             `json:"names"`
	Threads  []thread             `json:"threads"`
	Steps    []step               `json:"steps"`
	// Fail is the failing row: the failing assertion's step, or the row
	// added for the label a thread reaches after the last step; -1 for
	// none.
	Fail   int                     `json:"fail"`
	Viol   *jsonresult.Violation   `json:"violation,omitempty"`
	Cert   *jsonresult.Certificate `json:"certificate,omitempty"`
	Source []string                `json:"source"`
}

// thread is one lane.
type thread struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Tag is what the page calls the thread where space is short: T and
	// its number, or in Getafix's dialect its function (whose numbers are
	// not the trace's: Getafix's thread1 is the trace's thread 2).
	Tag     string `json:"tag"`
	Creator int    `json:"creator"` // the thread that started it; -1 for main
	Start   int    `json:"start"`   // the step that started it; -1 for main
	End     int    `json:"end"`     // the step that ended it; -1 if it did not
	Steps   int    `json:"steps"`   // steps it took
}

// step is one row. A value triple is [thread, name, value]: thread -1
// for a global, value 0 or 1, or 2 for a name that left the thread's
// visible locals.
type step struct {
	T       int      `json:"t"`
	Line    int      `json:"l"`
	Col     int      `json:"c"`
	Text    string   `json:"s"`
	Labels  []string `json:"lb,omitempty"`
	Taken   int      `json:"tk,omitempty"` // 1 the condition held, 2 it did not
	Note    string   `json:"n,omitempty"`
	Started int      `json:"st,omitempty"`
	Ended   bool     `json:"e,omitempty"`
	Atomic  bool     `json:"a,omitempty"`
	Blocked []int    `json:"b,omitempty"`
	Changed [][3]int `json:"ch,omitempty"` // the step's own changes
	// Written are the variables the step assigned, changed or not, as
	// [thread, name, value, flags] (flags: writeUnchanged, writeChosen),
	// in the JSON's order.
	Written [][4]int `json:"wr,omitempty"`
	// Choices are the values the statement's * took, in source order,
	// as [line, column, value, flags] (flags: choiceSchoose,
	// choiceAssigned).
	Choices [][4]int `json:"k,omitempty"`
	Delta   [][3]int `json:"d,omitempty"` // the state before it, from the state before the previous step
	// Depth is how many calls of recursive functions the step is in.
	Depth int `json:"dp,omitempty"`
	// Frames is the thread's call stack from here on, set where it
	// differs from the thread's previous step's (calls.go).
	Frames []frame `json:"fs,omitempty"`
	Call   *call   `json:"cl,omitempty"` // the step calls a recursive function
	Return *call   `json:"rt,omitempty"` // the step returns from one
	// Synthetic: a step of Getafix's translation, not of the program
	// (a yield, the threads' start); the page folds them away.
	Synthetic bool `json:"y,omitempty"`
	// Reached: the row added for a label the thread reaches after the
	// last step.
	Reached bool `json:"r,omitempty"`
}

// The flags of a written value.
const (
	writeUnchanged = 1 // the step assigned the value the variable had
	writeChosen    = 2 // the value a bare * took
)

// The flags of a choice.
const (
	choiceSchoose  = 1 // a schoose, not a *
	choiceAssigned = 2 // the whole value of an assignment: a written value shows it
)

// removed is the value of a delta entry for a name that left a thread's
// visible locals.
const removed = 2

// build turns a result and its program's source into the page's data.
func build(r *Result, source []byte) *data {
	d := &data{File: r.File, Verdict: r.Verdict, Reason: r.Reason, Limit: r.Limit, Property: r.Property,
		Engine: r.Engine, Dialect: r.Dialect, Checked: !r.Unchecked, Evidence: r.Evidence, Stats: r.Stats,
		Errors: r.Errors, Viol: r.Violation, Cert: r.Certificate, Fail: -1,
		Names: names(r), Threads: []thread{}, Steps: []step{}, Source: sourceLines(source)}
	index := make(map[string]int, len(d.Names))
	for i, n := range d.Names {
		index[n] = i
	}
	d.Threads = threads(r)
	var prev state
	for i := range r.Trace {
		s := &r.Trace[i]
		row := step{T: s.Thread, Line: s.Line, Col: s.Column, Text: s.Statement, Labels: s.Labels, Note: s.Note,
			Started: s.Started, Ended: s.Ended, Atomic: s.Atomic, Blocked: s.Blocked}
		if s.Taken != nil {
			row.Taken = 2
			if *s.Taken {
				row.Taken = 1
			}
		}
		row.Changed = changes(s.Changed, s.Thread, index)
		row.Written = writes(s.Written, index)
		row.Choices = picks(s.Choices)
		cur := stateBefore(r, i, prev, index)
		row.Delta = cur.delta(prev)
		prev = cur
		d.Steps = append(d.Steps, row)
	}
	if v := r.Violation; v != nil && len(r.Trace) > 0 {
		d.Fail = len(d.Steps) - 1
		if v.Kind == "label" {
			d.Steps = append(d.Steps, labelRow(r, prev, index))
			d.Fail++
		}
	}
	addFrames(d, r, index)
	if r.Dialect == "getafix" {
		getafix(d, r)
	}
	return d
}

// labelRow is the row of the label a thread reaches after the last
// step: a trace ends before the labelled statement, which would leave
// the failure without a row, a marker or a note. prev is the state
// before the last step; the row's is the state after it.
func labelRow(r *Result, prev state, index map[string]int) step {
	v, lastStep := r.Violation, &r.Trace[len(r.Trace)-1]
	cur := prev.clone()
	for _, c := range changes(lastStep.Changed, lastStep.Thread, index) {
		cur.set(c[0], c[1], c[2] == 1)
	}
	text := v.Statement
	if v.Label != "" {
		text = v.Label + ": " + text
	}
	return step{T: v.Thread, Line: v.Line, Col: v.Column, Text: text, Labels: []string{v.Label},
		Note: "reaches label " + v.Label + ": the property fails", Reached: true, Delta: cur.delta(prev)}
}

// names are every variable name of the result, sorted.
func names(r *Result) []string {
	var out []string
	add := func(m map[string]bool) {
		for n := range m {
			out = append(out, n)
		}
	}
	for i := range r.Trace {
		s := &r.Trace[i]
		add(s.Values.Globals)
		add(s.Values.Locals)
		for _, w := range s.Written {
			out = append(out, w.Name)
		}
		if c := s.Changed; c != nil {
			add(c.Globals)
			add(c.Locals)
			for _, t := range c.Threads {
				add(t.Locals)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// state is what is known of the state before a step: the globals, and
// each thread's visible locals (as of its last step, with the changes
// steps made to them since). Thread -1 holds the globals.
type state map[int]map[int]bool

func (s state) clone() state {
	c := make(state, len(s))
	for t, m := range s {
		mc := make(map[int]bool, len(m))
		for k, v := range m {
			mc[k] = v
		}
		c[t] = mc
	}
	return c
}

func (s state) set(t, name int, v bool) {
	if s[t] == nil {
		s[t] = map[int]bool{}
	}
	s[t][name] = v
}

// stateBefore is the state before step i, given prev, the state before
// step i-1: prev with step i-1's changes, then step i's own values (the
// globals, and the running thread's visible locals, which replace what
// was known of them).
func stateBefore(r *Result, i int, prev state, index map[string]int) state {
	cur := prev.clone()
	if cur == nil {
		cur = state{}
	}
	if i > 0 {
		for _, c := range changes(r.Trace[i-1].Changed, r.Trace[i-1].Thread, index) {
			cur.set(c[0], c[1], c[2] == 1)
		}
	}
	s := &r.Trace[i]
	cur[-1] = map[int]bool{}
	for n, v := range s.Values.Globals {
		cur[-1][index[n]] = v
	}
	cur[s.Thread] = map[int]bool{}
	for n, v := range s.Values.Locals {
		cur[s.Thread][index[n]] = v
	}
	return cur
}

// delta lists what differs in s from prev, sorted by thread and name.
func (s state) delta(prev state) [][3]int {
	var out [][3]int
	for t, m := range s {
		for n, v := range m {
			if pv, ok := prev[t][n]; !ok || pv != v {
				out = append(out, [3]int{t, n, b2i(v)})
			}
		}
		for n := range prev[t] {
			if _, ok := m[n]; !ok {
				out = append(out, [3]int{t, n, removed})
			}
		}
	}
	slices.SortFunc(out, func(a, b [3]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return out
}

// changes are a step's changed values as triples, sorted by thread and
// name.
func changes(c *jsonresult.Changed, running int, index map[string]int) [][3]int {
	if c == nil {
		return nil
	}
	var out [][3]int
	add := func(t int, m map[string]bool) {
		for n, v := range m {
			out = append(out, [3]int{t, index[n], b2i(v)})
		}
	}
	add(-1, c.Globals)
	add(running, c.Locals)
	for _, t := range c.Threads {
		add(t.Thread, t.Locals)
	}
	slices.SortFunc(out, func(a, b [3]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return out
}

// writes are a step's written values as quadruples.
func writes(ws []jsonresult.Write, index map[string]int) [][4]int {
	var out [][4]int
	for _, w := range ws {
		t := -1
		if w.Thread != nil {
			t = *w.Thread
		}
		out = append(out, [4]int{t, index[w.Name], b2i(w.Value), bits(w.Unchanged, w.Chosen)})
	}
	return out
}

// picks are a step's choices as quadruples.
func picks(cs []jsonresult.Choice) [][4]int {
	var out [][4]int
	for _, c := range cs {
		out = append(out, [4]int{c.Line, c.Column, b2i(c.Value), bits(c.Schoose, c.Assigned)})
	}
	return out
}

// bits are flags as the page reads them: the first 1, the second 2, and
// so on (writeUnchanged, writeChosen; choiceSchoose, choiceAssigned).
func bits(flags ...bool) int {
	out := 0
	for i, f := range flags {
		out |= b2i(f) << i
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// threads are the lanes: main, every thread that runs a step, and every
// thread a step started, in number order.
func threads(r *Result) []thread {
	by := map[int]*thread{0: {ID: 0, Name: "main", Tag: "T0", Creator: -1, Start: -1, End: -1}}
	get := func(id int) *thread {
		if by[id] == nil {
			by[id] = &thread{ID: id, Name: "thread " + strconv.Itoa(id), Tag: "T" + strconv.Itoa(id), Creator: -1, Start: -1, End: -1}
		}
		return by[id]
	}
	for i := range r.Trace {
		s := &r.Trace[i]
		t := get(s.Thread)
		t.Steps++
		if s.Ended {
			t.End = i
		}
		if s.Started > 0 {
			n := get(s.Started)
			n.Creator, n.Start = s.Thread, i
			if name := startedName(s.Statement); name != "" {
				n.Name = name
			}
		}
	}
	out := make([]thread, 0, len(by))
	for _, t := range by {
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b thread) int { return a.ID - b.ID })
	return out
}

// startName finds what a start statement starts: the function of
// start_thread f(...) or SLAM's ASYNC_n: f(...), the label of
// start_thread goto L.
var startName = regexp.MustCompile(`^(?:start_thread\s+(?:goto\s+)?)?([A-Za-z_$][A-Za-z0-9_$#\-]*)`)

// startedName is the name of the lane of a thread started by stmt, only
// for the page's header: the thread's identity comes from the JSON.
func startedName(stmt string) string {
	m := startName.FindStringSubmatch(strings.TrimSpace(stmt))
	if m == nil {
		return ""
	}
	return m[1]
}

// sourceLines splits the program's text into lines (none when there is
// no text).
func sourceLines(src []byte) []string {
	if len(src) == 0 {
		return []string{}
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	lines := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "\t", "    ")
	}
	return lines
}

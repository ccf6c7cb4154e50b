package promela

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// ReadTrace turns the replay of a SPIN error trail of the model that
// Write wrote for prog under opts into the program's counterexample: the
// output of `pan -S` (pan's replay, which prints only the model's own
// printfs) or of `spin -t`, which carries the markers of mark.go and,
// after them, SPIN's "assertion violated".
//
// Every value of the trace is SPIN's, read from the markers: each step's
// thread, proc, pc and branch outcome, the mover's locals after it and
// the globals it wrote, the passive threads' locals after a broadcast, a
// new thread's locals, the holder of the atomic section. Thread
// identities are given in start order (main 0), as SPIN's pids are
// reused. Nothing is checked
// against the program's semantics here (bp/judge.Replay does that); an
// output that does not read as a trace, or that does not end in the
// violation of the property, is an error.
func ReadTrace(prog *bp.Program, opts Options, replay []byte) (*bp.Trace, error) {
	if len(prog.Procs) == 0 {
		return nil, ErrNoMain
	}
	if opts.MaxThreads == 0 {
		opts.MaxThreads = DefaultMaxThreads // as Write
	}
	r := &reader{prog: prog, w: newWriter(prog, opts), pids: map[int]int{}}
	sc := bufio.NewScanner(bytes.NewReader(replay))
	sc.Buffer(nil, 1<<24)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text()) // spin -t indents by pid
		if strings.Contains(text, "assertion violated") {
			// SPIN's message: the replay has reached the violation.
			r.violated = true
			break
		}
		if !strings.HasPrefix(text, markPrefix) {
			continue
		}
		if r.end != nil {
			return nil, fmt.Errorf("replay line %d: %q after the label was reached", line, text)
		}
		if err := r.marker(strings.Fields(strings.TrimPrefix(text, markPrefix))); err != nil {
			return nil, fmt.Errorf("replay line %d: %q: %w", line, text, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return r.trace()
}

// reader is ReadTrace's execution so far.
type reader struct {
	prog *bp.Program
	w    *writer
	tr   bp.Trace
	cur  bp.State
	// pids maps the pid of each live thread's process to its identity;
	// threadPid is its inverse, for the atomic flags.
	pids      map[int]int
	threadPid map[int]int
	nextID    int
	started   bool
	holder    int // bp_holder: the holding thread's pid+1, 0 for none
	// The current step's start and passive lines, which come before its
	// step line.
	start    *bp.ThreadState
	startPid int
	passive  map[int][]bool // pid: the array locals
	// pending is an assertion about to be tested: the step that fails if
	// SPIN's message comes next.
	pending *bp.TraceStep
	// end is the label's marker; violated says SPIN's message came.
	end      *bp.TraceStep
	label    bool
	violated bool
}

func (r *reader) marker(f []string) error {
	if len(f) == 0 {
		return errors.New("an empty marker")
	}
	kind, f := f[0], f[1:]
	if kind != "init" && !r.started {
		return errors.New("a marker before init's")
	}
	r.pending = nil
	switch kind {
	case "init":
		if r.started || len(f) != 1 {
			return errors.New("a second init, or a malformed one")
		}
		g, err := field(f[0], "g", len(r.prog.Globals))
		if err != nil {
			return err
		}
		r.cur.Globals, r.started = g, true
		return nil
	case "start":
		return r.startLine(f)
	case "passive":
		return r.passiveLine(f)
	case "step":
		return r.step(f)
	case "assert", "label":
		n, err := ints(f, 3)
		if err != nil {
			return err
		}
		t, err := r.thread(n[0], n[1], n[2])
		if err != nil {
			return err
		}
		s := bp.TraceStep{Thread: t.ID, Proc: t.Proc, PC: t.PC, Before: r.cur.Clone(), Taken: -1}
		if kind == "label" {
			r.end, r.label = &s, true
		} else {
			r.pending = &s
		}
		return nil
	}
	return fmt.Errorf("unknown marker %q", kind)
}

// startLine reads "start <pid> <proc> <pc> l=<locals>".
func (r *reader) startLine(f []string) error {
	if len(f) != 4 || r.start != nil {
		return errors.New("a malformed start, or a second one in a step")
	}
	n, err := ints(f[:3], 3)
	if err != nil {
		return err
	}
	if n[1] < 0 || n[1] >= len(r.prog.Procs) || n[2] < 0 || n[2] >= len(r.prog.Procs[n[1]].Steps) {
		return fmt.Errorf("no pc %d of proc %d", n[2], n[1])
	}
	l, err := field(f[3], "l", len(r.prog.Procs[n[1]].Locals))
	if err != nil {
		return err
	}
	t := bp.ThreadState{ID: r.nextID, Proc: n[1], PC: n[2], Locals: l}
	r.nextID++
	if len(r.cur.Threads) == 0 && len(r.tr.Steps) == 0 {
		// init starting main: the initial state.
		if t.Proc != 0 || t.PC != r.prog.Procs[0].Entry {
			return errors.New("init starts a thread other than main")
		}
		r.add(n[0], t)
		return nil
	}
	r.start, r.startPid = &t, n[0]
	return nil
}

// passiveLine reads "passive <pid> b=<array locals>".
func (r *reader) passiveLine(f []string) error {
	slots := r.w.arraySlots()
	if len(f) != 2 || len(slots) == 0 {
		return errors.New("a malformed passive line, or one in a model without broadcasts")
	}
	n, err := ints(f[:1], 1)
	if err != nil {
		return err
	}
	b, err := field(f[1], "b", len(slots))
	if err != nil {
		return err
	}
	if r.passive == nil {
		r.passive = map[int][]bool{}
	}
	if _, dup := r.passive[n[0]]; dup {
		return fmt.Errorf("pid %d is written twice", n[0])
	}
	r.passive[n[0]] = b
	return nil
}

// step reads "step <pid> <proc> <pc> <next> <taken> l=.. [g<i>=v].. [a<slot>=v].. [h=..]",
// records the step with the state before it and makes the state after:
// the globals, array locals and holder not on the line keep their values
// (mark.go).
func (r *reader) step(f []string) error {
	if len(f) < 6 {
		return fmt.Errorf("%d fields, not at least 6", len(f))
	}
	n, err := ints(f[:5], 5)
	if err != nil {
		return err
	}
	pid, proc, pc, next, taken := n[0], n[1], n[2], n[3], n[4]
	t, err := r.thread(pid, proc, pc)
	if err != nil {
		return err
	}
	p := r.prog.Procs[proc]
	st := &p.Steps[pc]
	if next < -1 || next >= len(p.Steps) || taken < -1 || taken > 1 {
		return fmt.Errorf("no pc %d, or outcome %d", next, taken)
	}
	if r.start != nil && (st.Kind != bp.Spawn || r.start.Proc != st.SpawnProc || r.start.PC != st.SpawnPC) {
		return errors.New("a thread start that is not this step's")
	}
	own := r.ownSlots(proc)
	l, err := field(f[5], "l", len(own))
	if err != nil {
		return err
	}
	r.tr.Steps = append(r.tr.Steps, bp.TraceStep{
		Thread: t.ID, Proc: proc, PC: pc, Before: r.cur.Clone(), Taken: taken,
		Suppressed: st.Kind == bp.Spawn && r.start == nil,
	})
	// The state after the step.
	id := t.ID
	for k, slot := range own {
		t.Locals[slot] = l[k]
	}
	t.PC = next
	for _, w := range f[6:] {
		if err := r.write(t, proc, w); err != nil {
			return err
		}
	}
	if err := r.applyPassive(pid); err != nil {
		return err
	}
	if r.start != nil {
		r.add(r.startPid, *r.start)
		r.start = nil
	}
	if next < 0 {
		r.remove(id)
	}
	for k := range r.cur.Threads {
		ct := &r.cur.Threads[k]
		ct.Atomic = r.holder != 0 && r.threadPid[ct.ID]+1 == r.holder
	}
	return nil
}

// write applies one written value of a step line to the state after it:
// global i (g<i>=v), the mover t's array local (a<slot>=v), the holder
// (h=v).
func (r *reader) write(t *bp.ThreadState, proc int, w string) error {
	name, v, ok := strings.Cut(w, "=")
	if !ok || len(name) == 0 {
		return fmt.Errorf("%q is no written value", w)
	}
	val, err := strconv.Atoi(v)
	if err != nil {
		return err
	}
	if name == "h" {
		r.holder = val
		return nil
	}
	i, err := strconv.Atoi(name[1:])
	if err != nil || (val != 0 && val != 1) {
		return fmt.Errorf("%q is no written value", w)
	}
	switch {
	case name[0] == 'g' && i >= 0 && i < len(r.cur.Globals):
		r.cur.Globals[i] = val == 1
	case name[0] == 'a' && proc == 0 && r.w.bslots[i] != "":
		t.Locals[i] = val == 1
	default:
		return fmt.Errorf("%q names no global or array local", w)
	}
	return nil
}

// ownSlots are the local slots of proc that a step line's l= shows: all
// but those kept in a broadcast model's arrays.
func (r *reader) ownSlots(proc int) []int {
	var out []int
	for slot := range r.prog.Procs[proc].Locals {
		if _, arr := r.w.bslots[slot]; !arr || proc != 0 {
			out = append(out, slot)
		}
	}
	return out
}

// applyPassive writes the current step's passive lines into the threads
// they name; mover is the pid of the active thread.
func (r *reader) applyPassive(mover int) error {
	slots := r.w.arraySlots()
	for _, pid := range sortedKeys(r.passive) { // the first error, always the same
		b := r.passive[pid]
		id, ok := r.pids[pid]
		if !ok || pid == mover {
			return fmt.Errorf("a broadcast writes pid %d, which is no passive thread", pid)
		}
		t := r.cur.Thread(id)
		for k, slot := range slots {
			t.Locals[slot] = b[k]
		}
	}
	r.passive = nil
	return nil
}

// thread is the live thread of process pid, which must be at pc of proc.
func (r *reader) thread(pid, proc, pc int) (*bp.ThreadState, error) {
	id, ok := r.pids[pid]
	if !ok {
		return nil, fmt.Errorf("pid %d is no live thread", pid)
	}
	t := r.cur.Thread(id)
	if t.Proc != proc || t.PC != pc {
		return nil, fmt.Errorf("thread %d (pid %d) is at %d/%d, not %d/%d", id, pid, t.Proc, t.PC, proc, pc)
	}
	return t, nil
}

// add makes t, the process pid, a live thread.
func (r *reader) add(pid int, t bp.ThreadState) {
	if r.threadPid == nil {
		r.threadPid = map[int]int{}
	}
	r.cur.Threads = append(r.cur.Threads, t)
	r.pids[pid], r.threadPid[t.ID] = t.ID, pid
}

// remove ends thread id; SPIN may give its pid to a later process.
func (r *reader) remove(id int) {
	for k := range r.cur.Threads {
		if r.cur.Threads[k].ID == id {
			r.cur.Threads = append(r.cur.Threads[:k], r.cur.Threads[k+1:]...)
			break
		}
	}
	delete(r.pids, r.threadPid[id])
	delete(r.threadPid, id)
}

// trace is the counterexample read, which must end in the violation.
func (r *reader) trace() (*bp.Trace, error) {
	if r.end == nil && r.pending != nil {
		r.end = r.pending
	}
	switch {
	case !r.started:
		return nil, errors.New("the replay has no markers: not a replay of a model of bopgo's")
	case r.end == nil:
		return nil, errors.New("the replay ends without reaching an assertion or the label")
	case !r.violated:
		return nil, errors.New("the replay does not end in an assertion violation")
	case r.start != nil || r.passive != nil:
		return nil, errors.New("the replay ends inside a step")
	case r.label != (r.w.opts.Label != ""):
		return nil, errors.New("the replay's violation is not of the property")
	}
	tr := r.tr
	tr.Final = r.cur
	if r.label {
		tr.Kind = bp.LabelReached
	} else {
		tr.Kind = bp.AssertionFails
		tr.Steps = append(tr.Steps, *r.end)
	}
	return &tr, nil
}

// ints parses the first n fields as integers.
func ints(f []string, n int) ([]int, error) {
	if len(f) < n {
		return nil, fmt.Errorf("%d fields, not %d", len(f), n)
	}
	out := make([]int, n)
	for i := range out {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// field parses name=<n digits 0 or 1>.
func field(s, name string, n int) ([]bool, error) {
	digits, ok := strings.CutPrefix(s, name+"=")
	if !ok || len(digits) != n {
		return nil, fmt.Errorf("%q is not %s= with %d values", s, name, n)
	}
	out := make([]bool, n)
	for i, c := range digits {
		switch c {
		case '0':
		case '1':
			out[i] = true
		default:
			return nil, fmt.Errorf("%q: a value that is not 0 or 1", s)
		}
	}
	return out, nil
}

// value parses name=<integer>.
func value(s, name string) (int, error) {
	digits, ok := strings.CutPrefix(s, name+"=")
	if !ok {
		return 0, fmt.Errorf("%q is not %s=", s, name)
	}
	return strconv.Atoi(digits)
}

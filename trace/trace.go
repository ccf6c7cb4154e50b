package trace

import (
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
	"github.com/bopgo/bopgo/judge"
)

// Trace is a counterexample: the steps of an execution that violates the
// property, with the values before each step.
type Trace struct {
	Steps     []Step
	Violation Violation
	// Exec is the same execution in the interpreter's terms: full states,
	// every thread. judge.Replay(prog, opts, Exec) re-checks it.
	Exec *bp.Trace
}

// Step is one executed statement of one thread.
type Step struct {
	Thread    int // thread identity: 0 is main, then in creation order
	Position  syntax.Position
	Statement string   // the source text, on one line
	Labels    []string // the statement's labels
	Taken     int      // for a branch: 1 if the condition held, 0 if not; -1 otherwise
	// Globals are the shared variables before the step, and Locals the
	// running thread's visible locals. Both are read-only: a step whose
	// values equal the previous step's (of the same thread, for Locals)
	// shares that step's slice, which keeps a trace of millions of steps
	// (deepcount d=18: 5.5 million) to a fraction of the memory, and lets
	// a printer that sees the same slice again reuse what it printed.
	Globals []Value
	Locals  []Value
	// Calls are the calls of recursive functions the thread is in,
	// outermost first: each one's function and the position of the call
	// (empty without recursion).
	Calls []Call
	Note  string // e.g. "thread start suppressed by the thread bound"
	// Choices are the values the statement's * and schoose took, in
	// source order: only an exact trace has them (Exact), as only one
	// execution fixes them.
	Choices []Choice
}

// Call is a call of a recursive function on a thread's stack: the
// function called and where.
type Call struct {
	Function string
	Position syntax.Position
}

// Value is a variable's value in a step.
type Value struct {
	Name  string
	Value bool
}

// Violation is where the property fails.
type Violation struct {
	Kind      string // "assertion" or "label"
	Label     string // the label, for Kind "label"
	Thread    int
	Position  syntax.Position
	Statement string
}

// New is the counterexample ex, an execution of prog that violates its
// property (the checked label, or the assertions when label is empty),
// in the program's terms: each step's statement and values, and the
// violation.
func New(prog *bp.Program, ex *bp.Trace, label string) *Trace {
	tr := &Trace{Exec: ex, Steps: make([]Step, 0, len(ex.Steps))}
	var vals sharer
	for i, s := range ex.Steps {
		st := &prog.Procs[s.Proc].Steps[s.PC]
		step := Step{
			Thread:    s.Thread,
			Position:  prog.Position(st),
			Statement: st.Text,
			Labels:    st.Labels,
			Taken:     s.Taken,
			Globals:   vals.globals(prog, &s.Before),
			Locals:    vals.locals(prog, s.Thread, s.Before.Thread(s.Thread)),
			Calls:     calls(prog, s.Before.Thread(s.Thread)),
		}
		if s.Suppressed || st.Kind == bp.Spawn && neverRuns(ex, i) {
			step.Note = "the started thread never runs in this trace"
		}
		tr.Steps = append(tr.Steps, step)
	}
	switch ex.Kind {
	case bp.AssertionFails:
		last := ex.Steps[len(ex.Steps)-1]
		st := &prog.Procs[last.Proc].Steps[last.PC]
		tr.Violation = Violation{Kind: "assertion", Thread: last.Thread, Position: prog.Position(st), Statement: st.Text}
		tr.Steps[len(tr.Steps)-1].Note = "assertion fails"
	case bp.LabelReached:
		for _, t := range ex.Final.Threads {
			st := &prog.Procs[t.Proc].Steps[t.PC]
			if hasLabel(st, label) {
				tr.Violation = Violation{Kind: "label", Label: label, Thread: t.ID, Position: prog.Position(st), Statement: st.Text}
				break
			}
		}
	}
	return tr
}

// Exact returns tr with the values of one execution (judge.Concretize):
// an engine's trace shows any value for a variable that is dead, which
// replays but is not what a client that re-simulates every step (SatAbs)
// or a person reading the trace expects. The steps keep their
// statements, branch outcomes and notes, and gain the values their *
// took (Step.Choices); thread numbers count every start, suppressed
// ones included. label is the checked label (as
// bp.Program.CheckedLabel), reading the reading of thread starts. A
// trace without an execution is returned as it is; an error says the
// trace could not be made exact.
func (tr *Trace) Exact(prog *bp.Program, label string, reading bp.Reading) (*Trace, error) {
	if tr == nil || tr.Exec == nil {
		return tr, nil
	}
	ex, err := judge.Concretize(prog, judge.Options{Label: label, Broadcast: reading}, tr.Exec)
	if err != nil {
		return tr, err
	}
	out := &Trace{Violation: tr.Violation, Exec: ex, Steps: make([]Step, len(tr.Steps))}
	var vals sharer
	for i := range tr.Steps {
		s := tr.Steps[i]
		es := &ex.Steps[i]
		s.Thread = es.Thread
		s.Globals = vals.globals(prog, &es.Before)
		s.Locals = vals.locals(prog, es.Thread, es.Before.Thread(es.Thread))
		s.Choices = choices(prog, es)
		out.Steps[i] = s
	}
	if out.Violation.Kind == "label" {
		for _, t := range ex.Final.Threads {
			if out.Violation.Position == prog.Position(&prog.Procs[t.Proc].Steps[t.PC]) {
				out.Violation.Thread = t.ID
			}
		}
	} else if n := len(ex.Steps); n > 0 {
		out.Violation.Thread = ex.Steps[n-1].Thread
	}
	return out, nil
}

// neverRuns reports whether the thread that step i of ex starts takes no
// step after it (a start that the thread bound suppressed has none, and
// one made concrete, bp/judge.Concretize, is such a thread).
func neverRuns(ex *bp.Trace, i int) bool {
	next := &ex.Final
	if i+1 < len(ex.Steps) {
		next = &ex.Steps[i+1].Before
	}
	for _, t := range next.Threads {
		if ex.Steps[i].Before.Thread(t.ID) != nil {
			continue
		}
		for _, later := range ex.Steps[i+1:] {
			if later.Thread == t.ID {
				return false
			}
		}
		return true
	}
	return false
}

// sharer hands out a step's values, reusing the slice it gave the
// previous step (for locals, the previous step of the same thread) where
// the values are the same (Step.Globals).
type sharer struct {
	global []Value
	local  map[int][]Value // by thread
}

func (sh *sharer) globals(prog *bp.Program, s *bp.State) []Value {
	if same(sh.global, s.Globals) {
		return sh.global
	}
	out := make([]Value, len(prog.Globals))
	for i, name := range prog.Globals {
		out[i] = Value{Name: name, Value: s.Globals[i]}
	}
	sh.global = out
	return out
}

// locals returns the thread-locals and the locals of every function
// instance active at thread id's pc (t), outermost first.
func (sh *sharer) locals(prog *bp.Program, id int, t *bp.ThreadState) []Value {
	if t == nil {
		return nil
	}
	p := prog.Procs[t.Proc]
	slots := p.FrameLocals(p.Steps[t.PC].Frame)
	if prev, ok := sh.local[id]; ok && len(prev) == len(slots) {
		i := 0
		for ; i < len(slots) && prev[i].Name == p.LocalName(slots[i]) && prev[i].Value == t.Locals[slots[i]]; i++ {
		}
		if i == len(slots) {
			return prev
		}
	}
	var out []Value
	for _, slot := range slots {
		out = append(out, Value{Name: p.LocalName(slot), Value: t.Locals[slot]})
	}
	if sh.local == nil {
		sh.local = map[int][]Value{}
	}
	sh.local[id] = out
	return out
}

// same reports whether vs holds the values bs, in order.
func same(vs []Value, bs []bool) bool {
	if vs == nil || len(vs) != len(bs) {
		return false
	}
	for i, b := range bs {
		if vs[i].Value != b {
			return false
		}
	}
	return true
}

func hasLabel(st *bp.Step, label string) bool {
	for _, l := range st.Labels {
		if l == label {
			return true
		}
	}
	return false
}

// calls lists the calls on t's stack: for each caller's frame, the
// function it called (the next frame's, or the current one's) and where.
func calls(prog *bp.Program, t *bp.ThreadState) []Call {
	if t == nil || len(t.Stack) == 0 {
		return nil
	}
	out := make([]Call, len(t.Stack))
	for k, f := range t.Stack {
		st := &prog.Procs[f.Proc].Steps[f.PC]
		out[k] = Call{Function: prog.Procs[st.Callee].Name, Position: prog.Position(st)}
	}
	return out
}

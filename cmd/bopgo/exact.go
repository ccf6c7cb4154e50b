package main

import (
	"fmt"
	"io"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/judge"
)

// exactTrace replaces the values of res's counterexample by those of one
// execution (judge.Concretize): the engine's trace shows any value for a
// variable that is dead, which replays but is not what a client that
// re-simulates every step (SatAbs) or a person reading the trace
// expects. The steps keep their statements, branch outcomes and notes;
// thread numbers count every start, suppressed ones included. If the
// trace cannot be made exact, res is left as it is and a warning goes to
// stderr.
func exactTrace(prog *bp.Program, label string, reading bp.Reading, res *bopgo.Result, stderr io.Writer, who string) {
	if res.Trace == nil || res.Trace.Exec == nil {
		return
	}
	ex, err := judge.Concretize(prog, judge.Options{Label: label, Broadcast: reading}, res.Trace.Exec)
	if err != nil {
		fmt.Fprintf(stderr, "%s: warning: the trace's values are the engine's, not one execution's: %v\n", who, err)
		return
	}
	old := res.Trace
	tr := &bopgo.Trace{Violation: old.Violation, Exec: ex, Steps: make([]bopgo.Step, len(old.Steps))}
	for i := range old.Steps {
		s := old.Steps[i]
		es := &ex.Steps[i]
		s.Thread = es.Thread
		s.Globals = make([]bopgo.Value, len(prog.Globals))
		for g, name := range prog.Globals {
			s.Globals[g] = bopgo.Value{Name: name, Value: es.Before.Globals[g]}
		}
		s.Locals = frameValues(prog, es.Before.Thread(es.Thread))
		tr.Steps[i] = s
	}
	if tr.Violation.Kind == "label" {
		for _, t := range ex.Final.Threads {
			if tr.Violation.Position == prog.Position(&prog.Procs[t.Proc].Steps[t.PC]) {
				tr.Violation.Thread = t.ID
			}
		}
	} else if n := len(ex.Steps); n > 0 {
		tr.Violation.Thread = ex.Steps[n-1].Thread
	}
	res.Trace = tr
}

// frameValues are the values of the locals bopgo's text trace shows for
// t: the thread-locals and the locals of every active function instance,
// outermost first.
func frameValues(prog *bp.Program, t *bp.ThreadState) []bopgo.Value {
	if t == nil {
		return nil
	}
	p := prog.Procs[t.Proc]
	var out []bopgo.Value
	for _, slot := range p.FrameLocals(p.Steps[t.PC].Frame) {
		out = append(out, bopgo.Value{Name: p.LocalName(slot), Value: t.Locals[slot]})
	}
	return out
}

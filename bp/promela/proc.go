package promela

import (
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// proctype writes the proctype of proc pi. Its parameters are its locals
// (and, if threads of it can start at several pcs, the start pc), so a
// thread start passes the new thread's whole initial state.
func (w *writer) proctype(pi int) {
	p := w.prog.Procs[pi]
	var params []string
	if len(w.starts[pi]) > 1 {
		params = append(params, "byte bp_pc")
	}
	for slot, n := range w.locals[pi] {
		if _, arr := w.bslots[slot]; !arr || pi != 0 {
			params = append(params, "bit "+n)
		}
	}
	w.printf("%s\n", w.stepMacros(pi))
	w.printf("proctype %s(%s)\n{\n", w.procs[pi], strings.Join(params, "; "))
	if len(w.starts[pi]) > 1 {
		var opts []string
		for _, pc := range w.starts[pi] {
			opts = append(opts, fmt.Sprintf(":: bp_pc == %d -> bp_pc = 0; goto S%d", pc, pc))
		}
		w.printf("\tatomic { if %s fi };\n", strings.Join(opts, " "))
	}
	w.step(pi, p.Entry)
	for pc := range p.Steps {
		if pc != p.Entry {
			w.step(pi, pc)
		}
	}
	w.printf("bp_end:\n\tskip\n}\n\n")
}

// initProc writes init: it chooses the initial values that some step can
// read and starts main.
func (w *writer) initProc() {
	main := w.prog.Procs[0]
	var stmts []string
	for _, g := range w.initialReads() {
		stmts = append(stmts, choose(w.globals[g]))
	}
	args, pick, post, vals := w.startArgs(0, main.Entry, func(slot int) (string, bool) { return "", false })
	stmts = append(stmts, pick...)
	stmts = append(stmts, w.run(0, args, post)...)
	stmts = append(stmts, w.initMark(), w.startMark(0, main.Entry, vals))
	w.printf("init\n{\n\tatomic { %s }\n}\n", strings.Join(stmts, "; "))
}

// choose is a non-deterministic assignment of 0 or 1 to v.
func choose(v string) string { return fmt.Sprintf("if :: %s = 0 :: %s = 1 fi", v, v) }

// startArgs returns the arguments of `run` for a thread of proc pi
// starting at pc, and the statements that choose its non-deterministic
// values first. known gives the value of a slot that the creator passes
// (ok false: the slot starts non-deterministic). Slots dead at pc start
// at 0: nobody can read them before writing them.
//
// With broadcasts, the locals kept in arrays are not arguments: post sets
// them once the process exists (see run). vals are the values of all the
// slots, for the start's marker.
func (w *writer) startArgs(pi, pc int, known func(slot int) (string, bool)) (args, pick, post, vals []string) {
	if len(w.starts[pi]) > 1 {
		args = append(args, fmt.Sprint(pc))
	}
	temps := 0
	arrays := map[int]string{}
	for slot := range w.locals[pi] {
		v, ok := "0", !w.live[pi][pc].Has(slot)
		if !ok {
			v, ok = known(slot)
		}
		if !ok {
			v = fmt.Sprintf("bp_t[%d]", temps)
			temps++
			pick = append(pick, choose(v))
		}
		vals = append(vals, v)
		if _, arr := w.bslots[slot]; arr && pi == 0 {
			arrays[slot] = v
			continue
		}
		args = append(args, v)
	}
	if w.bslots != nil && pi == 0 {
		post = w.arrayStart(arrays)
	}
	return args, pick, post, vals
}

// run is the start of a process of proc pi with args, followed by post.
func (w *writer) run(pi int, args, post []string) []string {
	call := fmt.Sprintf("run %s(%s)", w.procs[pi], strings.Join(args, ", "))
	if len(post) == 0 {
		return []string{call}
	}
	return append([]string{"bp_np = " + call}, post...)
}

// initialReads returns the globals whose initial value some step can read.
// Only main runs until its first thread start; a global that main writes
// on its straight-line path from the entry before any step reads it, and
// before any start, has an initial value nobody sees.
func (w *writer) initialReads() []int {
	main := w.prog.Procs[0]
	written := make([]bool, len(w.prog.Globals))
	read := make([]bool, len(w.prog.Globals))
	seen := map[int]bool{}
	for pc := main.Entry; !seen[pc]; {
		seen[pc] = true
		st := &main.Steps[pc]
		st.Reads(func(r bp.VarRef) {
			if r.Scope == bp.Global && !written[r.Index] {
				read[r.Index] = true
			}
		})
		succ := main.Succs(pc)
		if st.Kind == bp.Spawn || len(succ) != 1 {
			break
		}
		for _, t := range st.Targets {
			if t.Scope == bp.Global {
				written[t.Index] = true
			}
		}
		pc = succ[0]
	}
	var out []int
	for g := range w.prog.Globals {
		if read[g] || !written[g] {
			out = append(out, g)
		}
	}
	return out
}

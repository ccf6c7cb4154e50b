package promela

import (
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// Markers: the model prints, with printf, what it takes to turn an
// execution of it back into an execution of the program (ReadTrace).
// pan prints nothing during a search (its printf only evaluates the
// arguments) and everything when it replays a trail (`pan -S`, `pan -r`,
// `spin -t`), so the markers cost a search a cheap statement or two per
// step and give the replay SPIN's own state after every step: no value
// in the trace is computed by bopgo, only read.
//
// A marker must not change what SPIN searches. SPIN's partial-order
// reduction treats a statement that touches a global variable as
// visible to the other processes, and a global read only by printf as
// unused: a step's marker therefore prints its process's own locals, and
// of the globals (the program's, the arrays of broadcast models,
// bp_holder) only those the step writes anyway. The others keep their
// values, which ReadTrace carries over.
//
// One line each, prefixed "@bp ", values as 0/1 digits:
//
//	@bp init g=<globals>                     init chose the globals
//	@bp start <pid> <proc> <pc> l=<locals>   a thread started (after `run`)
//	@bp passive <pid> b=<array locals>       a broadcast wrote a passive thread
//	@bp step <pid> <proc> <pc> <next> <taken> l=<locals> [g<i>=v]... [a<slot>=v]... [h=<holder>]
//	@bp assert <pid> <proc> <pc>             an assertion is about to be tested
//	@bp label <pid> <proc> <pc>              the label is reached (assert(false) next)
//
// A step line ends every lowered step, after its effect: next is the pc
// the thread goes to (-1: it ended), taken the branch's outcome (1 then,
// 0 else, -1 for other steps), l the thread's locals but those kept in
// the arrays of a broadcast model, g<i> global i and a<slot> an array
// local that the step wrote, h the holder of the atomic section
// (bp_holder, the holding pid+1) when the step wrote it. The start and
// passive lines of a step come before its step line. A new thread's pid
// is _nr_pr-1 right after `run`: SPIN gives a new process the next pid.
// A failed attempt of a step that retries (goto S<pc>) prints nothing.

// markPrefix starts every marker line.
const markPrefix = "@bp "

// printfStmt is a Promela printf of format with args.
func printfStmt(format string, args []string) string {
	if len(args) == 0 {
		return fmt.Sprintf("printf(%q)", format)
	}
	return fmt.Sprintf("printf(%q, %s)", format, strings.Join(args, ", "))
}

// bits adds to f a field name= with a %d for each of vals, and vals to args.
func bits(f *strings.Builder, args *[]string, name string, vals []string) {
	f.WriteString(" " + name + "=")
	for range vals {
		f.WriteString("%d")
	}
	*args = append(*args, vals...)
}

// stepMacros are the definitions of proc pi's macros that print a step
// line: bp_step_<proc>(pc, next, taken) the whole line of a step that
// writes no global, bp_head_<proc>(pc, next, taken) its start, to which
// stepMark's printf adds the writes. Only the process's own locals are
// read (see above).
func (w *writer) stepMacros(pi int) string {
	var f strings.Builder
	args := []string{"_pid", "pc", "next", "taken"}
	fmt.Fprintf(&f, "%sstep %%d %d %%d %%d %%d", markPrefix, pi)
	bits(&f, &args, "l", w.ownLocals(pi))
	head := f.String()
	return fmt.Sprintf("#define bp_step_%s(pc, next, taken) %s\n#define bp_head_%s(pc, next, taken) %s",
		w.procs[pi], printfStmt(head+"\n", args), w.procs[pi], printfStmt(head, args))
}

// ownLocals are the Promela names of proc pi's locals that are variables
// of its process (not in a broadcast model's arrays), in slot order.
func (w *writer) ownLocals(pi int) []string {
	var out []string
	for slot, n := range w.locals[pi] {
		if _, arr := w.bslots[slot]; !arr || pi != 0 {
			out = append(out, n)
		}
	}
	return out
}

// stepMark is the step line of the step going to next (-1: the thread
// ends): the proc's macro (stepMacros), then the globals and array locals the step
// wrote on the way (resets: the array locals the edge set to 0) and the
// holder if the step wrote it.
func (g *stepGen) stepMark(next, taken int, resets []int) string {
	w := g.w
	var f strings.Builder
	var args []string
	globals := map[int]bool{}
	arrays := map[int]bool{}
	for _, slot := range resets {
		arrays[slot] = true
	}
	if g.st.Kind == bp.Assign && next >= 0 {
		for _, r := range g.st.Targets {
			switch {
			case r.Scope == bp.Global:
				globals[r.Index] = true
			case w.live[g.pi][next].Has(r.Index):
				arrays[r.Index] = true
			}
		}
	}
	for _, i := range sortedKeys(globals) {
		fmt.Fprintf(&f, " g%d=%%d", i)
		args = append(args, w.globals[i])
	}
	for _, slot := range sortedKeys(arrays) {
		if _, arr := w.bslots[slot]; arr && g.pi == 0 {
			fmt.Fprintf(&f, " a%d=%%d", slot)
			args = append(args, w.locals[g.pi][slot])
		}
	}
	switch g.st.Kind {
	case bp.AtomicBegin, bp.AtomicEnd, bp.EndThread:
		if w.atomics {
			f.WriteString(" h=%d")
			args = append(args, "bp_holder")
		}
	}
	if len(args) == 0 {
		return fmt.Sprintf("bp_step_%s(%d, %d, %d)", w.procs[g.pi], g.pc, next, taken)
	}
	f.WriteString("\n")
	return fmt.Sprintf("bp_head_%s(%d, %d, %d); %s", w.procs[g.pi], g.pc, next, taken, printfStmt(f.String(), args))
}

// initMark is the line of init's choice of the globals.
func (w *writer) initMark() string {
	var f strings.Builder
	var args []string
	f.WriteString(markPrefix + "init")
	bits(&f, &args, "g", w.globals)
	f.WriteString("\n")
	return printfStmt(f.String(), args)
}

// startMark is the line of a thread of proc pi started at pc with the
// locals vals (their values as expressions, in slot order), printed
// right after the `run` that started it.
func (w *writer) startMark(pi, pc int, vals []string) string {
	var f strings.Builder
	args := []string{"_nr_pr - 1"}
	fmt.Fprintf(&f, "%sstart %%d %d %d", markPrefix, pi, pc)
	bits(&f, &args, "l", vals)
	f.WriteString("\n")
	return printfStmt(f.String(), args)
}

// passiveMark is the line of passive process bp_j after a broadcast wrote
// its locals: the array locals, in slot order.
func (w *writer) passiveMark() string {
	var f strings.Builder
	args := []string{"bp_j"}
	f.WriteString(markPrefix + "passive %d")
	var vals []string
	for _, slot := range w.arraySlots() {
		vals = append(vals, w.bslots[slot]+"[bp_j]")
	}
	bits(&f, &args, "b", vals)
	f.WriteString("\n")
	return printfStmt(f.String(), args)
}

// arraySlots are the local slots of proc 0 that live in arrays, in order.
func (w *writer) arraySlots() []int { return sortedKeys(w.bslots) }

// failMark is the line of an assertion (kind "assert") or the label
// (kind "label") that thread _pid is about to reach at pc of proc pi.
func failMark(kind string, pi, pc int) string {
	return printfStmt(fmt.Sprintf("%s%s %%d %d %d\n", markPrefix, kind, pi, pc), []string{"_pid"})
}

package promela

import (
	"fmt"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// Broadcasts (x$) write other threads' locals, which Promela processes
// cannot do to each other's variables. A program with broadcasts has one
// proc (bp checks it), so the locals that broadcasts touch live in global
// arrays indexed by _pid (`bpb_x[_pid]`), bp_alive[pid] says which
// processes are live threads, and a broadcast step loops over them:
//
//	guard of the active part; active new values into bp_t;
//	for every live pid j but _pid: pick j's outcome into bp_p[j*P+m]
//	  (a guarded choice over its passive choices; with none possible:
//	  retry the step (blocking) or keep j's values (monotone));
//	assign the active targets; for every passive j, its targets.
//
// Nothing is written before every passive thread has an outcome, so a
// retry is a transition back to the same state, as for guards over many
// choices.

// maxPassiveChoices bounds the passive choices a broadcast enumerates.
const maxPassiveChoices = 8

// pids is the size of the per-process arrays: every pid a thread can
// have. SPIN gives a new process the pid _nr_pr (processes leave in the
// reverse order of creation), so a start requires _nr_pr < pids
// (bp_can_start); a process that ended lingers until the later ones end,
// hence room for four times the thread bound, at most SPIN's 255. A start
// that finds no pid is treated like one beyond the thread bound.
func (w *writer) pids() int { return min(255, 4*w.opts.MaxThreads) }

// checkBroadcasts rejects broadcasts the export cannot enumerate.
func checkBroadcasts(prog *bp.Program) error {
	for _, p := range prog.Procs {
		for pc := range p.Steps {
			if st := &p.Steps[pc]; st.PassiveChoices > maxPassiveChoices {
				return fmt.Errorf("promela: %s: a broadcast with %d passive choices (at most %d are exported)",
					prog.Position(st), st.PassiveChoices, maxPassiveChoices)
			}
		}
	}
	return nil
}

// setupBroadcasts moves the locals that broadcasts touch into arrays.
func (w *writer) setupBroadcasts() {
	if !w.prog.HasBroadcasts() {
		return
	}
	w.bslots = map[int]string{}
	p := w.prog.Procs[0]
	for pc := range p.Steps {
		st := &p.Steps[pc]
		add := func(slot int) {
			if _, ok := w.bslots[slot]; !ok {
				w.bslots[slot] = "bpb" + strings.TrimPrefix(w.locals[0][slot], "l")
			}
		}
		for _, r := range st.PassiveTargets {
			add(r.Index)
		}
		st.PassiveReads(add)
		w.maxPassive = max(w.maxPassive, len(st.PassiveTargets))
	}
	for slot, arr := range w.bslots {
		w.locals[0][slot] = arr + "[_pid]"
	}
}

// declareBroadcasts writes the arrays.
func (w *writer) declareBroadcasts() {
	if w.bslots == nil {
		return
	}
	w.printf("bit bp_alive[%d]; /* the process is a live thread */\n", w.pids())
	for slot := range w.locals[0] {
		if arr, ok := w.bslots[slot]; ok {
			w.printf("bit %s[%d]; /* a local that broadcasts touch, per process */\n", arr, w.pids())
		}
	}
	w.printf("hidden byte bp_j, bp_np; /* a passive process; a new one */\n")
	w.printf("hidden byte bp_p[%d]; /* the passive processes' new values */\n", w.pids()*max(w.maxPassive, 1))
}

// arrayStart lists, for a thread of proc 0 started as process bp_np, the
// statements that register it and set its array locals (vals: the value
// of each slot, as startArgs computes it).
func (w *writer) arrayStart(vals map[int]string) []string {
	out := []string{"bp_alive[bp_np] = 1"}
	for slot := range w.locals[0] {
		if arr, ok := w.bslots[slot]; ok {
			out = append(out, fmt.Sprintf("%s[bp_np] = %s", arr, vals[slot]))
		}
	}
	return out
}

// arrayEnd clears an ending thread's entries, so that a pid SPIN reuses
// starts from the same state.
func (w *writer) arrayEnd() []string {
	out := []string{"bp_alive[_pid] = 0"}
	for slot := range w.locals[0] {
		if arr, ok := w.bslots[slot]; ok {
			out = append(out, arr+"[_pid] = 0")
		}
	}
	return out
}

// broadcastAssign is the code of an assignment with a passive part.
func (g *stepGen) broadcastAssign() {
	st := g.st
	g.guardAssign()
	activeNew := map[bp.VarRef]expr{}
	for j, r := range st.Targets {
		g.body = append(g.body, fmt.Sprintf("bp_t[%d] = %s", j, g.free(st.Values[j])))
		activeNew[r] = atom(fmt.Sprintf("bp_t[%d]", j))
	}
	P := len(st.PassiveTargets)
	temp := func(m int) string { return fmt.Sprintf("bp_p[bp_j*%d+%d]", max(P, 1), m) }
	old := func(slot int) expr { return atom(fmt.Sprintf("%s[bp_j]", g.w.bslots[slot])) }
	k := st.PassiveChoices
	vals := make([]expr, P)
	sc := &scope{w: g.w, proc: g.pi}
	sc.primedVar = func(r bp.VarRef) (expr, bool) {
		v, ok := activeNew[r]
		return v, ok
	}
	sc.passive = func(slot int, primed bool) expr {
		if primed {
			for m, r := range st.PassiveTargets {
				if r.Index == slot {
					return vals[m]
				}
			}
		}
		return old(slot)
	}
	var opts []string
	for mask := 0; mask < 1<<k; mask++ {
		sc.choice = func(n int) expr { return constant(mask&(1<<n) != 0) }
		for m, v := range st.PassiveValues {
			vals[m] = sc.term(v)
		}
		cond := constant(true)
		if st.PassiveConstraint != nil {
			cond = sc.term(st.PassiveConstraint)
		}
		if cond.isFalse() {
			continue
		}
		sets := []string{"skip"}
		if P > 0 {
			sets = nil
		}
		for m := range st.PassiveTargets {
			sets = append(sets, fmt.Sprintf("%s = %s", temp(m), vals[m]))
		}
		opts = append(opts, fmt.Sprintf(":: %s -> %s", cond, strings.Join(sets, "; ")))
	}
	none := fmt.Sprintf("goto S%d", g.pc) // blocking: this outcome is no step
	if g.w.opts.Broadcast == bp.Monotone {
		var keep []string
		for m, r := range st.PassiveTargets {
			keep = append(keep, fmt.Sprintf("%s = %s", temp(m), old(r.Index)))
		}
		none = strings.Join(append(keep, "skip"), "; ")
	}
	opts = append(opts, ":: else -> "+none)
	g.body = append(g.body, g.w.forPassive("if "+strings.Join(opts, " ")+" fi"))
	for j, r := range st.Targets {
		if r.Scope == bp.Global || g.w.live[g.pi][st.Next].Has(r.Index) {
			g.body = append(g.body, fmt.Sprintf("%s = bp_t[%d]", g.w.varName(g.pi, r), j))
		}
	}
	var commit []string
	for m, r := range st.PassiveTargets {
		commit = append(commit, fmt.Sprintf("%s = %s", old(r.Index), temp(m)))
	}
	if len(commit) > 0 {
		commit = append(commit, g.w.passiveMark())
		g.body = append(g.body, g.w.forPassive(strings.Join(commit, "; ")))
	}
	g.jump(st.Next)
}

// forPassive runs body for every live process bp_j but the running one.
func (w *writer) forPassive(body string) string {
	return fmt.Sprintf("bp_j = 0; do :: bp_j < %d -> if :: bp_alive[bp_j] && bp_j != _pid -> %s :: else -> skip fi; bp_j++ :: else -> break od",
		w.pids(), body)
}

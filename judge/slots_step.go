package judge

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// One step of the judge's model: the inputs pick a slot, and the thread
// in it takes the step it is at, as bp/interp's apply defines it; or
// nothing changes (a stutter: no slot picked, the slot empty, another
// thread in an atomic section, an assume false, a constraint without a
// solution). Stutters change no reachable set, and the engines' circuits
// have them too, so a proof about runs with stutters is a proof here.
//
// Each (slot, proc, pc) contributes an effect: the variables it changes,
// each with a condition and a value, and when it can be taken. Effects
// of different slots exclude each other through the pick, effects of one
// slot through its thread's place, so a variable's next value is the
// value of the one effect taken that changes it, or its old value.
//
// Where a step would have to write false into a variable that a
// well-formed state has false already (a dead local that stays dead, the
// slot a thread start fills), the effect leaves it: wellFormed makes
// that exact, and each check proves that the model keeps states
// well-formed before it relies on it.

// slotInputs are a step's free values, shared by every effect since one
// effect is taken.
type slotInputs struct {
	pick    []z.Lit   // per slot; the lowest picked slot runs
	ch      []z.Lit   // the step's choices (`*`, schoose)
	succ    []z.Lit   // a goto's successor: the first set among the first k-1, else the last
	fresh   []z.Lit   // a new thread's locals that start free, by local slot
	passive [][]z.Lit // per slot: its choices as a passive thread of a broadcast
}

func (m *slotModel) inputs(c *logic.C) *slotInputs {
	lits := func(n int) []z.Lit {
		out := make([]z.Lit, n)
		for i := range out {
			out[i] = c.Lit()
		}
		return out
	}
	in := &slotInputs{pick: lits(m.slots), ch: lits(m.maxChoices), succ: lits(max(m.maxSuccs-1, 0)), fresh: lits(m.lay.locals)}
	for range m.slots {
		in.passive = append(in.passive, lits(m.maxPassive))
	}
	return in
}

// slotChange: variable v takes val, where when holds.
type slotChange struct {
	v         int
	when, val z.Lit
}

// slotEffect is the step of one thread at one place.
type slotEffect struct {
	enabled  z.Lit // the step can be taken
	failing  z.Lit // an assertion fails: Err is set, nothing else changes
	overflow z.Lit // a start found every slot busy: Overflow is set
	changes  []slotChange
}

// slotTaken records that slot's thread at (proc, pc) took its step
// (exec), or failed an assertion there (fails), for messages.
type slotTaken struct {
	slot, proc, pc int
	exec, fails    z.Lit
}

// slotStep is a step from a frame: the next state's variables as
// formulas over the frame and the inputs.
type slotStep struct {
	next  []z.Lit
	taken []slotTaken
}

// step builds one step of the model from f.
func (m *slotModel) step(c *logic.C, f *slotFrame) *slotStep {
	in := m.inputs(c)
	lay := &m.lay
	// A new thread takes the lowest empty slot.
	target := make([]z.Lit, m.slots)
	lower, anyFree, anyAtomic := c.T, c.F, c.F
	for u := range m.slots {
		active := f.vars[lay.active(u)]
		target[u] = c.And(lower, active.Not())
		lower = c.And(lower, active)
		anyFree = c.Or(anyFree, active.Not())
		anyAtomic = c.Or(anyAtomic, f.vars[lay.atomic(u)])
	}
	cases := make([][]slotChange, lay.size())
	var fails, overflows []z.Lit
	out := &slotStep{}
	picked := c.F
	for t := range m.slots {
		pick := c.And(in.pick[t], picked.Not())
		picked = c.Or(picked, in.pick[t])
		// It runs unless another thread holds an atomic section.
		run := c.And(pick, c.Or(f.vars[lay.atomic(t)], anyAtomic.Not()))
		for p, proc := range m.prog.Procs {
			for pc := range proc.Steps {
				here := c.And(run, f.at[t][p][pc])
				if here == c.F {
					continue
				}
				eff := m.effect(c, f, in, t, p, pc, target, anyFree)
				exec := c.And(here, eff.enabled)
				for _, ch := range eff.changes {
					cases[ch.v] = append(cases[ch.v], slotChange{v: ch.v, when: c.And(exec, ch.when), val: ch.val})
				}
				fail := c.And(here, eff.failing)
				fails = append(fails, fail)
				overflows = append(overflows, c.And(here, eff.overflow))
				out.taken = append(out.taken, slotTaken{slot: t, proc: p, pc: pc, exec: exec, fails: fail})
			}
		}
	}
	out.next = make([]z.Lit, lay.size())
	for v, old := range f.vars {
		if len(cases[v]) == 0 {
			out.next[v] = old
			continue
		}
		var ws, vs []z.Lit
		for _, ch := range cases[v] {
			ws = append(ws, ch.when)
			vs = append(vs, c.And(ch.when, ch.val))
		}
		out.next[v] = c.Choice(c.Ors(ws...), c.Ors(vs...), old)
	}
	if m.label == "" {
		out.next[lay.errFlag()] = c.Or(f.vars[lay.errFlag()], c.Ors(fails...))
	}
	out.next[lay.overflowFlag()] = c.Or(f.vars[lay.overflowFlag()], c.Ors(overflows...))
	return out
}

// slotSucc is one way a step goes on: to pc where guard holds.
type slotSucc struct {
	guard z.Lit
	pc    int
}

// effect is the step of slot t's thread at pc of proc p, from f.
func (m *slotModel) effect(c *logic.C, f *slotFrame, in *slotInputs, t, p, pc int, target []z.Lit, anyFree z.Lit) *slotEffect {
	lay := &m.lay
	st := &m.prog.Procs[p].Steps[pc]
	eff := &slotEffect{enabled: c.T, failing: c.F, overflow: c.F}
	e := &lits{c: c, g: m.globalsOf(f), l: m.localsOf(f, t), ch: in.ch}
	next := []slotSucc{{c.T, st.Next}}
	var written map[int]z.Lit // locals of t the step assigns, with their values
	switch st.Kind {
	case bp.Skip:
	case bp.Assume:
		eff.enabled = e.enc(st.Cond)
	case bp.Assert:
		if m.label == "" {
			// Where the condition is false the step is not taken and the
			// property fails; with a label, assertions are not checked.
			cond := e.enc(st.Cond)
			eff.enabled, eff.failing = cond, cond.Not()
		}
	case bp.Branch:
		cond := e.enc(st.Cond)
		next = []slotSucc{{cond, st.Then}, {cond.Not(), st.Else}}
	case bp.Goto:
		next = nil
		earlier := c.F
		for k, to := range st.Succs {
			g := earlier.Not()
			if k < len(st.Succs)-1 {
				g = c.And(g, in.succ[k])
				earlier = c.Or(earlier, in.succ[k])
			}
			next = append(next, slotSucc{g, to})
		}
	case bp.Assign:
		written = m.assign(c, f, in, e, st, t, eff)
	case bp.Spawn:
		m.spawn(c, in, e, st, t, target, eff)
		eff.overflow = anyFree.Not()
		if m.blockStarts {
			eff.enabled = anyFree
		}
	case bp.EndThread:
		// The slot empties: all false, its live locals included (its dead
		// ones are false already).
		for v := lay.active(t); v < lay.local(t, 0); v++ {
			eff.changes = append(eff.changes, slotChange{v: v, when: c.T, val: c.F})
		}
		for j := range m.lay.locals {
			if m.liveAt(p, pc, j) {
				eff.changes = append(eff.changes, slotChange{v: lay.local(t, j), when: c.T, val: c.F})
			}
		}
		return eff
	case bp.AtomicBegin, bp.AtomicEnd:
		eff.changes = append(eff.changes, slotChange{v: lay.atomic(t), when: c.T, val: constLit(c, st.Kind == bp.AtomicBegin)})
	default:
		panic("judge: a step the slot model does not take: " + st.Kind.String())
	}
	m.moveOn(c, f, t, p, pc, next, written, eff)
	return eff
}

// moveOn moves slot t's thread from pc of p to the successor whose guard
// holds, and gives its locals their values there: a written local its
// new value, and false to a local that was live (or written) and is dead
// where the thread goes. A local dead here and not written is dead at
// every successor (liveness), and false already.
func (m *slotModel) moveOn(c *logic.C, f *slotFrame, t, p, pc int, next []slotSucc, written map[int]z.Lit, eff *slotEffect) {
	lay := &m.lay
	for b := range lay.pcBits {
		var ms []z.Lit
		for _, n := range next {
			if n.pc&(1<<b) != 0 {
				ms = append(ms, n.guard)
			}
		}
		eff.changes = append(eff.changes, slotChange{v: lay.pcBit(t, b), when: c.T, val: c.Ors(ms...)})
	}
	for j := range lay.locals {
		val, w := written[j]
		if !w && !m.liveAt(p, pc, j) {
			continue
		}
		if !w {
			val = f.vars[lay.local(t, j)]
		}
		var dead []z.Lit
		for _, n := range next {
			if !m.liveAt(p, n.pc, j) {
				dead = append(dead, n.guard)
			}
		}
		val = c.And(val, c.Ors(dead...).Not())
		if val != f.vars[lay.local(t, j)] {
			eff.changes = append(eff.changes, slotChange{v: lay.local(t, j), when: c.T, val: val})
		}
	}
}

// assign is an assignment's active part: the targets take their values
// at once (a later target of the same variable wins), and the constraint
// must hold between old and new values; then, for a broadcast, every
// other thread's passive part. It returns the locals written.
func (m *slotModel) assign(c *logic.C, f *slotFrame, in *slotInputs, e *lits, st *bp.Step, t int, eff *slotEffect) map[int]z.Lit {
	vals := make([]z.Lit, len(st.Values))
	for k, v := range st.Values {
		vals[k] = e.enc(v)
	}
	e.ng = append([]z.Lit(nil), e.g...)
	e.nl = append([]z.Lit(nil), e.l...)
	writtenG := map[int]bool{}
	written := map[int]z.Lit{}
	for k, r := range st.Targets {
		if r.Scope == bp.Global {
			e.ng[r.Index] = vals[k]
			writtenG[r.Index] = true
		} else {
			e.nl[r.Index] = vals[k]
			written[r.Index] = vals[k]
		}
	}
	for i := range e.g {
		if writtenG[i] {
			eff.changes = append(eff.changes, slotChange{v: m.lay.global(i), when: c.T, val: e.ng[i]})
		}
	}
	if st.Constraint != nil {
		eff.enabled = e.enc(st.Constraint)
	}
	if st.Broadcast() {
		m.broadcast(c, f, in, e, st, t, eff)
	}
	return written
}

// spawn is a thread start's new thread: in the lowest empty slot, at
// SpawnPC of SpawnProc, with a copy of the creator's locals (start_thread
// goto), or its thread-locals, the arguments in the parameters and the
// other locals free; false where dead. The slot it fills is all false in
// a well-formed state, so only what becomes true is written.
func (m *slotModel) spawn(c *logic.C, in *slotInputs, e *lits, st *bp.Step, t int, target []z.Lit, eff *slotEffect) {
	lay := &m.lay
	proc := m.prog.Procs[st.SpawnProc]
	locals := make([]z.Lit, len(proc.Locals))
	switch {
	case st.CopyLocals:
		copy(locals, e.l)
	default:
		copy(locals, in.fresh)
		copy(locals, e.l[:len(m.prog.ThreadLocals)])
		for k, a := range st.SpawnArgs {
			locals[proc.Params[k]] = e.enc(a)
		}
	}
	for u := range m.slots {
		if u == t {
			continue // the creator's slot is not empty
		}
		set := func(v int, val z.Lit) {
			if val != c.F {
				eff.changes = append(eff.changes, slotChange{v: v, when: target[u], val: val})
			}
		}
		set(lay.active(u), c.T)
		for b := range lay.procBits {
			set(lay.procBit(u, b), constLit(c, st.SpawnProc&(1<<b) != 0))
		}
		for b := range lay.pcBits {
			set(lay.pcBit(u, b), constLit(c, st.SpawnPC&(1<<b) != 0))
		}
		for j, v := range locals {
			if m.liveAt(st.SpawnProc, st.SpawnPC, j) {
				set(lay.local(u, j), v)
			}
		}
	}
}

func constLit(c *logic.C, b bool) z.Lit {
	if b {
		return c.T
	}
	return c.F
}

func (m *slotModel) globalsOf(f *slotFrame) []z.Lit {
	return f.vars[m.lay.global(0):m.lay.global(m.lay.globals)]
}

func (m *slotModel) localsOf(f *slotFrame, t int) []z.Lit {
	return f.vars[m.lay.local(t, 0):m.lay.local(t, m.lay.locals)]
}

package circuit

import (
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/encode"
)

// The running thread's step: the scheduler picks a slot, its (proc, pc)
// is decoded once, and every step of every proc contributes, under "the
// running thread is here", to one next value per variable. The encoding is
// therefore linear in the program plus the slots, not their product.

// accum collects, per output wire, the terms "at this step ∧ value"; the
// steps' "at" literals are mutually exclusive, so the wire is their OR.
type accum struct {
	enabled, failing, ends, spawns []z.Lit
	atomicSet, atomicClear         []z.Lit
	newPC, spawnProc, spawnPC      [][]z.Lit
	lWrite, lValue, kill           [][]z.Lit
	gWrite, gValue                 [][]z.Lit
	spawnLocals                    [][]z.Lit
}

// succ is one way a step goes on: to pc when guard holds.
type succ struct {
	guard z.Lit
	pc    int
}

func (b *builder) steps() {
	s, c := b.s, b.c
	b.sel = b.decode(b.sched, c.Slots)
	anyAtomic := s.F
	for i := range c.slots {
		anyAtomic = s.Or(anyAtomic, c.slots[i].atomic)
	}
	ms := make([]z.Lit, len(c.slots))
	for i := range c.slots {
		sl := &c.slots[i]
		b.run = append(b.run, s.Ands(b.sel[i], sl.active, s.Or(sl.atomic, anyAtomic.Not()), b.allowed(i)))
		ms[i] = b.run[i]
	}
	b.running = s.Ors(ms...)
	frees := make([]z.Lit, len(c.slots))
	for i := range c.slots {
		frees[i] = c.slots[i].active.Not()
	}
	b.anyFree = s.Ors(frees...)
	b.curProc = b.mux(func(sl *slot) []z.Lit { return sl.proc })
	b.curPC = b.mux(func(sl *slot) []z.Lit { return sl.pc })
	b.curAtomic = b.mux(func(sl *slot) []z.Lit { return []z.Lit{sl.atomic} })[0]
	b.curLocals = b.mux(func(sl *slot) []z.Lit { return sl.locals })

	maxSteps := 0
	for _, p := range b.prog.Procs {
		maxSteps = max(maxSteps, len(p.Steps))
	}
	procEq := b.decode(b.curProc, len(b.prog.Procs))
	pcEq := b.decode(b.curPC, maxSteps)
	a := &accum{
		newPC: make([][]z.Lit, b.width.pc), spawnProc: make([][]z.Lit, b.width.proc), spawnPC: make([][]z.Lit, b.width.pc),
		lWrite: make([][]z.Lit, b.width.locals), lValue: make([][]z.Lit, b.width.locals), kill: make([][]z.Lit, b.width.locals),
		spawnLocals: make([][]z.Lit, b.width.locals),
		gWrite:      make([][]z.Lit, len(c.globals)), gValue: make([][]z.Lit, len(c.globals)),
	}
	for p, proc := range b.prog.Procs {
		for pc := range proc.Steps {
			b.step(a, p, pc, s.And(procEq[p], pcEq[pc]))
		}
	}
	b.finish(a)
}

func (b *builder) finish(a *accum) {
	s := b.s
	ors := func(xs [][]z.Lit) []z.Lit {
		out := make([]z.Lit, len(xs))
		for i, x := range xs {
			out[i] = s.Ors(x...)
		}
		return out
	}
	b.enabled = s.Ors(a.enabled...)
	b.failing = s.Ors(a.failing...)
	b.ends = s.Ors(a.ends...)
	b.spawns = s.Ors(a.spawns...)
	b.newAtomic = s.Or(s.Ors(a.atomicSet...), s.And(s.Ors(a.atomicClear...).Not(), b.curAtomic))
	b.newPC = ors(a.newPC)
	b.spawnProc, b.spawnPC, b.spawnLocals = ors(a.spawnProc), ors(a.spawnPC), ors(a.spawnLocals)
	b.gWrite, b.gValue = ors(a.gWrite), ors(a.gValue)
	write, value, kill := ors(a.lWrite), ors(a.lValue), ors(a.kill)
	for j := range b.curLocals {
		b.newLocals = append(b.newLocals, s.And(kill[j].Not(), s.Choice(write[j], value[j], b.curLocals[j])))
	}
}

// step adds step pc of proc p, which runs when at holds.
func (b *builder) step(a *accum, p, pc int, at z.Lit) {
	s := b.s
	st := &b.prog.Procs[p].Steps[pc]
	e := &env{b: b, choice: b.pool[:st.Choices]}
	en := s.T
	next := []succ{{s.T, st.Next}}
	var targets []bp.VarRef
	var values map[bp.VarRef]z.Lit
	switch st.Kind {
	case bp.Assume:
		en = e.term(st.Cond)
	case bp.Assert:
		if b.c.Label == "" {
			// It goes on if the condition holds; otherwise the property
			// fails (Err) and nothing else matters.
			cond := e.term(st.Cond)
			en = cond
			a.failing = append(a.failing, s.And(at, cond.Not()))
		}
	case bp.Branch:
		cond := e.term(st.Cond)
		b.c.cond[place{p, pc}] = cond
		next = []succ{{cond, st.Then}, {cond.Not(), st.Else}}
	case bp.Goto:
		next = b.gotoSuccs(st)
	case bp.Assign:
		en, targets, values = b.assign(st, at, e)
	case bp.Spawn:
		b.spawn(a, st, at, e)
		if b.blockStarts {
			// A thread that never starts is not passive: under the
			// blocking reading a start without a free slot blocks.
			en = b.anyFree
		}
	case bp.EndThread:
		next = nil
		a.ends = append(a.ends, at)
		a.atomicClear = append(a.atomicClear, at)
	case bp.AtomicBegin:
		a.atomicSet = append(a.atomicSet, at)
	case bp.AtomicEnd:
		a.atomicClear = append(a.atomicClear, at)
	}
	a.enabled = append(a.enabled, s.And(at, en))
	for k := range a.newPC {
		ms := make([]z.Lit, len(next))
		for j, n := range next {
			ms[j] = s.And(n.guard, b.constBits(n.pc, b.width.pc)[k])
		}
		a.newPC[k] = append(a.newPC[k], s.And(at, s.Ors(ms...)))
	}
	written := b.writes(a, at, targets, values)
	b.kills(a, p, pc, at, next, written)
}

// gotoSuccs are the successors of a goto: the choice bits index them.
func (b *builder) gotoSuccs(st *bp.Step) []succ {
	s := b.s
	k := len(st.Succs)
	idx := b.decode(b.pool[st.Choices:st.Choices+bitsFor(k)], 1<<bitsFor(k))
	var next []succ
	others := s.F
	for j, t := range st.Succs {
		g := idx[j]
		if j == k-1 {
			g = others.Not() // an index past the last is the last
		}
		others = s.Or(others, g)
		next = append(next, succ{g, t})
	}
	return next
}

// assign returns when an assignment is enabled (its constraint and its
// broadcast), the variables it writes in order and their new values.
func (b *builder) assign(st *bp.Step, at z.Lit, e *env) (en z.Lit, targets []bp.VarRef, values map[bp.VarRef]z.Lit) {
	s := b.s
	en = s.T
	values = map[bp.VarRef]z.Lit{}
	for j, r := range st.Targets {
		if _, ok := values[r]; !ok {
			targets = append(targets, r)
		}
		values[r] = e.term(st.Values[j]) // a later target wins, as in interp
		if j == 0 && Fault == FaultAssignNegated {
			values[r] = values[r].Not()
		}
	}
	if st.Constraint != nil || st.Broadcast() {
		e.primed = func(r bp.VarRef) z.Lit {
			if v, ok := values[r]; ok {
				return v
			}
			return e.current(r)
		}
		if st.Constraint != nil {
			en = e.term(st.Constraint)
		}
		if st.Broadcast() {
			en = s.And(en, b.broadcast(st, at, e))
		}
		e.primed = nil
	}
	return en, targets, values
}

// writes adds the step's writes of targets and returns the locals written.
func (b *builder) writes(a *accum, at z.Lit, targets []bp.VarRef, values map[bp.VarRef]z.Lit) map[int]bool {
	s := b.s
	written := map[int]bool{}
	for _, r := range targets {
		v := s.And(at, values[r])
		if r.Scope == bp.Global {
			a.gWrite[r.Index] = append(a.gWrite[r.Index], at)
			a.gValue[r.Index] = append(a.gValue[r.Index], v)
		} else {
			written[r.Index] = true
			a.lWrite[r.Index] = append(a.lWrite[r.Index], at)
			a.lValue[r.Index] = append(a.lValue[r.Index], v)
		}
	}
	return written
}

// kills keeps dead locals canonical: a local that is live at step pc of
// proc p or written by it, and dead where the step goes, becomes false.
// Others that are dead are false already.
func (b *builder) kills(a *accum, p, pc int, at z.Lit, next []succ, written map[int]bool) {
	s := b.s
	proc := b.prog.Procs[p]
	st := &proc.Steps[pc]
	live := b.live[p]
	for j := range proc.Locals {
		if !live[pc].Has(j) && !written[j] {
			continue
		}
		dead := s.T // the thread ends
		if st.Kind != bp.EndThread && !(written[j] && Fault == FaultKillLive) {
			ms := make([]z.Lit, 0, len(next))
			for _, n := range next {
				if !live[n.pc].Has(j) {
					ms = append(ms, n.guard)
				}
			}
			dead = s.Ors(ms...)
		}
		if dead != s.F {
			a.kill[j] = append(a.kill[j], s.And(at, dead))
		}
	}
}

// spawn adds what a thread start gives the new thread.
func (b *builder) spawn(a *accum, st *bp.Step, at z.Lit, e *env) {
	s := b.s
	a.spawns = append(a.spawns, at)
	for k, v := range b.constBits(st.SpawnProc, b.width.proc) {
		a.spawnProc[k] = append(a.spawnProc[k], s.And(at, v))
	}
	for k, v := range b.constBits(st.SpawnPC, b.width.pc) {
		a.spawnPC[k] = append(a.spawnPC[k], s.And(at, v))
	}
	p := b.prog.Procs[st.SpawnProc]
	live := b.live[st.SpawnProc][st.SpawnPC]
	vals := map[int]z.Lit{}
	if st.CopyLocals {
		for j := range p.Locals {
			vals[j] = b.curLocals[j]
		}
	} else {
		for j := 0; j < b.nTL; j++ {
			vals[j] = b.curLocals[j]
		}
		for k, j := range freshLocals(b.prog, st, b.nTL) {
			vals[j] = b.pool[st.Choices+k]
		}
		for k, arg := range st.SpawnArgs {
			vals[p.Params[k]] = e.term(arg)
		}
	}
	for j := range p.Locals {
		if v, ok := vals[j]; ok && live.Has(j) {
			a.spawnLocals[j] = append(a.spawnLocals[j], s.And(at, v))
		}
	}
}

// env evaluates terms for the running thread.
type env struct {
	b      *builder
	choice []z.Lit
	primed func(bp.VarRef) z.Lit // inside a constraint: the value after
}

func (e *env) current(r bp.VarRef) z.Lit {
	if r.Scope == bp.Global {
		return e.b.c.globals[r.Index]
	}
	return e.b.curLocals[r.Index]
}

func (e *env) term(t *bp.Term) z.Lit { return encode.Term(&e.b.s.C, t, e) }

// Var is the value of r: after the step if primed and inside a constraint.
func (e *env) Var(r bp.VarRef, primed bool) z.Lit {
	if primed && e.primed != nil {
		return e.primed(r)
	}
	return e.current(r)
}

// Choice is the step's choice input i.
func (e *env) Choice(i int) z.Lit { return e.choice[i] }

// Passive is never called: bp.Validate keeps passive variables out of the
// running thread's terms (passiveEnv evaluates the passive part).
func (e *env) Passive(int, bool) z.Lit { return e.b.s.F }

package circuit

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// builder holds what the encoding of one program computes on the way.
type builder struct {
	c     *Circuit
	s     *logic.S
	prog  *bp.Program
	live  [][]bp.Bits // [proc][pc]
	nTL   int
	width struct{ proc, pc, locals, sched, pool int }

	sched, pool []z.Lit

	// The running thread, muxed from the selected slot.
	sel                []z.Lit // per slot: the scheduler chose it
	run                []z.Lit // per slot: chosen and allowed to run
	running            z.Lit
	curProc, curPC     []z.Lit
	curAtomic          z.Lit
	curLocals          []z.Lit
	enabled            z.Lit // the running thread's step can happen
	newPC              []z.Lit
	newLocals          []z.Lit
	newAtomic          z.Lit
	ends               z.Lit
	gWrite, gValue     []z.Lit
	spawns             z.Lit
	spawnProc, spawnPC []z.Lit
	spawnLocals        []z.Lit
	failing            z.Lit

	// Broadcasts: per slot and local, the writes and values of passive
	// targets; liveAt's cache; whether a start without a free slot blocks.
	bWrite, bValue [][][]z.Lit
	liveCache      map[[2]int]z.Lit
	blockStarts    bool
	anyFree        z.Lit // some slot is free
}

func newBuilder(prog *bp.Program, label string, slots int, reading bp.Reading) *builder {
	s := logic.NewS()
	b := &builder{c: &Circuit{Prog: prog, Label: label, Slots: slots, Reading: reading, S: s, cond: map[place]z.Lit{}}, s: s, prog: prog, nTL: len(prog.ThreadLocals), live: prog.Live()}
	b.blockStarts = reading == bp.Blocking && prog.HasBroadcasts()
	maxSteps := 0
	for _, p := range prog.Procs {
		maxSteps = max(maxSteps, len(p.Steps))
		b.width.locals = max(b.width.locals, len(p.Locals))
		for pc := range p.Steps {
			b.width.pool = max(b.width.pool, poolNeed(p, pc, prog, b.nTL, slots))
		}
	}
	b.width.proc = bitsFor(len(prog.Procs))
	b.width.pc = bitsFor(maxSteps)
	b.width.sched = bitsFor(slots)
	return b
}

// poolNeed is how many free inputs step pc of p reads: its choices, then a
// goto's branch index, a new thread's fresh locals, or a broadcast's
// passive choices for each slot.
func poolNeed(p *bp.Proc, pc int, prog *bp.Program, nTL, slots int) int {
	st := &p.Steps[pc]
	n := st.Choices
	switch st.Kind {
	case bp.Assign:
		n += slots * st.PassiveChoices
	case bp.Goto:
		n += bitsFor(len(st.Succs))
	case bp.Spawn:
		n += len(freshLocals(prog, st, nTL))
	}
	return n
}

// freshLocals lists the local slots of a started thread that start free:
// neither thread-local, nor a parameter, nor copied.
func freshLocals(prog *bp.Program, st *bp.Step, nTL int) []int {
	if st.CopyLocals {
		return nil
	}
	p := prog.Procs[st.SpawnProc]
	param := map[int]bool{}
	for _, j := range p.Params {
		param[j] = true
	}
	var out []int
	for j := nTL; j < len(p.Locals); j++ {
		if !param[j] {
			out = append(out, j)
		}
	}
	return out
}

// latches allocates the state and the inputs.
func (b *builder) latches() {
	s, c := b.s, b.c
	main := b.prog.Procs[0]
	for range b.prog.Globals {
		c.globals = append(c.globals, s.Latch(z.LitNull))
	}
	for i := 0; i < c.Slots; i++ {
		sl := slot{}
		init := s.F
		if i == 0 {
			init = s.T
		}
		sl.active = s.Latch(init)
		for range b.width.proc {
			sl.proc = append(sl.proc, s.Latch(s.F)) // main is proc 0
		}
		for k := range b.width.pc {
			v := s.F
			if i == 0 && main.Entry&(1<<k) != 0 {
				v = s.T
			}
			sl.pc = append(sl.pc, s.Latch(v))
		}
		sl.atomic = s.Latch(s.F)
		for j := range b.width.locals {
			v := s.F
			if i == 0 && j < len(main.Locals) && b.live[0][main.Entry].Has(j) {
				v = z.LitNull // every variable starts free; dead ones canonical
			}
			sl.locals = append(sl.locals, s.Latch(v))
		}
		c.slots = append(c.slots, sl)
	}
	if b.c.Label == "" {
		c.Err = s.Latch(s.F)
	} else {
		c.Err = s.F
	}
	c.Overflow = s.Latch(s.F)
	b.boundLatchesAlloc()
	for range b.width.sched {
		b.sched = append(b.sched, s.Lit())
	}
	for range b.width.pool {
		b.pool = append(b.pool, s.Lit())
	}
	c.Inputs = append(append([]z.Lit(nil), b.sched...), b.pool...)
}

// mux selects, bit by bit, the value of the chosen slot (at most one sel
// is true).
func (b *builder) mux(get func(sl *slot) []z.Lit) []z.Lit {
	n := len(get(&b.c.slots[0]))
	out := make([]z.Lit, n)
	for k := range out {
		ms := make([]z.Lit, len(b.c.slots))
		for i := range b.c.slots {
			ms[i] = b.s.And(b.sel[i], get(&b.c.slots[i])[k])
		}
		out[k] = b.s.Ors(ms...)
	}
	return out
}

// connect sets the next-state function of every latch.
func (b *builder) connect() {
	s, c := b.s, b.c
	execAny := s.And(b.running, b.enabled)
	for g, l := range c.globals {
		s.SetNext(l, s.Choice(s.And(execAny, b.gWrite[g]), b.gValue[g], l))
	}
	spawning := s.And(execAny, b.spawns)
	var lower z.Lit = s.T // every slot below i is active
	starts := make([]z.Lit, len(c.slots))
	for i := range c.slots {
		sl := &c.slots[i]
		free := s.And(lower, sl.active.Not())
		lower = s.And(lower, sl.active)
		exec := s.And(b.run[i], b.enabled)
		c.exec = append(c.exec, exec)
		target := s.And(spawning, free)
		starts[i] = target
		start := target
		if Fault == FaultStartLost {
			start = s.F
		}
		s.SetNext(sl.active, s.Choice(exec, b.ends.Not(), s.Or(start, sl.active)))
		for k, l := range sl.proc {
			s.SetNext(l, s.Choice(exec, s.And(l, b.ends.Not()), s.Choice(target, b.spawnProc[k], l)))
		}
		for k, l := range sl.pc {
			s.SetNext(l, s.Choice(exec, b.newPC[k], s.Choice(target, b.spawnPC[k], l)))
		}
		s.SetNext(sl.atomic, s.Choice(exec, b.newAtomic, s.And(target.Not(), sl.atomic)))
		for j, l := range sl.locals {
			other := s.Choice(target, b.spawnLocals[j], l)
			if b.bWrite != nil {
				w := s.And(execAny, s.Ors(b.bWrite[i][j]...))
				other = s.Choice(w, s.Ors(b.bValue[i][j]...), other)
			}
			s.SetNext(l, s.Choice(exec, b.newLocals[j], other))
		}
	}
	actives := make([]z.Lit, len(c.slots))
	for i := range c.slots {
		actives[i] = s.Next(c.slots[i].active)
	}
	b.connectBound(c.exec, starts, actives)
	overflow := s.And(spawning, b.anyFree.Not())
	if b.blockStarts {
		// The start blocked: it never executes, but the slots were too few.
		overflow = s.Ands(b.running, b.spawns, b.anyFree.Not())
	}
	s.SetNext(c.Overflow, s.Or(c.Overflow, overflow))
	c.failing = s.And(b.running, b.failing)
	if c.Label == "" {
		s.SetNext(c.Err, s.Or(c.Err, c.failing))
	}
}

// property defines Violation.
func (b *builder) property() {
	s, c := b.s, b.c
	defer func() { c.badOrOverflow = s.Or(c.Violation, c.Overflow) }()
	if c.Label == "" {
		c.Violation = c.Err
		return
	}
	targets := b.prog.Targets(c.Label)
	var ms []z.Lit
	for i := range c.slots {
		sl := &c.slots[i]
		for p := range targets {
			for pc, t := range targets[p] {
				if t {
					ms = append(ms, s.Ands(sl.active, b.equals(sl.proc, p), b.equals(sl.pc, pc)))
				}
			}
		}
	}
	c.Violation = s.Ors(ms...)
}

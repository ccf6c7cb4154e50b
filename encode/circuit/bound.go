package circuit

import (
	"errors"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// Bounds on the executions: at most K rounds (Getafix's bound) or at most
// K context switches, exactly as the explicit engine counts them
// (engine/explicit, section.go's counted), so that the circuit engines
// and the explicit one answer the same bounded question.
//
// The explicit engine names threads by ids in creation order; here a
// thread sits in the lowest free slot, so slot order is creation order
// only while no freed slot below a live thread is taken again. Where the
// program cannot do that (ageIsSlotOrder) the order is the slots';
// elsewhere a latch per pair of slots says whether the two threads sit
// against the order they started in. What the bound reads of the thread that ran last is
// kept per slot, so it survives that thread's end:
//
//   - rounds: stays[i], "a step by slot i's thread stays in the round"
//     (its id is at least the last counted step's), and the rounds so
//     far, binary, 0 before any counted step. A counted step of a slot
//     whose stays is false starts the next round, and is disabled (the
//     circuit stutters) when the rounds are K already. After a counted
//     step of slot s, stays[i] is "i started no earlier than s"; a
//     thread started later stays (its id is larger) once a step has
//     counted. In Getafix's dialect thread 0 (init, slot 0) is outside
//     the rounds.
//   - contexts: last[i], "slot i's thread ran the last step" (false for
//     every slot once that thread has ended), ran, "some step has run",
//     and the switches so far, binary: a step of slot i is a switch when
//     ran and not last[i], and is disabled when the switches are K.
//
// A step cut by the bound never happens, so a violation the circuit
// reaches is one within the bound; that the circuit reaches none says
// "no bug within the bound", never more, since the bound may have cut a
// step (engine/circuit answers Unknown with the bound's limit).

// Bound restricts the executions of a circuit; the zero value is no
// bound. At most one of the two is positive.
type Bound struct {
	Rounds   int // at most this many rounds (Getafix's bound); 0: no bound
	Contexts int // at most this many context switches; 0: no bound
}

// IsZero reports whether b bounds nothing.
func (b Bound) IsZero() bool { return b.Rounds <= 0 && b.Contexts <= 0 }

// limit is the bound's K.
func (b Bound) limit() int { return max(b.Rounds, b.Contexts) }

// boundLatches are the latches of a Bound (nil slices without one).
type boundLatches struct {
	count []z.Lit // rounds, or switches, so far: binary, least significant bit first
	stays []z.Lit // rounds: per slot, a step of its thread stays in the round
	last  []z.Lit // contexts: per slot, its thread ran the last step
	ran   z.Lit   // contexts: some step has run
	// inverted[i][j-i-1], i < j (rounds, where slot order may not be
	// creation order): slot i's thread started after slot j's (both
	// active). False where the slots are in creation order, the usual
	// case, so that IC3 learns it as a unit clause: latches for "started
	// before" took it three times the SAT calls on small programs.
	inverted [][]z.Lit
}

// checkBound refuses a bound the circuit cannot count as the explicit
// engine does.
func checkBound(prog *bp.Program, bound Bound) error {
	switch {
	case bound.Rounds > 0 && bound.Contexts > 0:
		return errors.New("circuit: a bound on rounds and one on context switches: give one")
	case bound.Rounds > 0 && prog.InitThread() && !initKeepsSlot0(prog):
		// Cannot happen with bp's lowering of Getafix's dialect.
		return errors.New("circuit: init's thread does not keep slot 0, so its steps cannot be left out of the rounds")
	}
	return nil
}

// initKeepsSlot0 reports whether thread 0 is the only thread ever in
// slot 0: only proc 0 starts threads and no start runs proc 0, so only
// thread 0 starts any, and nothing starts once it has ended.
func initKeepsSlot0(prog *bp.Program) bool {
	for p, proc := range prog.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Kind == bp.Spawn && (p != 0 || st.SpawnProc == 0) {
				return false
			}
		}
	}
	return true
}

// ageIsSlotOrder reports whether, in every execution, live threads sit
// in the slots in the order they started: a thread takes a slot below a
// live one only after a thread below it has ended and at least two more
// have started. Getafix's init starts every thread in one atomic step
// and starts none after (bp/getafix.go); a program that creates at most
// two threads, main included, never has a third.
func ageIsSlotOrder(prog *bp.Program) bool {
	if prog.InitThread() && initKeepsSlot0(prog) {
		return true
	}
	n, bounded := prog.MaxThreads()
	return bounded && n <= 2
}

// boundLatchesAlloc allocates the latches of the circuit's bound.
func (b *builder) boundLatchesAlloc() {
	s, c := b.s, b.c
	k := c.Bound.limit()
	if k <= 0 {
		return
	}
	l := &b.c.bl
	for range bitsFor(k + 1) {
		l.count = append(l.count, s.Latch(s.F))
	}
	n := len(c.slots)
	switch {
	case c.Bound.Rounds > 0:
		for range n {
			l.stays = append(l.stays, s.Latch(s.F))
		}
		if !ageIsSlotOrder(b.prog) {
			l.inverted = make([][]z.Lit, n)
			for i := range n {
				for j := i + 1; j < n; j++ {
					l.inverted[i] = append(l.inverted[i], s.Latch(s.F))
				}
			}
		}
	default:
		for range n {
			l.last = append(l.last, s.Latch(s.F))
		}
		l.ran = s.Latch(s.F)
	}
}

// counts reports whether slot i's steps count towards the bound: all
// but those of Getafix's init (slot 0, checkBound) under a bound on
// rounds.
func (b *builder) counts(i int) bool {
	return !(i == 0 && b.c.Bound.Rounds > 0 && b.prog.InitThread())
}

// moves is the literal "a step of slot i starts a round, or is a
// context switch".
func (b *builder) moves(i int) z.Lit {
	if !b.counts(i) {
		return b.s.F
	}
	if b.c.Bound.Rounds > 0 {
		return b.c.bl.stays[i].Not()
	}
	return b.s.And(b.c.bl.ran, b.c.bl.last[i].Not())
}

// allowed is the literal "a step of slot i is within the bound".
func (b *builder) allowed(i int) z.Lit {
	if b.c.Bound.IsZero() {
		return b.s.T
	}
	return b.s.And(b.moves(i), b.equals(b.c.bl.count, b.c.Bound.limit())).Not()
}

// older is the literal "slot i's thread started before slot j's", i ≠
// j, meaningful when both are active.
func (b *builder) older(i, j int) z.Lit {
	if Fault == FaultRoundOrder {
		i, j = j, i
	}
	switch {
	case b.c.bl.inverted == nil && i < j:
		return b.s.T
	case b.c.bl.inverted == nil:
		return b.s.F
	case i < j:
		return b.c.bl.inverted[i][j-i-1].Not()
	}
	return b.c.bl.inverted[j][i-j-1]
}

// connectBound sets the next state of the bound's latches. exec[i]: slot
// i takes a step; start[i]: a thread starts in slot i; active[i]: slot i
// is active after the step.
func (b *builder) connectBound(exec, start, active []z.Lit) {
	s, l := b.s, &b.c.bl
	if l.count == nil {
		return
	}
	moved := make([]z.Lit, len(exec))
	for i := range exec {
		moved[i] = s.And(exec[i], b.moves(i))
	}
	b.increment(l.count, s.Ors(moved...))
	if b.c.Bound.Contexts > 0 {
		execAny := s.Ors(exec...)
		s.SetNext(l.ran, s.Or(l.ran, execAny))
		for i, m := range l.last {
			s.SetNext(m, s.Choice(execAny, s.And(exec[i], active[i]), m))
		}
		return
	}
	counted := make([]z.Lit, len(exec))
	for i := range exec {
		counted[i] = s.F
		if b.counts(i) {
			counted[i] = exec[i]
		}
	}
	anyCounted := s.Ors(counted...)
	begun := s.Ors(l.count...) // a step has counted
	for i, m := range l.stays {
		// After a counted step of slot r: i started no earlier than r.
		after := []z.Lit{start[i], counted[i]}
		for r := range exec {
			if r != i {
				after = append(after, s.And(counted[r], b.older(r, i)))
			}
		}
		uncounted := s.Or(m, s.And(start[i], begun))
		s.SetNext(m, s.And(active[i], s.Choice(anyCounted, s.Ors(after...), uncounted)))
	}
	for i := range l.inverted {
		for k, m := range l.inverted[i] {
			j := i + 1 + k
			s.SetNext(m, s.Ands(active[i], active[j], s.Or(m, start[i])))
		}
	}
}

// increment sets the next value of the binary counter xs to xs + 1 when
// en holds, else xs. The bound disables the step that would pass K, so
// the counter never wraps.
func (b *builder) increment(xs []z.Lit, en z.Lit) {
	s := b.s
	carry := en
	for _, x := range xs {
		s.SetNext(x, s.Xor(x, carry))
		carry = s.And(x, carry)
	}
}

// boundMeanings adds what the bound's latches stand for to out.
func (c *Circuit) boundMeanings(out map[z.Var]Meaning) {
	l := &c.bl
	for i, m := range l.count {
		out[m.Var()] = Meaning{Kind: LatchBoundCount, Index: i}
	}
	for k, m := range l.stays {
		out[m.Var()] = Meaning{Kind: LatchStays, Slot: k}
	}
	for k, m := range l.last {
		out[m.Var()] = Meaning{Kind: LatchLast, Slot: k}
	}
	if l.last != nil {
		out[l.ran.Var()] = Meaning{Kind: LatchRan}
	}
	for i := range l.inverted {
		for k, m := range l.inverted[i] {
			out[m.Var()] = Meaning{Kind: LatchInverted, Slot: i, Index: i + 1 + k}
		}
	}
}

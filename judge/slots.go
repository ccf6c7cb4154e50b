package judge

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// The judge's own model of a program run with a fixed number of thread
// slots: the model in which IC3's invariants (engine.SlotInvariant) and
// k-induction's proofs (engine.KInduction) are checked. It is written
// from the lowered program (bp) and the reference semantics (bp/interp,
// read, not called), and shares no code with the encoders or the
// engines whose answers it judges: a bug that makes a reachable bad
// state unreachable in an engine's circuit does not make it unreachable
// here.
//
// A state is the globals, then per slot: whether a thread runs in it,
// the proc and pc of that thread (binary, least significant bit first),
// whether it holds an atomic section and its locals (as many as the
// largest proc has), then Err (an assertion failed; the constant false
// under a label property) and Overflow (a thread start found every slot
// busy). The evidence's atoms name these facts, so a state here is
// exactly what an atom is about.
//
// Values are canonical, which the engines' proofs may rely on: a local
// dead at its thread's pc (bp's liveness) is false, an empty slot is all
// false. A new thread takes the lowest empty slot. These choices change
// no behaviour (dead values are never read, slots are not identities).
//
// The model reaches well-formed states only (wellFormed: a thread is at
// a step of its proc, an empty slot is all false, a dead local is
// false), which is what makes it sound to consider well-formed states
// alone where a proof is about arbitrary ones (consecution, the step
// case). The initial states are well-formed: main at its entry, its dead
// locals and the other slots fixed false. A step from a well-formed
// state keeps it so, slot by slot:
//
//   - the running thread goes to a successor of its step, a step of its
//     proc, and its locals that were live or written and are dead there
//     become false (moveOn). A local dead at the step and not written
//     is dead at every successor (liveness: a local live at a successor
//     and not assigned by the step is live at the step), so it stays
//     false. A thread that ends leaves its slot all false: its live
//     locals are cleared, the others are false already;
//   - a thread start fills an empty slot, all false, with a thread at
//     SpawnPC of SpawnProc, and writes only the locals live there;
//   - a broadcast writes a passive slot's targets masked by their
//     liveness at that slot's pc, which it does not move;
//   - any other slot is unchanged.
//
// The tests prove this with the solver on every program they judge
// (TestWellFormedIsInvariant); checking it again in each judgement would
// triple the judge's time.

// slotModel is the program, the property and the number of slots, with
// the facts the encoding needs.
type slotModel struct {
	prog    *bp.Program
	label   string // empty: assertions
	reading bp.Reading
	slots   int
	live    [][]bp.Bits // [proc][pc]
	// labelled[proc][pc]: the step carries the label of the property.
	labelled [][]bool
	// blockStarts: under the blocking reading a thread that never starts
	// is not the same as one that never runs (it would be a passive
	// thread), so a start without an empty slot blocks.
	blockStarts bool
	lay         slotLayout
	// The widest step's needs, for the inputs every step shares.
	maxChoices, maxSuccs, maxPassive int
}

// slotLayout numbers the variables of a state.
type slotLayout struct {
	globals, slots, procBits, pcBits, locals int
}

func (l *slotLayout) perSlot() int         { return 2 + l.procBits + l.pcBits + l.locals }
func (l *slotLayout) size() int            { return l.globals + l.slots*l.perSlot() + 2 }
func (l *slotLayout) global(i int) int     { return i }
func (l *slotLayout) base(t int) int       { return l.globals + t*l.perSlot() }
func (l *slotLayout) active(t int) int     { return l.base(t) }
func (l *slotLayout) procBit(t, b int) int { return l.base(t) + 1 + b }
func (l *slotLayout) pcBit(t, b int) int   { return l.base(t) + 1 + l.procBits + b }
func (l *slotLayout) atomic(t int) int     { return l.base(t) + 1 + l.procBits + l.pcBits }
func (l *slotLayout) local(t, j int) int   { return l.base(t) + 2 + l.procBits + l.pcBits + j }
func (l *slotLayout) errFlag() int         { return l.size() - 2 }
func (l *slotLayout) overflowFlag() int    { return l.size() - 1 }

// maxMonotoneExpand bounds the passive choices of a broadcast with a
// passive constraint under the monotone reading, whose "no choice
// satisfies it" the model expands over every choice. It is at least the
// bound of the engines' encoding, so that no answer they give is refused
// for it.
const maxMonotoneExpand = 12

// newSlotModel reads prog for the property of label with slots thread
// slots.
func newSlotModel(prog *bp.Program, label string, reading bp.Reading, slots int) (*slotModel, error) {
	if prog == nil || len(prog.Procs) == 0 {
		return nil, errors.New("no program")
	}
	if prog.HasCalls() {
		return nil, errors.New("the program has recursive functions, which a thread slot does not hold")
	}
	if slots < 1 {
		return nil, fmt.Errorf("%d thread slots: at least 1 is needed", slots)
	}
	m := &slotModel{prog: prog, label: label, reading: reading, slots: slots, live: prog.Live(),
		blockStarts: reading == bp.Blocking && prog.HasBroadcasts()}
	if err := checkLiveness(prog, m.live); err != nil {
		return nil, fmt.Errorf("the program's liveness is wrong: %w", err)
	}
	maxSteps := 0
	m.lay = slotLayout{globals: len(prog.Globals), slots: slots}
	for _, proc := range prog.Procs {
		maxSteps = max(maxSteps, len(proc.Steps))
		m.lay.locals = max(m.lay.locals, len(proc.Locals))
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			m.maxChoices = max(m.maxChoices, st.Choices)
			m.maxSuccs = max(m.maxSuccs, len(st.Succs))
			m.maxPassive = max(m.maxPassive, st.PassiveChoices)
			if reading == bp.Monotone && st.PassiveConstraint != nil && st.PassiveChoices > maxMonotoneExpand {
				return nil, fmt.Errorf("%s: a broadcast with %d passive choices under the monotone reading (the judge expands at most %d)",
					prog.Position(st), st.PassiveChoices, maxMonotoneExpand)
			}
		}
	}
	m.lay.procBits = widthOf(len(prog.Procs))
	m.lay.pcBits = widthOf(maxSteps)
	m.labelled = make([][]bool, len(prog.Procs))
	for p, proc := range prog.Procs {
		m.labelled[p] = make([]bool, len(proc.Steps))
	}
	if label != "" {
		for _, at := range prog.FindLabel(label) {
			m.labelled[at.Proc][at.PC] = true
		}
	}
	return m, nil
}

// widthOf is the number of bits that hold 0..n-1.
func widthOf(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// liveAt reports whether local j is live at pc of proc; a local the proc
// does not have is never live.
func (m *slotModel) liveAt(p, pc, j int) bool {
	return j < len(m.prog.Procs[p].Locals) && m.live[p][pc].Has(j)
}

// slotFrame is one state of an unrolling: its variables (fresh, or
// formulas of the state before) and, per slot, where its thread is.
type slotFrame struct {
	vars []z.Lit
	// at[t][p][pc]: a thread runs in slot t, at pc of proc p.
	at [][][]z.Lit
	// liveHere caches "local j of slot t is live where t's thread is".
	liveHere map[[2]int]z.Lit
}

// freshFrame is a state of fresh variables.
func (m *slotModel) freshFrame(c *logic.C) *slotFrame {
	return m.frame(c, m.freshVars(c))
}

// freshVars are a fresh variable per bit of a state, but the error flag
// where a label is the property (assertions are not checked).
func (m *slotModel) freshVars(c *logic.C) []z.Lit {
	vars := make([]z.Lit, m.lay.size())
	for i := range vars {
		vars[i] = c.Lit()
	}
	if m.label != "" {
		vars[m.lay.errFlag()] = c.F
	}
	return vars
}

// frame is the state whose variables are vars.
func (m *slotModel) frame(c *logic.C, vars []z.Lit) *slotFrame {
	f := &slotFrame{vars: vars, liveHere: map[[2]int]z.Lit{}}
	for t := range m.slots {
		procBits := vars[m.lay.procBit(t, 0):m.lay.procBit(t, m.lay.procBits)]
		pcBits := vars[m.lay.pcBit(t, 0):m.lay.pcBit(t, m.lay.pcBits)]
		isProc := equalsEach(c, procBits, len(m.prog.Procs))
		isPC := equalsEach(c, pcBits, 1<<m.lay.pcBits)
		active := vars[m.lay.active(t)]
		at := make([][]z.Lit, len(m.prog.Procs))
		for p, proc := range m.prog.Procs {
			here := c.And(active, isProc[p])
			at[p] = make([]z.Lit, len(proc.Steps))
			for pc := range proc.Steps {
				at[p][pc] = c.And(here, isPC[pc])
			}
		}
		f.at = append(f.at, at)
	}
	return f
}

// equalsEach returns, for each v in 0..n-1, "xs (binary, least
// significant first) equals v", a value beyond xs being false. Each
// level of the table extends the one below by a bit, so the table costs
// about 2·2^len(xs) gates.
func equalsEach(c *logic.C, xs []z.Lit, n int) []z.Lit {
	table := []z.Lit{c.T}
	for k, x := range xs {
		next := make([]z.Lit, 2*len(table))
		for v, low := range table {
			next[v] = c.And(low, x.Not())
			next[v|1<<k] = c.And(low, x)
		}
		table = next
	}
	out := make([]z.Lit, n)
	for v := range out {
		out[v] = c.F
		if v < len(table) {
			out[v] = table[v]
		}
	}
	return out
}

// liveWhere is "local j of slot t's thread is live where it is" (false in an
// empty slot).
func (m *slotModel) liveWhere(c *logic.C, f *slotFrame, t, j int) z.Lit {
	if l, ok := f.liveHere[[2]int{t, j}]; ok {
		return l
	}
	var ms []z.Lit
	for p, proc := range m.prog.Procs {
		for pc := range proc.Steps {
			if m.liveAt(p, pc, j) {
				ms = append(ms, f.at[t][p][pc])
			}
		}
	}
	l := c.Ors(ms...)
	f.liveHere[[2]int{t, j}] = l
	return l
}

// wellFormed holds in the states the model reaches: a thread runs at a
// step of its proc, an empty slot is all false, and a local dead where
// its thread is, is false.
func (m *slotModel) wellFormed(c *logic.C, f *slotFrame) z.Lit {
	return c.Ands(m.wellFormedParts(c, f)...)
}

// wellFormedParts are the conjuncts of wellFormed.
func (m *slotModel) wellFormedParts(c *logic.C, f *slotFrame) []z.Lit {
	var ms []z.Lit
	for t := range m.slots {
		var places []z.Lit
		for p := range f.at[t] {
			places = append(places, f.at[t][p]...)
		}
		active := f.vars[m.lay.active(t)]
		ms = append(ms, c.Implies(active, c.Ors(places...)))
		for v := m.lay.procBit(t, 0); v < m.lay.local(t, 0); v++ {
			ms = append(ms, c.Implies(active.Not(), f.vars[v].Not())) // proc, pc, atomic
		}
		for j := range m.lay.locals {
			ms = append(ms, c.Implies(f.vars[m.lay.local(t, j)], m.liveWhere(c, f, t, j)))
		}
	}
	return ms
}

// initial lists literals that hold exactly in the initial states: main
// alone, in slot 0 at its entry, its live locals and the globals free,
// everything else false.
func (m *slotModel) initial(f *slotFrame) []z.Lit {
	var out []z.Lit
	m.initialValues(func(v int, val bool) {
		m := f.vars[v]
		if !val {
			m = m.Not()
		}
		out = append(out, m)
	})
	return out
}

// initialFrame is the initial states as one frame: fresh variables where
// they are free, constants elsewhere, so that the circuit folds the
// constants into every step unrolled from it.
func (m *slotModel) initialFrame(c *logic.C) *slotFrame {
	vars := m.freshVars(c)
	m.initialValues(func(v int, val bool) {
		vars[v] = c.F
		if val {
			vars[v] = c.T
		}
	})
	return m.frame(c, vars)
}

// initialValues calls fix with each variable the initial states fix and
// its value.
func (m *slotModel) initialValues(fix func(v int, val bool)) {
	main := m.prog.Procs[0]
	for t := range m.slots {
		fix(m.lay.active(t), t == 0)
		for b := range m.lay.procBits {
			fix(m.lay.procBit(t, b), false) // main is proc 0
		}
		for b := range m.lay.pcBits {
			fix(m.lay.pcBit(t, b), t == 0 && main.Entry&(1<<b) != 0)
		}
		fix(m.lay.atomic(t), false)
		for j := range m.lay.locals {
			if t != 0 || !m.liveAt(0, main.Entry, j) {
				fix(m.lay.local(t, j), false)
			}
		}
	}
	if m.label == "" {
		fix(m.lay.errFlag(), false)
	}
	fix(m.lay.overflowFlag(), false)
}

// violation holds in the states that violate the property: an assertion
// failed, or a thread is at the label.
func (m *slotModel) violation(c *logic.C, f *slotFrame) z.Lit {
	if m.label == "" {
		return f.vars[m.lay.errFlag()]
	}
	var ms []z.Lit
	for t := range m.slots {
		for p := range m.labelled {
			for pc, l := range m.labelled[p] {
				if l {
					ms = append(ms, f.at[t][p][pc])
				}
			}
		}
	}
	return c.Ors(ms...)
}

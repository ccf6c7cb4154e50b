package circuit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/bp"
)

// Describe writes a clause over the circuit's latches (an IC3 lemma) in
// the program's terms, as an implication: the literals on a thread
// slot's control (whether it runs, its proc, its pc) say where the slot
// is, "t1 at line 12, 15", and the others are a disjunction of values,
// "g ∨ ¬t1.x": "t1 at line 12, 15 ⇒ g ∨ ¬t1.x". A clause with no value
// literal reads "never: t1 at line 12". Slots are numbered from 0 (t0
// runs main); a slot is not a thread's identity, which the circuit does
// not keep.
func (c *Circuit) Describe(clause []z.Lit) string {
	roles := c.roles()
	fixed := make([]map[z.Var]bool, len(c.slots))
	var values []string
	for _, m := range clause {
		r, ok := roles[m.Var()]
		switch {
		case !ok:
			values = append(values, literal("latch "+strconv.Itoa(int(m.Var())), m.IsPos()))
		case r.control:
			// The clause holds unless every literal is false: the
			// antecedent is the slot's control with these values.
			if fixed[r.slot] == nil {
				fixed[r.slot] = map[z.Var]bool{}
			}
			fixed[r.slot][m.Var()] = !m.IsPos()
		case r.kind == 'a':
			values = append(values, phrase(m.IsPos(), "t"+strconv.Itoa(r.slot)+" atomic", "t"+strconv.Itoa(r.slot)+" not atomic"))
		case r.kind == 'e':
			values = append(values, phrase(m.IsPos(), "an assertion failed", "no assertion failed"))
		case r.kind == 'o':
			values = append(values, phrase(m.IsPos(), "a start found every slot busy", "no start found every slot busy"))
		default:
			values = append(values, literal(c.roleName(r, fixed), m.IsPos()))
		}
	}
	var where []string
	for k, f := range fixed {
		if f != nil {
			where = append(where, c.where(k, f))
		}
	}
	switch {
	case len(where) == 0:
		return strings.Join(values, " ∨ ")
	case len(values) == 0:
		return "never: " + strings.Join(where, " ∧ ")
	}
	return strings.Join(where, " ∧ ") + " ⇒ " + strings.Join(values, " ∨ ")
}

func phrase(pos bool, yes, no string) string {
	if pos {
		return yes
	}
	return no
}

func literal(name string, pos bool) string {
	if pos {
		return name
	}
	return "¬" + name
}

// role is what a latch stands for.
type role struct {
	kind    byte // 'g' global, 'l' local, 'a' atomic, 'e' error, 'o' overflow; control latches: 'r' running, 'p' proc bit, 'c' pc bit
	slot    int
	index   int // the global, the local slot, or the bit
	control bool
}

func (c *Circuit) roles() map[z.Var]role {
	out := map[z.Var]role{}
	for i, g := range c.globals {
		out[g.Var()] = role{kind: 'g', index: i}
	}
	for k, s := range c.slots {
		out[s.active.Var()] = role{kind: 'r', slot: k, control: true}
		for i, m := range s.proc {
			out[m.Var()] = role{kind: 'p', slot: k, index: i, control: true}
		}
		for i, m := range s.pc {
			out[m.Var()] = role{kind: 'c', slot: k, index: i, control: true}
		}
		out[s.atomic.Var()] = role{kind: 'a', slot: k}
		for i, m := range s.locals {
			out[m.Var()] = role{kind: 'l', slot: k, index: i}
		}
	}
	if c.Err != c.S.F {
		out[c.Err.Var()] = role{kind: 'e'}
	}
	out[c.Overflow.Var()] = role{kind: 'o'}
	return out
}

func (c *Circuit) roleName(r role, fixed []map[z.Var]bool) string {
	t := "t" + strconv.Itoa(r.slot)
	if r.kind == 'g' {
		return c.Prog.Globals[r.index]
	}
	// A local slot's name depends on the slot's proc: the one the
	// antecedent fixes, else any proc that has the slot, when they agree.
	var name string
	for p, proc := range c.Prog.Procs {
		if r.index >= len(proc.Locals) || !c.procMatches(r.slot, p, fixed[r.slot]) {
			continue
		}
		n := proc.LocalName(r.index)
		if name != "" && name != n {
			return fmt.Sprintf("%s.local%d", t, r.index)
		}
		name = n
	}
	if name == "" {
		return fmt.Sprintf("%s.local%d", t, r.index)
	}
	return t + "." + name
}

// bitsMatch tells whether value v agrees with the bits fixed among lits.
func bitsMatch(v int, lits []z.Lit, fixed map[z.Var]bool) bool {
	for i, m := range lits {
		if want, ok := fixed[m.Var()]; ok && want != (v&(1<<i) != 0) {
			return false
		}
	}
	return true
}

func (c *Circuit) procMatches(slot, p int, fixed map[z.Var]bool) bool {
	return fixed == nil || bitsMatch(p, c.slots[slot].proc, fixed)
}

// slotProcs are the procs a thread in slot k can run: main's in slot 0,
// where it starts, and every proc a thread start names (a start takes a
// free slot, slot 0 too once main has ended). A clause's place lists no
// line of a proc its slot never runs: a worker's lemma named main's lines
// when the proc bits it fixed matched main too.
func (c *Circuit) slotProcs(k int) map[int]bool {
	can := map[int]bool{}
	if k == 0 {
		can[0] = true
	}
	for _, proc := range c.Prog.Procs {
		for i := range proc.Steps {
			if st := &proc.Steps[i]; st.Kind == bp.Spawn {
				can[st.SpawnProc] = true
			}
		}
	}
	return can
}

// maxLines is how many source lines a place lists before it summarises.
const maxLines = 8

// where says where slot k is when its control latches have the fixed
// values: the source lines of the statements it can be at.
func (c *Circuit) where(k int, fixed map[z.Var]bool) string {
	s := c.slots[k]
	t := "t" + strconv.Itoa(k)
	if run, ok := fixed[s.active.Var()]; ok && !run {
		return t + " not running"
	}
	var lines []int
	places, all := 0, 0
	can := c.slotProcs(k)
	for p, proc := range c.Prog.Procs {
		if !can[p] {
			continue
		}
		for pc := range proc.Steps {
			all++
			if bitsMatch(p, s.proc, fixed) && bitsMatch(pc, s.pc, fixed) {
				places++
				lines = append(lines, c.Prog.Position(&proc.Steps[pc]).Line)
			}
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	switch {
	case places == all:
		return t + " running"
	case places == 0:
		return t + " at no statement"
	case len(lines) > maxLines:
		return fmt.Sprintf("%s at one of %d lines (%d to %d)", t, len(lines), lines[0], lines[len(lines)-1])
	}
	strs := make([]string, len(lines))
	for i, l := range lines {
		strs[i] = strconv.Itoa(l)
	}
	word := "line "
	if len(lines) > 1 {
		word = "lines "
	}
	return t + " at " + word + strings.Join(strs, ", ")
}

package ic3

import (
	"slices"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Three-valued simulation: 0, 1 and X (unknown).
const (
	t0 uint8 = iota
	t1
	tX
)

// ternary simulates the cone of some targets in three values. Variables
// of a logic.S are numbered so that an AND gate comes after its inputs,
// so the cone's gates in increasing order are in topological order.
type ternary struct {
	s     *logic.S
	val   []uint8 // by variable
	gates []z.Var // the cone's AND gates, in topological order
}

func newTernary(s *logic.S) *ternary {
	return &ternary{s: s, val: make([]uint8, s.Len())}
}

func (t *ternary) lit(m z.Lit) uint8 {
	v := t.val[m.Var()]
	if v == tX || m.IsPos() {
		return v
	}
	return 1 - v
}

// set gives m's variable the value that makes m b.
func (t *ternary) set(m z.Lit, b bool) {
	t.val[m.Var()] = t0
	if b == m.IsPos() {
		t.val[m.Var()] = t1
	}
}

// cone collects the AND gates below targets into t.gates, in
// topological order, and sets every other variable of the cone (latches,
// inputs, constants) to X. It leaves the cone marked in sh (shape.cone).
func (t *ternary) cone(sh *shape, targets []z.Lit) {
	t.gates = t.gates[:0]
	sh.cone(targets, func(v z.Var) {
		if t.s.Type(v.Pos()) == logic.SAnd {
			t.gates = append(t.gates, v)
		} else {
			t.val[v] = tX
		}
	})
	slices.Sort(t.gates)
}

// holds simulates the cone and reports whether every target is 1.
func (t *ternary) holds(targets []z.Lit) bool {
	for _, g := range t.gates {
		a, b := t.s.Ins(g.Pos())
		va, vb := t.lit(a), t.lit(b)
		switch {
		case va == t0 || vb == t0:
			t.val[g] = t0
		case va == t1 && vb == t1:
			t.val[g] = t1
		default:
			t.val[g] = tX
		}
	}
	for _, m := range targets {
		if t.lit(m) != t1 {
			return false
		}
	}
	return true
}

// xlift lifts st, a full state that reaches the targets in one step
// under inputs (nil: the targets read no input), by ternary simulation, as
// ABC's pdr lifts: only the latches in the targets' cone are kept, and
// each of them in turn is set to X and dropped when every target stays 1.
// Simulation is sound (an X stands for both values), so every state of
// the cube returned reaches the targets. With every latch and input of
// the cone set it is exact, so the first simulation holds; if it did not,
// the cone's latches are returned as they are.
func (p *pdr) xlift(st cube, inputs []bool, targets []z.Lit) cube {
	t := p.tern
	if t == nil {
		t = newTernary(p.s)
		p.tern = t
	}
	t.cone(p.sh, targets) // marks the cone, its leaves X
	t.set(p.s.T, true)
	if inputs != nil {
		for i, m := range p.sys.Inputs {
			t.set(m, inputs[i])
		}
	}
	var c cube
	for _, m := range st {
		if p.sh.mark[m.Var()] == p.sh.epoch {
			t.set(m, true)
			c = append(c, m)
		}
	}
	if !t.holds(targets) {
		return c
	}
	out := make(cube, 0, len(c))
	for _, m := range c {
		keep := t.val[m.Var()]
		t.val[m.Var()] = tX
		if !t.holds(targets) {
			t.val[m.Var()] = keep
			out = append(out, m)
		}
	}
	return out
}

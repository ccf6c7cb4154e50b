package ic3

import (
	"container/heap"
	"slices"

	"github.com/bopgo/bopgo/mc"
)

// An obligation asks to show that no state of cube is in F_level. Its
// states reach parent's cube in one step under inputs (every state of the
// cube does, thanks to lifting), and so on to a bad state.
type obligation struct {
	cube   cube
	level  int
	inputs []bool
	parent *obligation
	seq    int // creation order, to break ties deterministically
}

// queue orders obligations lowest level first, then newest first.
type queue []*obligation

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if q[i].level != q[j].level {
		return q[i].level < q[j].level
	}
	return q[i].seq > q[j].seq
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(*obligation)) }
func (q *queue) Pop() any {
	old := *q
	ob := old[len(old)-1]
	*q = old[:len(old)-1]
	return ob
}

func (p *pdr) push(q *queue, ob *obligation) {
	p.seq++
	ob.seq = p.seq
	heap.Push(q, ob)
}

// block discharges root and the obligations it spawns. It returns a
// counterexample if one reaches the initial states, nil when all are
// blocked or the search halted.
func (p *pdr) block(root *obligation) *mc.Trace {
	q := &queue{}
	p.push(q, root)
	for q.Len() > 0 {
		ob := (*q)[0]
		if p.intersectsInit(ob.cube) {
			return p.trace(ob)
		}
		if ob.level == 0 || p.blockedAt(ob.cube, ob.level) {
			heap.Pop(q)
			continue
		}
		r, pred, inputs, core := p.relInd(ob.cube, ob.level-1)
		switch r {
		case 0:
			return nil
		case 1:
			miss := p.nextLits(ob.cube)
			for i, m := range miss {
				miss[i] = m.Not()
			}
			lifted := p.lift(pred, inputs, miss)
			p.push(q, &obligation{cube: lifted, level: ob.level - 1, inputs: inputs, parent: ob})
			continue
		}
		c := p.generalise(p.excludeInit(core, ob.cube), ob.level-1)
		if p.halted {
			return nil
		}
		k := ob.level
		for k < p.top() {
			r, _, _, _ := p.relInd(c, k)
			if r != -1 {
				break
			}
			k++
		}
		if p.halted {
			return nil
		}
		p.addBlocked(c, k)
		heap.Pop(q)
		again := &obligation{cube: ob.cube, level: k + 1, inputs: ob.inputs, parent: ob.parent}
		switch {
		case k < p.top():
			// The same states may still be bad one level up: ask again
			// there now rather than after a longer detour.
			p.push(q, again)
		case p.cfg.carry:
			// Blocked at the top: ask again at the next level, once it
			// is open (checkSystem), with the path to the bad state.
			p.carried = append(p.carried, again)
		}
	}
	return nil
}

// generalise drops literals from c, which is inductive relative to F_k and
// misses the initial states, while both stay true.
func (p *pdr) generalise(c cube, k int) cube {
	for i := 0; i < len(c) && len(c) > 1; {
		cand := c.without(i)
		if p.intersectsInit(cand) {
			i++
			continue
		}
		r, _, _, core := p.relInd(cand, k)
		switch r {
		case 0:
			return c
		case -1:
			c = p.excludeInit(core, cand)
			// The literal now at i has not been tried; keep i.
		default:
			i++
		}
	}
	return c
}

// trace builds the counterexample that starts in a state of ob's cube
// that is also initial: the cube's literals, the fixed inits, and false
// for the rest.
func (p *pdr) trace(ob *obligation) *mc.Trace {
	tr := &mc.Trace{Init: make([]bool, len(p.s.Latches))}
	for i, l := range p.s.Latches {
		if init := p.initLit(l.Var()); init != 0 {
			tr.Init[i] = init == l
		}
		if slices.Contains(ob.cube, l) {
			tr.Init[i] = true
		}
		if slices.Contains(ob.cube, l.Not()) {
			tr.Init[i] = false
		}
	}
	for o := ob; o.parent != nil; o = o.parent {
		tr.Inputs = append(tr.Inputs, o.inputs)
	}
	return tr
}

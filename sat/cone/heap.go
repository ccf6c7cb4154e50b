package cone

import "github.com/go-air/gini/z"

// heap is the decision order: the domain's unassigned variables, most
// active first (a binary max-heap indexed by variable).
type heap struct {
	act  *[]float64
	vars []z.Var
	pos  []int32 // by variable: index in vars, or -1
}

func (h *heap) grow() { h.pos = append(h.pos, -1) }

func (h *heap) less(a, b z.Var) bool { return (*h.act)[a] > (*h.act)[b] }

// reset empties the heap.
func (h *heap) reset() {
	for _, v := range h.vars {
		h.pos[v] = -1
	}
	h.vars = h.vars[:0]
}

// push adds v if it is not in the heap.
func (h *heap) push(v z.Var) {
	if h.pos[v] >= 0 {
		return
	}
	h.pos[v] = int32(len(h.vars))
	h.vars = append(h.vars, v)
	h.up(len(h.vars) - 1)
}

// pop removes and returns the most active variable, 0 if empty.
func (h *heap) pop() z.Var {
	if len(h.vars) == 0 {
		return 0
	}
	v := h.vars[0]
	last := h.vars[len(h.vars)-1]
	h.vars = h.vars[:len(h.vars)-1]
	h.pos[v] = -1
	if len(h.vars) > 0 {
		h.vars[0] = last
		h.pos[last] = 0
		h.down(0)
	}
	return v
}

// bumped restores the order after v's activity grew.
func (h *heap) bumped(v z.Var) {
	if i := h.pos[v]; i >= 0 {
		h.up(int(i))
	}
}

func (h *heap) up(i int) {
	v := h.vars[i]
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(v, h.vars[p]) {
			break
		}
		h.vars[i] = h.vars[p]
		h.pos[h.vars[i]] = int32(i)
		i = p
	}
	h.vars[i] = v
	h.pos[v] = int32(i)
}

func (h *heap) down(i int) {
	v := h.vars[i]
	n := len(h.vars)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h.less(h.vars[c+1], h.vars[c]) {
			c++
		}
		if !h.less(h.vars[c], v) {
			break
		}
		h.vars[i] = h.vars[c]
		h.pos[h.vars[i]] = int32(i)
		i = c
	}
	h.vars[i] = v
	h.pos[v] = int32(i)
}

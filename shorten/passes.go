package shorten

import "slices"

// passes are the ways of shortening, in the order each round tries them:
// the cheap cuts that always replay first, then those the judge may
// refuse, then the reordering. Each reports whether it changed the best
// order.
var passes = []struct {
	name string
	run  func(*shortener) bool
}{
	{"state cycles", (*shortener).cutStateCycles},
	{"threads", (*shortener).dropThreads},
	{"thread cycles", (*shortener).cutThreadCycles},
	{"tails", (*shortener).dropTails},
	{"switches", (*shortener).gather},
}

// run applies the passes in rounds until a round changes nothing.
func (s *shortener) run() {
	for range maxRounds {
		changed := false
		for _, p := range passes {
			if p.run(s) {
				changed = true
			}
		}
		if !changed || s.stopped() {
			return
		}
	}
}

// cutStateCycles cuts the steps between two equal states of the best
// trace, the farthest apart first.
func (s *shortener) cutStateCycles() bool {
	changed := false
	for p := 0; !s.stopped(); p++ {
		tr := s.current()
		if p >= len(tr.Steps)-1 {
			break
		}
		keys := make([]string, len(tr.Steps))
		last := map[string]int{}
		for i := range tr.Steps {
			keys[i] = s.stateKey(&tr.Steps[i].Before)
			last[keys[i]] = i
		}
		for ; p < len(tr.Steps)-1 && !s.stopped(); p++ {
			if q := last[keys[p]]; q > p {
				if s.try(slices.Concat(s.order[:p], s.order[q:])) {
					changed = true
					break // the keys are the old trace's
				}
			}
		}
	}
	return changed
}

// dropThreads drops every step of each thread but the violating one.
func (s *shortener) dropThreads() bool {
	changed := false
	for _, id := range s.threads(false) {
		if s.try(s.without(func(_, i int) bool { return s.orig.Steps[i].Thread == id })) {
			changed = true
		}
	}
	return changed
}

// dropTails drops the longest tail of each thread's steps (but the
// violating thread's) that the judge accepts, found by bisection: a
// thread whose later steps are not needed usually has every shorter tail
// not needed either.
func (s *shortener) dropTails() bool {
	changed := false
	for _, id := range s.threads(false) {
		m := 0
		for _, i := range s.order {
			if s.orig.Steps[i].Thread == id {
				m++
			}
		}
		base := s.order
		fromTail := func(k int) []int {
			j := 0
			out := make([]int, 0, len(base))
			for _, i := range base {
				if s.orig.Steps[i].Thread == id {
					j++
					if j > k {
						continue
					}
				}
				out = append(out, i)
			}
			return out
		}
		// Keep the first lo..hi steps: hi works (it drops nothing).
		lo, hi := 1, m
		for lo < hi && !s.stopped() {
			mid := (lo + hi) / 2
			if s.try(fromTail(mid)) {
				hi, changed = mid, true
			} else {
				lo = mid + 1
			}
		}
	}
	return changed
}

// cutThreadCycles cuts, for each thread, its steps between two equal
// states of that thread (a loop iteration), the farthest apart first;
// the other threads' steps in between stay.
func (s *shortener) cutThreadCycles() bool {
	changed := false
	for _, id := range s.threads(true) {
		for from := 0; !s.stopped(); {
			tr := s.current()
			var pos []int // the thread's steps in the best trace
			var keys []string
			last := map[string]int{}
			for p := range tr.Steps {
				if tr.Steps[p].Thread == id {
					keys = append(keys, s.threadKey(tr.Steps[p].Before.Thread(id)))
					last[keys[len(keys)-1]] = len(pos)
					pos = append(pos, p)
				}
			}
			cut := false
			drop := make([]bool, len(tr.Steps))
			// The budget is checked here too: building each candidate
			// is linear in the trace, so a long trace whose candidates
			// all fail took seconds after the budget (deepcount-d10-bug:
			// 13,302 steps, 8 s).
			for ; from < len(pos) && !cut && !s.stopped(); from++ {
				b := last[keys[from]]
				if b <= from {
					continue
				}
				for _, p := range pos[from:b] {
					drop[p] = true
				}
				cut = s.try(s.without(func(p, _ int) bool { return drop[p] }))
				for _, p := range pos[from:b] {
					drop[p] = false
				}
			}
			if !cut {
				break
			}
			changed = true
			from-- // the thread's steps from there on are new
		}
	}
	return changed
}

// gather moves blocks of one thread together: for each block, the next
// block of its thread up to it, or it down to that one, when the judge
// accepts it and it saves a switch.
func (s *shortener) gather() bool {
	changed := false
	for x := 0; !s.stopped(); {
		blocks := s.blocks()
		if x >= len(blocks) {
			break
		}
		bx := blocks[x]
		y := x + 2
		for y < len(blocks) && blocks[y].thread != bx.thread {
			y++
		}
		if y >= len(blocks) {
			x++
			continue
		}
		by, o := blocks[y], s.order
		up := slices.Concat(o[:bx.end], o[by.start:by.end], o[bx.end:by.start], o[by.end:])
		down := slices.Concat(o[:bx.start], o[bx.end:by.start], o[bx.start:bx.end], o[by.start:])
		was := s.switches(o)
		if (s.switches(up) < was && s.try(up)) || (s.switches(down) < was && s.try(down)) {
			changed = true
			continue
		}
		x++
	}
	return changed
}

// block is a maximal run [start, end) of one thread's steps in an order.
type block struct {
	thread, start, end int
}

func (s *shortener) blocks() []block {
	var out []block
	for p, i := range s.order {
		id := s.orig.Steps[i].Thread
		if n := len(out); n > 0 && out[n-1].thread == id {
			out[n-1].end = p + 1
			continue
		}
		out = append(out, block{id, p, p + 1})
	}
	return out
}

func (s *shortener) switches(order []int) int {
	n := 0
	for p := 1; p < len(order); p++ {
		if s.orig.Steps[order[p]].Thread != s.orig.Steps[order[p-1]].Thread {
			n++
		}
	}
	return n
}

// threads are the threads that take steps in the best order, in the
// order of their first steps; the violating thread (the last step's)
// only if violating.
func (s *shortener) threads(violating bool) []int {
	last := s.orig.Steps[len(s.orig.Steps)-1].Thread
	var out []int
	for _, i := range s.order {
		id := s.orig.Steps[i].Thread
		if !slices.Contains(out, id) && (id != last || violating) {
			out = append(out, id)
		}
	}
	return out
}

// without is the best order without the steps for which drop (given a
// step's position in the order and its index in the engine's trace)
// holds.
func (s *shortener) without(drop func(p, i int) bool) []int {
	out := make([]int, 0, len(s.order))
	for p, i := range s.order {
		if !drop(p, i) {
			out = append(out, i)
		}
	}
	return out
}

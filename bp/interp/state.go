package interp

// thread is one thread of a search state.
type thread struct {
	id, proc, pc int32
	atomic       bool // holds the atomic section
	locals       []val
}

// state is a search state. Threads are kept in creation order.
type state struct {
	globals []val
	threads []thread
	nextID  int32
}

func (s *state) clone() state {
	c := state{globals: append([]val(nil), s.globals...), nextID: s.nextID}
	c.threads = make([]thread, len(s.threads))
	for i, t := range s.threads {
		c.threads[i] = t
		c.threads[i].locals = append([]val(nil), t.locals...)
	}
	return c
}

// atomicHolder returns the index of the thread in an atomic section, or -1.
func (s *state) atomicHolder() int {
	for i := range s.threads {
		if s.threads[i].atomic {
			return i
		}
	}
	return -1
}

func (s *state) find(id int32) int {
	for i := range s.threads {
		if s.threads[i].id == id {
			return i
		}
	}
	return -1
}

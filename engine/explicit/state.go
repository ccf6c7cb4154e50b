package explicit

// thread is one thread of a search state: the frame it runs in, and the
// frames of the calls of recursive functions it is in (outermost first).
type thread struct {
	id, proc, pc int32
	atomic       bool // holds the atomic section
	locals       []val
	stack        []frame
}

// frame is a caller's frame: the proc and pc of its Call step, its locals.
type frame struct {
	proc, pc int32
	locals   []val
}

// state is a search state. Threads are kept in creation order.
type state struct {
	globals []val
	threads []thread
	nextID  int32
	// With a bound on context switches (Options.Contexts): the thread
	// that ran last (-1: none yet; endedThread: it has ended) and the
	// switches so far. With a bound on rounds (Options.Rounds): the
	// thread whose step counted last (-1: none yet), by its id even
	// after it ended, and the round of that step.
	last, switches, round int32
}

// endedThread is state.last when the thread that ran last has ended: any
// step is then a context switch.
const endedThread = -2

// clone copies s. The values of the globals and of every thread's locals
// share one new array (each slice capped, so that an append to one never
// writes into another): a search clones a state for every successor.
func (s *state) clone() state {
	n := len(s.globals)
	for i := range s.threads {
		n += len(s.threads[i].locals)
		for _, f := range s.threads[i].stack {
			n += len(f.locals)
		}
	}
	vals := make([]val, n)
	at := copy(vals, s.globals)
	c := state{globals: vals[:at:at], nextID: s.nextID, last: s.last, switches: s.switches, round: s.round}
	c.threads = make([]thread, len(s.threads))
	for i, t := range s.threads {
		c.threads[i] = t
		end := at + copy(vals[at:], t.locals)
		c.threads[i].locals = vals[at:end:end]
		at = end
		if t.stack != nil {
			c.threads[i].stack = make([]frame, len(t.stack))
			for k, f := range t.stack {
				end := at + copy(vals[at:], f.locals)
				f.locals = vals[at:end:end]
				c.threads[i].stack[k] = f
				at = end
			}
		}
	}
	return c
}

// cloneFor copies s for a step of thread ti that writes only the
// globals and ti's own locals: those are copied, and the other threads
// share their locals (and stacks) with s, which no step writes in place.
// A Getafix thread has dozens of locals, so copying only the moving
// one's is most of a step's saving. It repeats clone's copy of a thread
// rather than share a helper with it: on the search's hottest path the
// helper measured about 6 % slower (eight alternating runs of 1.5
// million states of SafeStack underapprox: 14.5 s against 13.7 s). The
// copy's arrays come from a (arena.go; nil: the heap).
func (s *state) cloneFor(ti int, a *arena) state {
	t := &s.threads[ti]
	n := len(s.globals) + len(t.locals)
	for _, f := range t.stack {
		n += len(f.locals)
	}
	vals := a.valSlice(n)
	at := copy(vals, s.globals)
	c := state{globals: vals[:at:at], nextID: s.nextID, last: s.last, switches: s.switches, round: s.round}
	c.threads = a.threadSlice(len(s.threads))
	copy(c.threads, s.threads)
	ct := &c.threads[ti]
	end := at + copy(vals[at:], t.locals)
	ct.locals = vals[at:end:end]
	at = end
	if t.stack != nil {
		ct.stack = make([]frame, len(t.stack))
		for k, f := range t.stack {
			end := at + copy(vals[at:], f.locals)
			f.locals = vals[at:end:end]
			ct.stack[k] = f
			at = end
		}
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

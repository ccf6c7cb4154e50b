package por

import "github.com/bopgo/bopgo/bp"

// Access summarises what a step, or a set of steps, touches.
type Access struct {
	Read, Write bp.Bits // shared (global) variable slots
	Atomic      bool    // enters or leaves an atomic section
	Threads     bool    // starts or ends a thread
	Starts      bool    // starts a thread (Threads too)
	Blocking    bool    // may be disabled: assume, constrained assignment
	Visible     bool    // a step where the property can fail
	// Broadcast: writes and reads every other thread's locals (x$), so
	// it commutes with nothing another thread does.
	Broadcast bool
}

func newAccess(globals int) Access {
	return Access{Read: bp.NewBits(globals), Write: bp.NewBits(globals)}
}

// union adds b to a and reports whether a changed.
func (a *Access) union(b *Access) bool {
	changed := false
	for i := range a.Read {
		if r := a.Read[i] | b.Read[i]; r != a.Read[i] {
			a.Read[i], changed = r, true
		}
		if w := a.Write[i] | b.Write[i]; w != a.Write[i] {
			a.Write[i], changed = w, true
		}
	}
	for _, f := range []struct {
		dst *bool
		src bool
	}{
		{&a.Atomic, b.Atomic}, {&a.Threads, b.Threads}, {&a.Starts, b.Starts}, {&a.Blocking, b.Blocking}, {&a.Visible, b.Visible},
		{&a.Broadcast, b.Broadcast},
	} {
		if f.src && !*f.dst {
			*f.dst, changed = true, true
		}
	}
	return changed
}

// Local reports whether a touches nothing shared: no global, no atomic
// section, no thread start or end. A local step commutes with every step
// of every other thread.
func (a *Access) Local() bool {
	for i := range a.Read {
		if a.Read[i]|a.Write[i] != 0 {
			return false
		}
	}
	return !a.Atomic && !a.Threads && !a.Broadcast
}

// Independent reports whether a step with access a, taken by one thread,
// commutes with every step summarised by b, taken by other threads, and
// neither can enable or disable the other: no write of one meets a read or
// write of the other, and neither changes who may run or how many threads
// live. A broadcast on either side touches the other thread's locals:
// dependent.
func Independent(a, b *Access) bool {
	if a.Atomic || b.Atomic || (a.Threads && b.Threads) || a.Broadcast || b.Broadcast {
		return false
	}
	for i := range a.Read {
		if a.Write[i]&(b.Read[i]|b.Write[i]) != 0 || b.Write[i]&a.Read[i] != 0 {
			return false
		}
	}
	return true
}

// Commute reports whether a thread's move with access a (Info.Move)
// commutes with every step summarised by b, taken by other threads, in a
// search that runs atomic sections whole: Independent, except that
// entering and leaving sections is no dependence. There, no thread holds
// a section in a state where a move begins, and a move that would end
// holding one has no end state, so sections only make moves longer.
//
// Nor are two ends of threads a dependence: ending removes the thread
// that ends, and nothing else, from the state, so two ends commute and
// neither enables or disables the other; what an end can change for
// another thread is the number of live threads, which only a start reads
// (the thread bound). Getafix's init ends after it started the threads,
// and while its end was dependent on theirs a reduced expansion never
// took it: half of SafeStack's stored states still had init, about to
// end.
func Commute(a, b *Access) bool {
	x, y := *a, *b
	x.Atomic, y.Atomic = false, false
	if !x.Starts && !y.Starts {
		x.Threads, y.Threads = false, false
	}
	return Independent(&x, &y)
}

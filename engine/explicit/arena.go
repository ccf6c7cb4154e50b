package explicit

// arena hands out the arrays of the states that one expansion makes: a
// search stores a successor as a packed record (store.go) and then drops
// it, so the values and threads of every successor of a head can live in
// two arrays that the next head's expansion reuses (reset). With a new
// array per successor, cloneFor made two thirds of the search's
// allocations (1.2 GB on scaled-0525), and allocating and collecting
// them about a fifth of its time (38 scaled, mutex and filter programs
// side by side: 47.7 s before, 39.5 s with the arena).
//
// Nothing may keep a state of one expansion past the reset that begins
// the next: the store keeps records, a mover's section chain and seen
// set live for one expansion, and a violation ends the search (its trace
// is built before any further reset). A nil arena allocates from the
// heap: summaries (summary.go) keep their states.
type arena struct {
	vals    []val
	threads []thread
}

// minArena is the length of an arena's first arrays.
const minArena = 1 << 12

// reset makes the arena's arrays free for reuse: every state they hold
// is dead.
func (a *arena) reset() {
	if a == nil {
		return
	}
	a.vals = a.vals[:0]
	clear(a.threads) // their slices must not keep old arrays alive
	a.threads = a.threads[:0]
}

// valSlice is n values, not cleared: the caller writes every one. The
// slice is capped, so that an append to it never writes into the next.
func (a *arena) valSlice(n int) []val {
	if a == nil {
		return make([]val, n)
	}
	return carve(&a.vals, n, minArena)
}

// threadSlice is n threads, not cleared, capped like valSlice's.
func (a *arena) threadSlice(n int) []thread {
	if a == nil {
		return make([]thread, n)
	}
	return carve(&a.threads, n, minArena/16)
}

// carve takes the next n elements of *pool, or of a new array (at least
// first long, twice the old) when they do not fit; states of this
// expansion keep the old array alive until the reset drops them.
func carve[T any](pool *[]T, n, first int) []T {
	at := len(*pool)
	if at+n > cap(*pool) {
		*pool = make([]T, 0, max(2*cap(*pool), n, first))
		at = 0
	}
	*pool = (*pool)[:at+n]
	return (*pool)[at : at+n : at+n]
}

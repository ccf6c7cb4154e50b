package cone

import (
	"math"

	"github.com/go-air/gini/z"
)

// Clauses live in one arena, a header before their literals, so that a
// clause's header and its first literals share a cache line: propagation
// touches nothing else (two thirds of IC3's time is propagation, and a
// clause as a Go struct with its own literal slice cost two cache misses
// a visit). A cref is a clause's offset in the arena; 0 is none.
//
// Header: the number of literals; the flags, with the LBD above them; a
// learned clause's activity (float32 bits).
type cref uint32

const (
	hdrSize = 3

	flagLearnt  = 1 // learned
	flagTemp    = 2 // the temporary clause or learned from it (contains ¬t)
	flagDeleted = 4 // long clauses are unwatched lazily (propagate)
	lbdShift    = 8

	// binRef marks a watcher's clause as binary: its blocker is then
	// its other literal, and the arena is not read.
	binRef = 1 << 31
)

// A watcher is an entry of a literal's watch list: the clause (with
// binRef for a binary one), and one of its other literals that, when
// true, satisfies it without reading it.
type watcher struct {
	ref     cref
	blocker z.Lit
}

// newClause appends a clause to the arena and returns it.
func (s *Solver) newClause(lits []z.Lit, flags uint32, lbd int) cref {
	c := cref(len(s.arena))
	s.arena = append(s.arena, z.Lit(len(lits)), z.Lit(flags|uint32(lbd)<<lbdShift), 0)
	s.arena = append(s.arena, lits...)
	return c
}

// lits returns c's literals, in the arena (writable).
func (s *Solver) lits(c cref) []z.Lit {
	n := cref(s.arena[c])
	return s.arena[c+hdrSize : c+hdrSize+n]
}

func (s *Solver) is(c cref, flag uint32) bool { return uint32(s.arena[c+1])&flag != 0 }

func (s *Solver) setFlag(c cref, flag uint32) { s.arena[c+1] |= z.Lit(flag) }

func (s *Solver) lbdOf(c cref) uint32 { return uint32(s.arena[c+1]) >> lbdShift }

func (s *Solver) act(c cref) float32 { return math.Float32frombits(uint32(s.arena[c+2])) }

func (s *Solver) setAct(c cref, a float32) { s.arena[c+2] = z.Lit(math.Float32bits(a)) }

// size is the arena's room for c.
func (s *Solver) size(c cref) int { return hdrSize + int(s.arena[c]) }

// attach watches c's first two literals.
func (s *Solver) attach(c cref) {
	lits := s.lits(c)
	a, b := lits[0], lits[1]
	ref := c
	if len(lits) == 2 {
		ref |= binRef
	}
	s.watches[a] = append(s.watches[a], watcher{ref: ref, blocker: b})
	s.watches[b] = append(s.watches[b], watcher{ref: ref, blocker: a})
}

// detach deletes c: a binary clause leaves its watch lists now, a long
// one when propagate next meets it.
func (s *Solver) detach(c cref) {
	s.setFlag(c, flagDeleted)
	s.wasted += s.size(c)
	lits := s.lits(c)
	if len(lits) != 2 {
		return
	}
	for _, m := range lits {
		ws := s.watches[m]
		for i, w := range ws {
			if w.ref == c|binRef {
				ws[i] = ws[len(ws)-1]
				s.watches[m] = ws[:len(ws)-1]
				break
			}
		}
	}
}

// compactDue reports whether more than half of the arena is deleted
// clauses.
func (s *Solver) compactDue() bool { return s.wasted > len(s.arena)/2 }

// compact copies the live clauses to a new arena, at level 0. The
// reasons of level-0 facts are dropped: no analysis reads them.
func (s *Solver) compact() {
	old := s.arena
	s.arena = make([]z.Lit, 1, len(old)-s.wasted+1)
	moved := func(c cref) cref {
		if uint32(old[c+1])&flagDeleted != 0 {
			return 0
		}
		if uint32(old[c+1])&flagMoved != 0 {
			return cref(old[c+2])
		}
		n := cref(old[c])
		d := cref(len(s.arena))
		s.arena = append(s.arena, old[c:c+hdrSize+n]...)
		old[c+1] |= flagMoved
		old[c+2] = z.Lit(d)
		return d
	}
	for m, ws := range s.watches {
		j := 0
		for _, w := range ws {
			if d := moved(w.ref &^ binRef); d != 0 {
				ws[j] = watcher{ref: d | w.ref&binRef, blocker: w.blocker}
				j++
			}
		}
		s.watches[m] = ws[:j]
	}
	for i, c := range s.learnts {
		s.learnts[i] = moved(c)
	}
	for i := range s.reason {
		s.reason[i] = 0
	}
	s.wasted = 0
}

// flagMoved marks, during compact, a clause of the old arena whose
// activity word holds its new offset.
const flagMoved = 8

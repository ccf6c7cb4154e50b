package explicit

// Sections remembered: the successors of a thread's section, by what
// the section reads.
//
// A move of thread t from a stored state runs t's section to its end
// (section.go) and stores where it ends. What the section does depends
// only on t's place, atomic flag and locals and on the globals: no other
// thread moves inside it, and a step reads nothing else (a broadcast,
// which reads and writes other threads, or a call, whose section can
// grow the stack, turn the memo off). The other threads' places and
// locals only come along. So the ends of a section run from a key are
// the ends of every run from that key, in the same order, and the
// search stores them without running the section again: the state with
// t's part and the globals of each end in place of the head's.
//
// Getafix's SafeStack programs, whose three threads each carry their
// own locals, are where it pays: old/…_goto at --rounds 3 ran 5 million
// sections from 132,631 keys, a key 38 times on average.
//
// A run is remembered only when nothing else happened in it: no bug
// (a bug is found by running, so its trace is rebuilt the usual way),
// no thread started (or its start suppressed by the thread bound, which
// depends on the threads there are) or ended, no limit or choice the
// engine declined.
// The bound's count (search.counted) is the mover's, not the section's.
// The memo stops taking keys past memoMaxBytes; the ones it has serve
// on. Where keys seldom come back it costs without paying: deepcount
// d14-bug (one thread counting in its globals: every key new) went 1.81
// s to 2.43 s, and the filter lock of five threads (1.1 to 3.9 runs
// served a key) 0.80 s to 1.42 s. So a search drops it when, at a count
// of keys that is a power of two from memoTrial on, it has served fewer
// than memoPays runs a key. Where it paid, the ratio was above 6 at
// 8192 keys and grew: Getafix's goto at --rounds 3 14 to 29,
// twoforloop 8 to 17, scaled-0525 6 to 23.

import "encoding/binary"

// memoMaxBytes is the most the remembered sections take.
const memoMaxBytes = 256 << 20

// memoTrial is the count of keys at which the memo is first judged,
// and memoPays the runs a key must have served by then.
const (
	memoTrial = 8192
	memoPays  = 4
)

// sectionEnd is where a remembered section left its thread and the
// globals.
type sectionEnd struct {
	pc      int32
	atomic  bool
	locals  []val
	globals []val
}

// sectionMemo holds the remembered sections by key (memoKey).
type sectionMemo struct {
	ends  map[string][]sectionEnd
	bytes int64
	hits  int    // runs not made
	keys  int    // runs remembered
	key   []byte // scratch
}

func newSectionMemo() *sectionMemo {
	return &sectionMemo{ends: map[string][]sectionEnd{}}
}

// memoKey is the key of thread ti's section from s: its proc, place,
// atomic flag and locals, and the globals, in three values. Of the
// locals only those live at the place where the store keeps only those
// (live, not nil): the others are X in every state decoded from it.
func (sm *sectionMemo) memoKey(s *state, ti int, live [][][]int32) []byte {
	t := &s.threads[ti]
	k := sm.key[:0]
	k = binary.AppendUvarint(k, uint64(t.proc))
	k = binary.AppendUvarint(k, uint64(t.pc)<<1|uint64(boolByte(t.atomic)))
	if live != nil {
		k = appendPackedAt(k, t.locals, live[t.proc][t.pc])
	} else {
		k = appendPacked(k, t.locals)
	}
	k = appendPacked(k, s.globals)
	sm.key = k
	return k
}

// recording is a run of a section being remembered: the thread that
// moves, how many threads there are, and the ends so far; bad when the
// run is not to be remembered.
type recording struct {
	thread     int
	threads    int
	ends       []sectionEnd
	bad        bool
	violations int // the search's count when the run began
}

// arrived notes the end n of a recorded run.
func (r *recording) arrived(n *state) {
	if r.bad {
		return
	}
	if len(n.threads) != r.threads {
		r.bad = true // a thread ended
		return
	}
	t := &n.threads[r.thread]
	r.ends = append(r.ends, sectionEnd{pc: t.pc, atomic: t.atomic,
		locals: append([]val(nil), t.locals...), globals: append([]val(nil), n.globals...)})
}

// moveMemo is move for thread ti of s, the head of m, through the memo:
// the ends remembered for its key stored again, or the section run and
// its ends remembered.
func (e *search) moveMemo(m *mover, s *state, ti int) {
	// The bound is the mover's: a step it cuts ends the run before
	// anything is remembered.
	last, switches, round, ok := e.counted(s, s.threads[ti].id)
	if !ok {
		return
	}
	key := e.memo.memoKey(s, ti, e.states.live)
	ends, ok := e.memo.ends[string(key)]
	if !ok {
		r := &recording{thread: ti, threads: len(s.threads), violations: e.violations}
		m.rec = r
		e.move(m, s, ti)
		m.rec = nil
		if r.bad || e.failure != nil || e.violations != r.violations || e.memo.bytes > memoMaxBytes {
			return
		}
		e.memo.ends[string(key)] = r.ends
		e.memo.bytes += int64(len(key)) + 64
		for _, end := range r.ends {
			e.memo.bytes += int64(len(end.locals)+len(end.globals)) + 64
		}
		if e.memo.keys++; e.memo.keys >= memoTrial && e.memo.keys&(e.memo.keys-1) == 0 && e.memo.hits < memoPays*e.memo.keys {
			e.memo = nil // keys seldom come back
		}
		return
	}
	if e.stopped(m) {
		return
	}
	e.memo.hits++
	for _, end := range ends {
		n := s.cloneFor(ti, e.arena)
		t := &n.threads[ti]
		t.pc, t.atomic = end.pc, end.atomic
		copy(t.locals, end.locals)
		copy(n.globals, end.globals)
		n.last, n.switches, n.round = last, switches, round
		if i, fresh := e.add(n, m.head); !fresh && i <= m.head {
			m.revisit = true
		}
	}
}

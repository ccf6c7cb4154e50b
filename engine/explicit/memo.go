package explicit

// Sections remembered: the successors of a thread's section, by what
// the section reads.
//
// A move of thread t from a stored state runs t's section to its end
// (section.go) and stores where it ends. What the section does depends
// only on t's place, atomic flag and locals and on the globals its steps
// touch (read or write, the steps' static accesses, and the globals
// that decide which yields a run passes, yieldPass.conds): no other
// thread moves inside it, and a step reads nothing else (a broadcast,
// which reads and writes other threads, or a call, whose section can
// grow the stack, turn the memo off). The other threads' places and
// locals, and the globals no step of the run touched, only come along.
// So a run from another state that agrees on t's part and on the
// touched globals takes the same steps (each reads only what agrees),
// touches the same globals and ends where the first did, in the same
// order, with every other global as it was: the search stores those
// ends without running the section again, the state with t's part and
// the touched globals of each end in place of the head's.
//
// A place key (t's proc, place, atomic flag and live locals) keeps the
// runs remembered from it by shape, the set of globals a run touched
// (runs from one place can take different branches and touch different
// globals), and each shape its runs by the values of those globals.
// Keyed by every global, as it first was, old/…_goto at --rounds 3
// remembered (so ran) 89,773 sections and served 2.7 million runs from
// them; keyed by the touched ones, 1,423 (twoforloop, unbounded: 101,849
// to 2,021; scaled-0525 16,591 to 2,693), in 0.2 MB instead of 16 MB.
//
// Getafix's SafeStack programs, whose three threads each carry their
// own locals, are where it pays most.
//
// A run is remembered only when nothing else happened in it: no bug
// (a bug is found by running, so its trace is rebuilt the usual way),
// no thread started (or its start suppressed by the thread bound, which
// depends on the threads there are), no limit or choice the engine
// declined. A run may end its thread: an end then says so. (Runs with
// such an end were a quarter of goto's at --rounds 3, 921,480 of them,
// all run again before.)
// The bound's count (search.counted) is the mover's, not the section's.
// The memo stops taking keys past memoMaxBytes; the ones it has serve
// on. Where keys seldom come back it costs without paying: deepcount
// d14-bug (one thread counting in its globals: every key new) went 1.81
// s to 2.43 s, and the filter lock of five threads (1.1 to 3.9 runs
// served a key) 0.80 s to 1.42 s. So a search drops it when, at a count
// of keys that is a power of two from memoTrial on, it has served fewer
// than memoPays runs a key. Where it paid (keyed by every global), the
// ratio was above 6 at 8192 keys and grew: Getafix's goto at --rounds 3
// 14 to 29, twoforloop 8 to 17, scaled-0525 6 to 23.

// Tried on the replays and dropped, 2026-11-29, as neither paid on goto
// at --rounds 3 (explicit alone, alternating runs): every end's thread
// sharing one array of locals instead of a copy (4.27, 4.29, 4.86 s
// against 4.40, 4.79, 4.53 s), and the store reusing the head's parts
// of the threads that did not move instead of coding them again (3.78 to
// 4.46 s against 3.90 to 4.73 s).

import (
	"encoding/binary"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// memoMaxBytes is the most the remembered sections take.
const memoMaxBytes = 256 << 20

// memoTrial is the count of keys at which the memo is first judged,
// and memoPays the runs a key must have served by then.
const (
	memoTrial = 8192
	memoPays  = 4
)

// memoMaxShapes is the most shapes a place key keeps: a lookup tries
// each in turn.
const memoMaxShapes = 8

// sectionEnd is where a remembered section left its thread and the
// globals its run touched (in the order of its shape's touched; every
// global while the run is recorded).
// Where the store keeps only the locals live at a place
// (recording.live not nil), locals holds only those, in the order of
// live[proc][pc]: the others are X in every state decoded from the
// record, whatever the thread held.
type sectionEnd struct {
	pc      int32
	atomic  bool
	ended   bool // the thread ended (it has no place nor locals)
	locals  []val
	globals []val
}

// memoShape is the runs remembered from a place key that touched the
// globals touched (ascending), by the packed values of those globals
// in the state they ran from.
type memoShape struct {
	touched []int32
	ends    map[string][]sectionEnd
}

// sectionMemo holds the remembered sections by place key (placeKey).
type sectionMemo struct {
	shapes map[string][]*memoShape
	// touches[proc][pc] are the globals the step there reads or writes,
	// with the yields' conds.
	touches [][][]int32
	bytes   int64
	hits    int    // runs not made
	keys    int    // runs remembered
	key     []byte // scratch
	vals    []byte // scratch
}

func newSectionMemo(prog *bp.Program, an *analysis) *sectionMemo {
	var conds []int32
	if an.passYield != nil {
		conds = an.passYield.conds
	}
	touches := make([][][]int32, len(prog.Procs))
	for pi := range prog.Procs {
		steps := prog.Procs[pi].Steps
		touches[pi] = make([][]int32, len(steps))
		for pc := range steps {
			g := slices.Clone(conds)
			steps[pc].Reads(func(r bp.VarRef) {
				if r.Scope == bp.Global {
					g = append(g, int32(r.Index))
				}
			})
			for _, r := range steps[pc].Targets {
				if r.Scope == bp.Global {
					g = append(g, int32(r.Index))
				}
			}
			slices.Sort(g)
			touches[pi][pc] = slices.Compact(g)
		}
	}
	return &sectionMemo{shapes: map[string][]*memoShape{}, touches: touches}
}

// placeKey is the key of thread ti's section from s: its proc, place,
// atomic flag and locals, in three values. Of the locals only those
// live at the place where the store keeps only those (live, not nil):
// the others are X in every state decoded from it.
func (sm *sectionMemo) placeKey(s *state, ti int, live [][][]int32) []byte {
	t := &s.threads[ti]
	k := sm.key[:0]
	k = binary.AppendUvarint(k, uint64(t.proc))
	k = binary.AppendUvarint(k, uint64(t.pc)<<1|uint64(boolByte(t.atomic)))
	if live != nil {
		k = appendPackedAt(k, t.locals, live[t.proc][t.pc])
	} else {
		k = appendPacked(k, t.locals)
	}
	sm.key = k
	return k
}

// lookup returns the shape and the ends remembered for a run from
// globals g under place key, if any.
func (sm *sectionMemo) lookup(key []byte, g []val) (*memoShape, []sectionEnd, bool) {
	for _, sh := range sm.shapes[string(key)] {
		sm.vals = appendPackedAt(sm.vals[:0], g, sh.touched)
		if ends, ok := sh.ends[string(sm.vals)]; ok {
			return sh, ends, true
		}
	}
	return nil, nil, false
}

// remember keeps the ends of r, a run from globals g under place key.
func (sm *sectionMemo) remember(key []byte, g []val, r *recording) {
	var touched []int32
	for i, t := range r.touched {
		if t {
			touched = append(touched, int32(i))
		}
	}
	shapes := sm.shapes[string(key)]
	i := slices.IndexFunc(shapes, func(sh *memoShape) bool { return slices.Equal(sh.touched, touched) })
	if i < 0 {
		if len(shapes) == memoMaxShapes {
			return
		}
		i = len(shapes)
		shapes = append(shapes, &memoShape{touched: touched, ends: map[string][]sectionEnd{}})
		sm.shapes[string(key)] = shapes
		sm.bytes += int64(len(key)+4*len(touched)) + 64
	}
	for k := range r.ends {
		end := &r.ends[k]
		vals := make([]val, len(touched))
		for j, gi := range touched {
			vals[j] = end.globals[gi]
		}
		end.globals = vals
		sm.bytes += int64(len(end.locals)+len(vals)) + 64
	}
	vk := appendPackedAt(nil, g, touched)
	shapes[i].ends[string(vk)] = r.ends
	sm.bytes += int64(len(vk)) + 64
	sm.keys++
}

// recording is a run of a section being remembered: the thread that
// moves, how many threads there are, the globals its steps touched, and
// the ends so far; bad when the run is not to be remembered.
type recording struct {
	thread     int
	id         int32 // the thread's
	threads    int
	live       [][][]int32 // the store's live locals (stateStore.live), or nil
	touched    []bool
	ends       []sectionEnd
	bad        bool
	violations int // the search's count when the run began
}

// touch notes the globals of the step of proc at pc, which the run
// takes.
func (r *recording) touch(sm *sectionMemo, proc, pc int32) {
	for _, g := range sm.touches[proc][pc] {
		r.touched[g] = true
	}
}

// arrived notes the end n of a recorded run.
func (r *recording) arrived(n *state) {
	if r.bad {
		return
	}
	switch {
	case len(n.threads) == r.threads-1 && !slices.ContainsFunc(n.threads, func(t thread) bool { return t.id == r.id }):
		// The thread ended (no other moves in a run).
		r.ends = append(r.ends, sectionEnd{ended: true, globals: append([]val(nil), n.globals...)})
		return
	case len(n.threads) != r.threads:
		r.bad = true
		return
	}
	t := &n.threads[r.thread]
	var locals []val
	if r.live != nil {
		at := r.live[t.proc][t.pc]
		locals = make([]val, len(at))
		for k, i := range at {
			locals[k] = t.locals[i]
		}
	} else {
		locals = append([]val(nil), t.locals...)
	}
	r.ends = append(r.ends, sectionEnd{pc: t.pc, atomic: t.atomic,
		locals: locals, globals: append([]val(nil), n.globals...)})
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
	key := e.memo.placeKey(s, ti, e.states.live)
	sh, ends, ok := e.memo.lookup(key, s.globals)
	if !ok {
		r := &recording{thread: ti, id: s.threads[ti].id, threads: len(s.threads), live: e.states.live,
			touched: make([]bool, len(s.globals)), violations: e.violations}
		m.rec = r
		e.move(m, s, ti)
		m.rec = nil
		if r.bad || e.failure != nil || e.violations != r.violations || e.memo.bytes > memoMaxBytes {
			return
		}
		e.memo.remember(key, s.globals, r) // key still holds: a run codes no place key
		if e.memo.keys >= memoTrial && e.memo.keys&(e.memo.keys-1) == 0 && e.memo.hits < memoPays*e.memo.keys {
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
		if end.ended {
			n.threads = append(n.threads[:ti], n.threads[ti+1:]...)
		} else {
			t := &n.threads[ti]
			t.pc, t.atomic = end.pc, end.atomic
			if live := e.states.live; live != nil {
				for k, i := range live[t.proc][t.pc] {
					t.locals[i] = end.locals[k]
				}
			} else {
				copy(t.locals, end.locals)
			}
		}
		for k, g := range sh.touched {
			n.globals[g] = end.globals[k]
		}
		n.last, n.switches, n.round = last, switches, round
		if i, fresh := e.add(n, m.head); !fresh && i <= m.head {
			m.revisit = true
		}
	}
}

package explicit

import "bytes"

// Under a bound on rounds (Options.Rounds) a state's standing is the
// round so far and where the thread that ran last stands among its
// threads; under a bound on context switches (Options.Contexts), the
// switches so far (the thread that ran last stays in the key: with
// another last thread, the same switches are not comparable). The store
// keys a state without its standing, and keeps for each node the best
// standing it was reached with; a search expands its states best
// standing first (standingQueue), so it passes the bounds 1, 2, … in
// order and tells Options.BoundDone of each.
//
// With fewer switches and the same last thread a state's future steps
// are the switches they are from the other, with more left to spend: it
// subsumes the other. The rest of this comment is about rounds.
//
// Why a better standing subsumes a worse one. Order standings by round,
// then by the id of the thread that ran last, none counting as after
// every thread. Take one state reached with standings a better than b.
// A counted step by thread id makes the last thread id under both, and
// starts a new round where id is before the last thread. If a's round is
// lower, a's new round is at most b's old one; if the rounds are equal,
// a's last thread is no later than b's, so the step starts a new round
// from a only if it does from b. Either way a's successor has a standing
// no worse than b's successor, and a step that b's bound allows a's
// allows too: every execution within the bound from b is one from a.
// Steps that do not count (Getafix's init) change neither. So a node is
// expanded with its best standing, and expanded again when it improves.
//
// Why best first. A step never makes a standing better (the new last
// thread is no earlier unless the round grows), so when a node is taken
// with the best standing still queued, no later step improves it, and
// it is expanded once. The exception is Getafix's init ending while
// other threads have run: its place is gone, and the places after it
// move down; the queue then goes back (standingQueue.push), and a node
// improved after its expansion is expanded again, which is correct in
// any order. Measured on Getafix's old/SafeStack_seqcst_forCSEQ_goto
// (--engine explicit --rounds K, one search, side by side): K = 2
// 583,830 states to 392,528 (1.61 s to 1.04 s), K = 3 3,723,710 to
// 1,937,210 (11.6 s to 6.5 s, 394 to 216 MB), K = 4 (a bug) 8,480,971
// to 3,473,192 (29.3 s to 12.6 s, 630 to 214 MB).
//
// Tried and dropped (2026-11-29): retiring the threads that can no
// longer run under the bound (in the last round those before the thread
// that ran last, with the switches spent all but that thread), their
// locals stored X so that states differing only there are one. The
// record then depends on the standing, which the key leaves out: a
// state reached in round K-1 and again in round K is two nodes, and so
// is one reached in round K after two different threads. On goto the
// states grew: K = 2 368,922 to 384,194, K = 3 1,544,682 to 1,811,372
// (5.8 s to 7.0 s), K = 4 1,820,210 to 2,045,974. Kept in round K only,
// with a state looked up as it was before retiring too: retire.go.
//
// Tried and dropped (2026-11-29), on goto at --rounds 4, where the bug
// is in round 4 and found only after rounds 1 to 3 are done: expanding
// the states of the last round as soon as they are stored, newest first
// (1,965,702 states against 1,738,897; 6.4 and 5.7 s against 5.2 s), and
// expanding every state newest first, re-expanding improved ones (15.3
// s against 5.2 s): neither finds the bug sooner.
//
// A node's parent is the node that gave it its best standing: along a
// trace each step keeps to the bound (a parent's standing only gets
// better after it), and the path has no cycle (a strict improvement
// cannot come from a node the improved one leads to).

// roundsLast codes where the thread that ran last stands among s's
// threads (in creation order, that is by id) for Options.Rounds: 0 if
// none has run, else i+1 where thread i is the first whose id is not
// below the last one's (len(s.threads) if none). That is all the bound
// reads of it: a thread before i starts a new round when it runs, one
// from i on runs in this round. It is the same for the last thread
// alive at i and for one that ended just before i, and a thread started
// later has a larger id than any thread so far, ended or not
// (state.nextID).
func roundsLast(s *state) int {
	if s.last < 0 {
		return 0
	}
	for i := range s.threads {
		if s.threads[i].id >= s.last {
			return i + 1
		}
	}
	return len(s.threads) + 1
}

// roundsLastID is an id that the bound reads as the last thread of code
// (roundsLast) in s: thread i's own, or above every id so far.
func roundsLastID(s *state, code int) int32 {
	switch i := code - 1; {
	case code == 0:
		return -1
	case i < len(s.threads):
		return s.threads[i].id
	}
	return s.nextID
}

// standingOf packs s's standing so that a smaller one is a better one:
// under Options.Rounds its round, then roundsLast (no thread has run
// only in round 0, where every standing has that code); under
// Options.Contexts its switches.
func (st *stateStore) standingOf(s *state) uint32 {
	if st.contexts {
		return uint32(s.switches) << 16
	}
	return uint32(s.round)<<16 | uint32(roundsLast(s))
}

// roundOf is node n's round and last thread (roundsLastID) in s, its
// decoded state, under Options.Rounds.
func (st *stateStore) roundOf(n int32, s *state) (round, last int32) {
	v := st.standing[n]
	return int32(v >> 16), roundsLastID(s, int(v&0xffff))
}

// improve records that node n was reached as s: it reports whether s's
// standing is better than n's, which it then becomes, and s's record
// n's. The key is the same, but the rest may not be: the threads' ids
// (the key tells neither threads of one code in other places apart, nor
// ids renamed in the same order), and a trace rebuilds each node from
// its parent, now s's, by the record whole (rebuildStep). With the old
// ids it found none and panicked (a generated program with threads
// started in loops, --contexts 3, three threads). A node improves
// before its expansion (best first, above), so no child has the old
// ids; the exception, Getafix's init ending, starts its threads once,
// each of its own proc, and their ids do not change.
func (st *stateStore) improve(n int32, s *state) bool {
	v := st.standingOf(s)
	if v >= st.standing[n] {
		return false
	}
	if st.retires(s) {
		panic("explicit: a state with retired threads improves a node") // retire.go says why it cannot
	}
	st.standing[n] = v
	st.rec = st.appendRecord(st.rec[:0], s)
	if old := st.record(n); len(old) < len(st.rec) || !bytes.Equal(old[:len(st.rec)], st.rec) {
		st.at[n] = st.place(st.rec)
	}
	return true
}

// standingQueue holds the nodes still to expand, by standing:
// buckets[r][c] those of level r (the round, or the switches) and last
// thread code c (0 under Options.Contexts), each bucket from next[r][c]
// on. A node is queued when stored or improved; a queued entry whose
// node has since improved is stale and skipped.
type standingQueue struct {
	buckets [][][]int32
	next    [][]int
	r, c    int // no bucket before (r, c) holds an entry
}

// push queues node n of standing v.
func (q *standingQueue) push(n int32, v uint32) {
	r, c := int(v>>16), int(v&0xffff)
	for len(q.buckets) <= r {
		q.buckets, q.next = append(q.buckets, nil), append(q.next, nil)
	}
	for len(q.buckets[r]) <= c {
		q.buckets[r], q.next[r] = append(q.buckets[r], nil), append(q.next[r], 0)
	}
	q.buckets[r][c] = append(q.buckets[r][c], n)
	if r < q.r || r == q.r && c < q.c {
		q.r, q.c = r, c
	}
}

// pop takes the next node of the best standing queued, skipping stale
// entries, and reports false when none is left.
func (q *standingQueue) pop(st *stateStore) (int32, bool) {
	for q.r < len(q.buckets) {
		for q.c < len(q.buckets[q.r]) {
			b := q.buckets[q.r][q.c]
			for i := q.next[q.r][q.c]; i < len(b); i++ {
				if n := b[i]; st.standing[n] == uint32(q.r)<<16|uint32(q.c) {
					q.next[q.r][q.c] = i + 1
					return n, true
				}
			}
			q.buckets[q.r][q.c], q.next[q.r][q.c] = nil, 0 // spent: its memory goes
			q.c++
		}
		q.r, q.c = q.r+1, 0
	}
	return 0, false
}

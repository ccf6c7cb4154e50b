package explicit

// Retired threads. Under a bound of K rounds (Options.Rounds), a state in
// round K runs its threads from the one that ran last on, and no other:
// a step of a thread before it would start round K+1. Such a thread is
// retired: it never moves again, and its place and locals can no longer
// change what the other threads do. The store keys a retired thread by a
// flag alone (retiredPart, stateStore.assemble): neither its locals nor its place
// are in the key, and the record keeps them after the key, for the
// search to decode. States in round K that differ only there are one
// node, kept as the first of them reached. On Getafix's old/…_goto at
// --rounds 3 the search stores 837,377 states instead of 1,524,143, in
// 3.1 to 3.5 s instead of 4.4 to 4.5 s (explicit engine alone, one after
// the other); keeping the retired threads' places in the key, it stored
// 1,418,602 and took longer than without retiring.
//
// Why only in round K, and why a state is first looked up unretired
// (stateStore.add). The retired threads depend on the standing, which
// the key leaves out: a state of round K-1 reached again in round K would
// otherwise be stored a second time, retired. Tried that way (2026-11-29,
// see standing.go) the states of Getafix's old/…_goto at --rounds 3 grew
// from 1,544,682 to 1,811,372. Looked up unretired first, it is the node
// it was; only a state new in round K is stored retired. Of the states
// reached that retire threads, most are found so: on goto at 3 rounds
// 524,740 of 1,045,867 (338,043 more by their retired key, 183,084 new),
// on 01/…_unrolled_underapprox_false at 4 rounds 997,532 of 1,339,532
// (244,536 and 97,464); so that lookup comes first, and both records
// share the threads' parts, coded once (codeParts).
//
// A retired state never improves a node (stateStore.improve): a stored
// node with the key s has unretired has no thread retired by its own
// standing, so its last thread is no later than s's first retired one
// and its standing is better than s's; a node with s's retired key
// retires the same threads, so its last thread stands where s's does,
// in the same round K. But a retired node may be reached again, before
// its expansion, with a better standing that retires no thread (the
// search stores the states of round K while it expands those of round
// K-1): that state is another node, and the retired one, superseded, is
// not expanded (stateStore.superseded), as the search without retiring
// would have improved its node. Its expansion would take a subset of the
// other's steps, from states that differ only in retired threads, which
// never move again; and it would cut steps of threads that the other
// runs (roundHit). (Reached again with a better standing that retires
// fewer threads, it is expanded beside the better node: a subset of its
// steps again, and both cut a step.)
//
// Under a bound of K context switches (Options.Contexts) likewise: after
// K switches only the thread that ran last may move, and every other is
// retired (every one, when the thread that ran last has ended). The key
// holds the threads sorted there (they are symmetric), so the retired
// ones sort together; the rest of the record keeps their parts in their
// order, as it keeps their ids. The same arguments hold with the
// switches for the round.
//
// Not with broadcasts, which read and write the locals of passive
// threads, nor with calls, whose frames a retired thread's record would
// have to keep (newSearch).
//
// Why the record keeps a retired thread's locals, which the key does not:
// the search decodes and expands each stored state as it was reached, so
// that every state it reaches is one the search without retiring reaches
// too. With the locals X (tried first), a successor of a retired state
// was no longer the state stored in an earlier round (its retired
// thread's locals were X there, not the values), so it was stored again;
// and expanding it, the search cut a step of a retired thread that the
// search without retiring never tried, and said "no bug within K rounds"
// where that one proved SAFE (TestRetiringKeepsVerdicts, tiny seed 17).
// As it is, a retired state's expansion cuts the steps of its retired
// threads, as the search without retiring does; and a state merged into
// another by its retired key, which that search would have expanded and
// cut a step of, counts as a cut too (mergedCut).

// retireAt makes the store retire threads at k, the bound: in round k
// under a bound on rounds, with thread 0 never retiring if initOutside
// (Getafix's init, whose steps are outside the rounds); after k switches
// under a bound on context switches.
func (st *stateStore) retireAt(k int, initOutside bool) {
	st.retireLevel, st.initOutside = int32(k), initOutside
}

// atLastLevel reports whether s is at the level where threads retire.
func (st *stateStore) atLastLevel(s *state) bool {
	switch {
	case st.retireLevel == 0:
		return false
	case st.contexts:
		return s.switches == st.retireLevel && s.last != -1
	}
	return s.round == st.retireLevel
}

// retired reports whether thread t of s is retired: at the last level,
// under a bound on context switches every thread but the one that ran
// last (a step of another is a switch), under a bound on rounds those
// before it.
func (st *stateStore) retired(s *state, t *thread) bool {
	switch {
	case !st.atLastLevel(s):
		return false
	case st.contexts:
		return t.id != s.last
	}
	return t.id < s.last && (t.id != 0 || !st.initOutside)
}

// retires reports whether s has a retired thread.
func (st *stateStore) retires(s *state) bool {
	if !st.atLastLevel(s) {
		return false
	}
	for i := range s.threads {
		if st.retired(s, &s.threads[i]) {
			return true
		}
	}
	return false
}

// retiredProc is the proc of a retired thread decoded from its key part,
// until decodeRetired reads its place from the record's rest.
const retiredProc = -1

// decodeRetired gives each retired thread of s, decoded from its record
// but for rest (what stateStore.assemble wrote), its place and locals,
// appended to vals.
func (st *stateStore) decodeRetired(rest []byte, s *state, vals []val) []val {
	for i := range s.threads {
		t := &s.threads[i]
		if t.proc != retiredProc {
			continue
		}
		var part thread
		part, vals, rest = st.decodeThread(rest, vals)
		t.proc, t.pc, t.locals = part.proc, part.pc, part.locals
	}
	return vals
}

// superseded reports whether s, a stored state, retires threads and the
// store also holds it as a node that retires none (with a better
// standing): its expansion is the other's.
func (st *stateStore) superseded(s *state) bool {
	if !st.retires(s) {
		return false
	}
	st.whole = st.appendRecordRetiring(st.whole[:0], s, false)
	_, ok := st.find(recordKey(st.whole))
	return ok
}

// mergedCut notes the step the search without retiring would have cut
// from a state that this search merged into another by its key with
// threads retired (search.merged): unless the state was reached again
// and stored with a better standing, that search would expand it at the
// last level and cut a retired thread's step (they are retired because
// any step of theirs exceeds the bound). The node it merged into may
// cut none: its own retired threads may be elsewhere, or it may be
// superseded. Without this a search that cut no step of its own said
// SAFE where the search without retiring said "no bug within K"
// (TestRetiringKeepsVerdicts, tiny seed 23 at --contexts 3, once
// threads ended at once: ends.go), and a bug past that cut step would
// have been missed.
//
// The keys are kept only until the search cuts a step anyway, which an
// expansion at the last level soon does, and at most mergedMaxBytes of
// them: past that the search takes the cut as made, which may say "no
// bug within K" where the search without retiring says SAFE, never the
// other way.
func (e *search) mergedCut() {
	if e.contextHit || e.roundHit {
		return
	}
	for _, k := range e.merged {
		if _, ok := e.states.find([]byte(k)); !ok {
			e.boundCut()
			return
		}
	}
}

// mergedMaxBytes bounds the keys search.merged holds.
const mergedMaxBytes = 16 << 20

// noteMerged keeps key, of a state merged by its retired key, for
// mergedCut; past mergedMaxBytes it takes the cut as made.
func (e *search) noteMerged(key []byte) {
	if e.mergedBytes += len(key); e.mergedBytes > mergedMaxBytes {
		e.boundCut()
		e.merged = nil
		return
	}
	e.merged = append(e.merged, string(key))
}

// boundCut notes a step cut by the bound on rounds or context switches
// that retires threads.
func (e *search) boundCut() {
	if e.opts.Rounds > 0 {
		e.roundHit = true
	} else {
		e.contextHit = true
	}
}

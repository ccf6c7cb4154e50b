package explicit

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// stateStore holds the search's states packed into byte records, in
// chunks, with an open-addressing index over their canonical keys. Nothing in it holds
// a pointer, so the garbage collector never scans the millions of states
// a search keeps: with a state as Go slices (globals, threads, locals) and
// a map from key strings, marking them took a large share of the search
// on the scaled-up random programs (benchmarks/README.md, "Stop 5").
//
// A record is
//
//	keyLen | key | nextID | n | n × (sorted index, id) | retired parts
//
// every number an unsigned varint; the last, under a bound on rounds or
// context switches, the parts of the threads the key holds as retired
// (retire.go). The key is the state up to thread
// identities (threads are symmetric): the globals, then each thread's
// part (proc<<1, pc<<1 | atomic, number of locals, locals, number of
// stacked frames, each frame's proc, pc, number of locals, locals) in
// sorted order. With liveness (stateStore.live) a part holds only the
// locals live at its pc: the search forgets the others (they are X), and
// in Getafix's SafeStack programs that is 5 of a thread's 322 slots.
// Likewise the globals are X where no thread has them live (dead): the
// filter lock of five threads stores 130,918 states instead of 418,334. The
// rest says which part each thread is, in creation order, and its
// identity, so that the state comes back exactly as stored. Under a
// bound on rounds the threads are not symmetric, and the key keeps them
// in creation order (stateStore.rounds). Threads of different procs that
// run the same code are symmetric too (symmetry.go): a part then holds
// its thread's class of places, class<<1 | atomic, for proc and pc, and
// each thread's entry of the rest its member of that class after its id.
type stateStore struct {
	globals int // number of globals
	// contexts: the key holds the rank of the thread that ran last, and
	// the switches so far are the node's standing (Options.Contexts).
	contexts bool
	// rounds: the threads are not symmetric, their order is the bound's
	// (Options.Rounds): the key holds them in creation order. The round
	// so far and where the thread that ran last stands among them are
	// not in the key but in standing (standing.go): a state reached
	// again with a better standing is the same node, improved.
	rounds bool
	// retireLevel, if not 0, is the bound on rounds or context
	// switches, at which a record holds the threads that can no longer
	// run as retired (retire.go); initOutside: thread 0 is Getafix's
	// init and never retires under a bound on rounds.
	retireLevel int32
	initOutside bool
	// mergedRetired: the last add found its state by its key with
	// threads retired, and st.whole holds its record without (retire.go,
	// search.merged).
	mergedRetired bool
	// standing[i] is node i's under Options.Rounds or Contexts; nil
	// without a bound.
	standing []uint32
	// live, if not nil, is liveIndices of the program: a record holds
	// only the locals of a thread's current frame live at its pc, and
	// the others come back X.
	live [][][]int32
	// dead, if not nil, is the complement of the program's
	// bp.GlobalLive (dead[proc][pc] nil where every global is live): a
	// record holds a global only if some thread has it live, and X
	// otherwise (forgetDead).
	dead [][]bp.Bits
	// places, if not nil, are the classes of places of symmetric code
	// (symmetry.go): a part holds its thread's class where it held the
	// proc and pc, and the rest of the record which member it is.
	places *placeClasses
	// classes are the places' classes for the state being coded.
	classes *nodeClasses
	chunks  [][]byte // the records, back to back in node order
	at      []uint64 // at[i]: where node i's record is, chunk<<32 | offset
	table   []uint64 // (hash tag << 32 | node+1), 0 when empty
	seed    maphash.Seed

	// Scratch space reused by every add: the record, and a state's
	// record without its threads retired (retire.go).
	rec   []byte
	whole []byte
	parts [][]byte // each thread's part, coded (codeParts)
	// keyParts are the parts as a key holds them, retired or not
	// (assemble); gCoded the globals as a record holds them.
	keyParts [][]byte
	gCoded   []val
	order    []int
	rank     []int
	key      []byte
	gDead    bp.Bits // the globals no thread has live (forgetDead)
	gVals    []val   // the globals as a record holds them (forgetDead)
	// Scratch space reused by every state: the threads decoded, and
	// the most locals a decoded state had (the values array's size).
	decoded    []thread
	localsHint int
}

// chunkSize is the size of a chunk of records: records go into fixed
// chunks rather than one growing slice, which copied every record each
// time it doubled (a tenth of the search's time on scaled-0525). The
// first chunks are smaller (firstChunk, doubling), so that a search of a
// few states does not clear 4 MiB: the many tiny searches of a thread
// bound loop or a test suite spent most of their time doing that.
const (
	chunkSize      = 1 << 22
	firstChunk     = 1 << 12
	chunkDoublings = 10 // firstChunk << chunkDoublings == chunkSize
)

func newStateStore(globals int) *stateStore {
	return &stateStore{globals: globals, table: make([]uint64, 1024), seed: maphash.MakeSeed()}
}

// bytes is the memory the store holds: its chunks, where and index.
func (st *stateStore) bytes() int64 {
	n := 8*int64(cap(st.at)+cap(st.table)) + 4*int64(cap(st.standing))
	for _, c := range st.chunks {
		n += int64(cap(c))
	}
	return n
}

// len is the number of stored states.
func (st *stateStore) len() int { return len(st.at) }

// add stores s unless a state with the same key is stored: it returns
// s's node index and true, or the stored one's and false. A state that
// retires threads (retire.go) is first looked up as it would be stored
// without retiring them: it may have been stored so in an earlier round.
func (st *stateStore) add(s *state) (int32, bool) {
	st.mergedRetired = false
	retires := st.retires(s)
	st.codeParts(s)
	if retires {
		st.whole = st.assemble(st.whole[:0], s, false)
		if n, ok := st.find(recordKey(st.whole)); ok {
			return n, false
		}
	}
	st.rec = st.assemble(st.rec[:0], s, retires)
	key := recordKey(st.rec)
	tag := st.tag(key)
	old, i, ok := st.findTagged(key, tag)
	if ok {
		st.mergedRetired = retires
		return old, false
	}
	n := int32(len(st.at))
	st.table[i] = tag<<32 | uint64(n+1)
	st.at = append(st.at, st.place(st.rec))
	if st.standing != nil {
		st.standing = append(st.standing, st.standingOf(s))
	}
	if 4*len(st.at) > 3*len(st.table) {
		st.grow()
	}
	return n, true
}

// tag is key's hash tag: the index's slot for key, and what its entry
// holds above the node (grow).
func (st *stateStore) tag(key []byte) uint64 { return maphash.Bytes(st.seed, key) >> 32 }

// find returns the node stored under key, if any.
func (st *stateStore) find(key []byte) (int32, bool) {
	n, _, ok := st.findTagged(key, st.tag(key))
	return n, ok
}

// findTagged is find with key's tag; when no node is stored under key,
// slot is the empty slot of the index where key goes (add).
func (st *stateStore) findTagged(key []byte, tag uint64) (n int32, slot uint64, ok bool) {
	mask := uint64(len(st.table) - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		e := st.table[i]
		if e == 0 {
			return 0, i, false
		}
		if e>>32 == tag {
			if old := int32(e&0xffffffff) - 1; bytes.Equal(recordKey(st.record(old)), key) {
				return old, i, true
			}
		}
	}
}

// chunkCap is the capacity of chunk n (from 0): firstChunk, doubling, up
// to chunkSize. Not firstChunk << n for every n: the shift overflows at
// the 52nd chunk (about 200 MiB of records), and each record then had a
// chunk of its own, which bytes walked every StoredEvery states: a search
// of 30 million states ran at a fifth of its first speed.
func chunkCap(n int) int {
	if n >= chunkDoublings {
		return chunkSize
	}
	return firstChunk << n
}

// place copies rec into the last chunk, or a new one, and returns where.
func (st *stateStore) place(rec []byte) uint64 {
	last := len(st.chunks) - 1
	if last < 0 || len(st.chunks[last])+len(rec) > cap(st.chunks[last]) {
		st.chunks = append(st.chunks, make([]byte, 0, max(chunkCap(len(st.chunks)), len(rec))))
		last++
	}
	off := len(st.chunks[last])
	st.chunks[last] = append(st.chunks[last], rec...)
	return uint64(last)<<32 | uint64(off)
}

// grow doubles the index and re-inserts every entry where its tag says.
// A slot is found from the tag (the hash's high half), not from the
// record, so that growing reads no record: re-hashing every record at
// each doubling took 4% of a search of Getafix's goto at --rounds 3,
// most of it waiting for memory. The tag then filters only by its bits
// above the index's, 10 of them at 4 million slots, which is plenty.
func (st *stateStore) grow() {
	old := st.table
	st.table = make([]uint64, 2*len(old))
	mask := uint64(len(st.table) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := e >> 32 & mask
		for st.table[i] != 0 {
			i = (i + 1) & mask
		}
		st.table[i] = e
	}
}

// record returns node n's record, and possibly the records after it.
func (st *stateStore) record(n int32) []byte {
	at := st.at[n]
	return st.chunks[at>>32][at&0xffffffff:]
}

// recordKey returns the key of a record.
func recordKey(rec []byte) []byte {
	n, w := binary.Uvarint(rec)
	return rec[w : w+int(n)]
}

// uvarint decodes the number at the start of p and returns it with the
// rest of p.
func uvarint(p []byte) (int, []byte) {
	n, w := binary.Uvarint(p)
	return int(n), p[w:]
}

// appendPart appends thread t's part of a key to p: its place (or its
// place's class), atomic flag, live locals and stack. A retired thread's
// part in a key is retiredPart instead, and this part goes after the key
// (assemble).
func (st *stateStore) appendPart(p []byte, t *thread) []byte {
	if st.places != nil {
		p = binary.AppendUvarint(p, uint64(st.classes.class[t.proc][t.pc])<<1|uint64(boolByte(t.atomic)))
	} else {
		p = binary.AppendUvarint(p, uint64(t.proc)<<1)
		p = binary.AppendUvarint(p, uint64(t.pc)<<1|uint64(boolByte(t.atomic)))
	}
	p = binary.AppendUvarint(p, uint64(len(t.locals)))
	if st.live != nil {
		p = appendPackedAt(p, t.locals, st.live[t.proc][t.pc])
	} else {
		p = appendPacked(p, t.locals)
	}
	p = binary.AppendUvarint(p, uint64(len(t.stack)))
	for _, f := range t.stack {
		p = binary.AppendUvarint(p, uint64(f.proc))
		p = binary.AppendUvarint(p, uint64(f.pc))
		p = binary.AppendUvarint(p, uint64(len(f.locals)))
		p = appendPacked(p, f.locals)
	}
	return p
}

// appendRecord appends s's record to buf, with the threads it retires
// retired (retire.go).
func (st *stateStore) appendRecord(buf []byte, s *state) []byte {
	return st.appendRecordRetiring(buf, s, st.retires(s))
}

// appendRecordRetiring is appendRecord, with s's retired threads retired
// only if retire.
func (st *stateStore) appendRecordRetiring(buf []byte, s *state, retire bool) []byte {
	st.codeParts(s)
	return st.assemble(buf, s, retire)
}

// codeParts codes s's globals as a record holds them (st.gCoded) and
// each thread's part (st.parts), none of them retired: the two records
// of a state that retires threads (stateStore.add) share them.
func (st *stateStore) codeParts(s *state) {
	st.gCoded = s.globals
	if st.dead != nil {
		st.gCoded = st.forgetDead(s)
	}
	if st.places != nil {
		st.classes = st.places.of(st.gCoded)
	}
	st.parts = st.parts[:0]
	for i := range s.threads {
		var p []byte
		if i < cap(st.parts) {
			p = st.parts[:i+1][i][:0] // the buffer of an earlier add's part i
		}
		st.parts = append(st.parts, st.appendPart(p, &s.threads[i]))
	}
}

// retiredPart is the key's part of a retired thread, by its atomic flag
// (retire.go): an odd varint, where every other part starts with an even
// one, proc<<1 (appendPart; threads retire only under a bound, where
// the store keys no classes of places).
var retiredPart = [2][]byte{{1}, {3}}

// assemble appends s's record to buf from the globals and parts that
// codeParts coded, with s's retired threads retired if retire.
func (st *stateStore) assemble(buf []byte, s *state, retire bool) []byte {
	n := len(s.threads)
	st.keyParts = st.keyParts[:0]
	st.order = st.order[:0]
	for i := range s.threads {
		p := st.parts[i]
		if retire && st.retired(s, &s.threads[i]) {
			p = retiredPart[boolByte(s.threads[i].atomic)]
		}
		st.keyParts = append(st.keyParts, p)
		st.order = append(st.order, i)
	}
	if !st.rounds {
		slices.SortStableFunc(st.order, func(a, b int) int { return bytes.Compare(st.keyParts[a], st.keyParts[b]) })
	}
	st.rank = slices.Grow(st.rank[:0], n)[:n]
	for r, i := range st.order {
		st.rank[i] = r
	}

	key := st.key[:0]
	key = appendPacked(key, st.gCoded)
	if st.contexts {
		// The thread that ran last by its rank, n+1 if none has run, n
		// if it has ended (the next step is a switch anyway).
		last := n + 1
		if s.last >= 0 || s.last == endedThread {
			last = n
		}
		for i := range s.threads {
			if s.threads[i].id == s.last {
				last = st.rank[i]
			}
		}
		key = binary.AppendUvarint(key, uint64(last))
	}
	for _, i := range st.order {
		key = append(key, st.keyParts[i]...)
	}
	st.key = key
	buf = binary.AppendUvarint(buf, uint64(len(key)))
	buf = append(buf, key...)
	buf = binary.AppendUvarint(buf, uint64(s.nextID))
	buf = binary.AppendUvarint(buf, uint64(n))
	for i := range s.threads {
		buf = binary.AppendUvarint(buf, uint64(st.rank[i]))
		buf = binary.AppendUvarint(buf, uint64(s.threads[i].id))
		if st.places != nil {
			buf = binary.AppendUvarint(buf, uint64(st.classes.member[s.threads[i].proc][s.threads[i].pc]))
		}
	}
	if retire {
		// The retired threads' parts, in their order (retire.go).
		for i := range s.threads {
			if st.retired(s, &s.threads[i]) {
				buf = append(buf, st.parts[i]...)
			}
		}
	}
	return buf
}

// forgetGlobals makes the store forget the globals dead by live
// (bp.Program.GlobalLive); not where no place has a dead one.
func (st *stateStore) forgetGlobals(live [][]bp.Bits) {
	dead := make([][]bp.Bits, len(live))
	some := false
	for proc, pcs := range live {
		dead[proc] = make([]bp.Bits, len(pcs))
		for pc, b := range pcs {
			if b.Len() == st.globals {
				continue
			}
			d := bp.NewBits(st.globals)
			for i := range st.globals {
				if !b.Has(i) {
					d.Add(i)
				}
			}
			dead[proc][pc], some = d, true
		}
	}
	if some {
		st.dead = dead
	}
}

// appendRecordWhole is appendRecord with every global kept, dead or
// not: the key of a state within one section run (mover.seen), which
// must not depend on the other threads' places, as those decide which
// globals are dead. Two states of a run that differ in a global no
// thread reads again lead to the same stored states; but the memo
// remembers a run's ends for heads whose other threads may read it.
func (st *stateStore) appendRecordWhole(buf []byte, s *state) []byte {
	dead := st.dead
	st.dead = nil
	buf = st.appendRecordRetiring(buf, s, false)
	st.dead = dead
	return buf
}

// forgetDead returns s's globals with X for every global that no thread
// of s has live (bp.Program.GlobalLive), in scratch space; s's own when
// those are X already, as at most states of most programs, where a
// thread has every global live or the threads' dead sets meet in nothing
// early (philosophers of eight threads: a copy for every state cost 4%;
// deepcount d18-bug, one thread, 8%).
func (st *stateStore) forgetDead(s *state) []val {
	dead := st.gDead[:0]
	for i := range s.threads {
		t := &s.threads[i]
		d := st.dead[t.proc][t.pc]
		if d == nil {
			return s.globals
		}
		if i == 0 {
			dead = append(dead, d...)
			continue
		}
		any := uint64(0)
		for w := range dead {
			dead[w] &= d[w]
			any |= dead[w]
		}
		if any == 0 {
			return s.globals
		}
	}
	st.gDead = dead
	g, copied := s.globals, false
	for w, word := range dead {
		for ; word != 0; word &= word - 1 {
			if i := 64*w + bits.TrailingZeros64(word); g[i] != vX {
				if !copied {
					g, copied = append(st.gVals[:0], s.globals...), true
					st.gVals = g
				}
				g[i] = vX
			}
		}
	}
	return g
}

// decodeThread decodes the thread at the start of p, its values
// appended to vals, and returns the rest of p.
func (st *stateStore) decodeThread(p []byte, vals []val) (thread, []val, []byte) {
	var t thread
	var proc, pcAtomic, nl int
	if st.places == nil {
		proc, p = uvarint(p)
		if proc&1 != 0 { // retired: the rest of the record has the rest
			t.proc, t.atomic = retiredProc, proc&2 != 0
			return t, vals, p
		}
		proc >>= 1
	}
	pcAtomic, p = uvarint(p)
	nl, p = uvarint(p)
	t.proc, t.pc, t.atomic = int32(proc), int32(pcAtomic>>1), pcAtomic&1 != 0
	if st.places != nil {
		// The class's first place: the members of a class have the
		// same live locals (state sets the thread's own).
		first := st.classes.members[pcAtomic>>1][0]
		t.proc, t.pc = first[0], first[1]
	}
	from := len(vals)
	if st.live != nil {
		at := st.live[t.proc][t.pc]
		for range nl {
			vals = append(vals, vX)
		}
		unpackAt(vals[from:], p, at)
		p = p[packedLen(len(at)):]
	} else {
		vals = unpack(vals, p, nl)
		p = p[packedLen(nl):]
	}
	t.locals = vals[from:len(vals):len(vals)]
	var nf int
	nf, p = uvarint(p)
	if nf > 0 {
		t.stack = make([]frame, nf)
		for k := range t.stack {
			var fproc, fpc, fnl int
			fproc, p = uvarint(p)
			fpc, p = uvarint(p)
			fnl, p = uvarint(p)
			from := len(vals)
			vals = unpack(vals, p, fnl)
			p = p[packedLen(fnl):]
			t.stack[k] = frame{proc: int32(fproc), pc: int32(fpc), locals: vals[from:len(vals):len(vals)]}
		}
	}
	return t, vals, p
}

// state decodes node n's state; it shares nothing with the store.
func (st *stateStore) state(n int32) state { return st.stateIn(n, nil) }

// stateIn is state with its arrays from a (nil: the heap): the state of
// the node a search expands lives as long as its successors.
func (st *stateStore) stateIn(n int32, a *arena) state {
	rec := st.record(n)
	kl, rec := uvarint(rec)
	key, rest := rec[:kl], rec[kl:]
	// One array holds every value (as in clone), as long as the
	// longest state's so far: growing it took half of the decoding.
	vals := a.valSlice(st.globals + st.localsHint)[:0]
	vals = unpack(vals, key, st.globals)
	s := state{globals: vals[:st.globals:st.globals]}
	if st.places != nil {
		st.classes = st.places.of(s.globals)
	}
	p := key[packedLen(st.globals):]
	lastRank, lastCode := -1, -1
	if st.contexts {
		s.last = -1
		lastCode, p = uvarint(p)
		s.switches = int32(st.standing[n] >> 16)
	}
	parts := st.decoded[:0]
	for len(p) > 0 {
		var t thread
		t, vals, p = st.decodeThread(p, vals)
		parts = append(parts, t)
	}
	if st.contexts {
		switch {
		case lastCode == len(parts):
			s.last = endedThread
		case lastCode < len(parts):
			lastRank = lastCode
		}
	}
	next, rest := uvarint(rest)
	s.nextID = int32(next)
	nt, rest := uvarint(rest)
	s.threads = a.threadSlice(nt)
	for i := range s.threads {
		var rank, id int
		rank, rest = uvarint(rest)
		id, rest = uvarint(rest)
		s.threads[i] = parts[rank]
		s.threads[i].id = int32(id)
		if st.places != nil {
			var member int
			member, rest = uvarint(rest)
			t := &s.threads[i]
			at := st.classes.members[st.classes.class[t.proc][t.pc]][member]
			t.proc, t.pc = at[0], at[1]
		}
		if rank == lastRank {
			s.last = s.threads[i].id
		}
	}
	if st.rounds {
		s.round, s.last = st.roundOf(n, &s)
	}
	vals = st.decodeRetired(rest, &s, vals)
	clear(parts) // the scratch keeps no state's values alive
	st.decoded = parts[:0]
	st.localsHint = max(st.localsHint, len(vals)-st.globals)
	return s
}

// valsPerByte is how many values a record packs into a byte: a value is
// 0, 1 or X, two bits. Packed, the records of Getafix's SafeStack
// programs (three threads of about 250 locals each, most of them the
// slots of inlined calls) take a quarter of the memory: 1,060 bytes a
// state before.
const valsPerByte = 4

// packedLen is the number of bytes that n packed values take.
func packedLen(n int) int { return (n + valsPerByte - 1) / valsPerByte }

// appendPacked appends vs to buf, valsPerByte values a byte.
func appendPacked(buf []byte, vs []val) []byte {
	// Four values at a time, then the rest: the packing is on the
	// search's hottest path (every key and record).
	full := len(vs) &^ (valsPerByte - 1)
	for i := 0; i < full; i += valsPerByte {
		v := vs[i : i+valsPerByte : i+valsPerByte]
		buf = append(buf, byte(v[0])|byte(v[1])<<2|byte(v[2])<<4|byte(v[3])<<6)
	}
	if full < len(vs) {
		var b byte
		for k, v := range vs[full:] {
			b |= byte(v) << (2 * k)
		}
		buf = append(buf, b)
	}
	return buf
}

// unpack appends the n values packed at the start of p to vals.
func unpack(vals []val, p []byte, n int) []val {
	for k := range n {
		vals = append(vals, val(p[k/valsPerByte]>>(2*(k%valsPerByte))&3))
	}
	return vals
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// appendPackedAt appends the values vs[i] for i in at, packed.
func appendPackedAt(buf []byte, vs []val, at []int32) []byte {
	full := len(at) &^ (valsPerByte - 1)
	for i := 0; i < full; i += valsPerByte {
		a := at[i : i+valsPerByte : i+valsPerByte]
		buf = append(buf, byte(vs[a[0]])|byte(vs[a[1]])<<2|byte(vs[a[2]])<<4|byte(vs[a[3]])<<6)
	}
	if full < len(at) {
		var b byte
		for k, i := range at[full:] {
			b |= byte(vs[i]) << (2 * k)
		}
		buf = append(buf, b)
	}
	return buf
}

// unpackAt sets vs[i] for i in at to the values packed at the start of p.
func unpackAt(vs []val, p []byte, at []int32) {
	for k, i := range at {
		vs[i] = val(p[k/valsPerByte] >> (2 * (k % valsPerByte)) & 3)
	}
}

// liveIndices lists, for every proc and pc, the local slots live there.
func liveIndices(live [][]bp.Bits) [][][]int32 {
	out := make([][][]int32, len(live))
	for pi, pcs := range live {
		out[pi] = make([][]int32, len(pcs))
		for pc, b := range pcs {
			var at []int32
			for w, word := range b {
				for ; word != 0; word &= word - 1 {
					at = append(at, int32(64*w+bits.TrailingZeros64(word)))
				}
			}
			out[pi][pc] = at
		}
	}
	return out
}

package explicit

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
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
//	keyLen uint32 | key | nextID uint32 | n uint16 | n × (sorted index uint16, id uint32)
//
// The key is the state up to thread identities (threads are symmetric):
// the globals, then each thread's part (proc uint16, pc uint32, atomic,
// number of locals uint16, locals, number of stacked frames uint16, each
// frame's proc uint16, pc uint32, number of locals uint16, locals) in
// sorted order. The rest says which
// part each thread is, in creation order, and its identity, so that the
// state comes back exactly as stored.
type stateStore struct {
	globals int // number of globals
	// contexts: the key holds the switches so far and the rank of the
	// thread that ran last (Options.Contexts).
	contexts bool
	chunks   [][]byte // the records, back to back in node order
	at       []uint64 // at[i]: where node i's record is, chunk<<32 | offset
	table    []uint64 // (hash tag << 32 | node+1), 0 when empty
	seed     maphash.Seed

	// Scratch space reused by every add.
	rec   []byte
	parts [][]byte
	order []int
	rank  []int
}

// chunkSize is the size of a chunk of records: records go into fixed
// chunks rather than one growing slice, which copied every record each
// time it doubled (a tenth of the search's time on scaled-0525). The
// first chunks are smaller (firstChunk, doubling), so that a search of a
// few states does not clear 4 MiB: the many tiny searches of a thread
// bound loop or a test suite spent most of their time doing that.
const (
	chunkSize  = 1 << 22
	firstChunk = 1 << 12
)

func newStateStore(globals int) *stateStore {
	return &stateStore{globals: globals, table: make([]uint64, 1024), seed: maphash.MakeSeed()}
}

// bytes is the memory the store holds: its chunks, where and index.
func (st *stateStore) bytes() int64 {
	n := 8 * int64(cap(st.at)+cap(st.table))
	for _, c := range st.chunks {
		n += int64(cap(c))
	}
	return n
}

// len is the number of stored states.
func (st *stateStore) len() int { return len(st.at) }

// add stores s unless a state with the same key is stored: it returns
// s's node index and true, or the stored one's and false.
func (st *stateStore) add(s *state) (int32, bool) {
	st.rec = st.appendRecord(st.rec[:0], s)
	key := recordKey(st.rec)
	h := maphash.Bytes(st.seed, key)
	tag := h >> 32
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := st.table[i]
		if e == 0 {
			n := int32(len(st.at))
			st.table[i] = tag<<32 | uint64(n+1)
			st.at = append(st.at, st.place(st.rec))
			if 4*len(st.at) > 3*len(st.table) {
				st.grow()
			}
			return n, true
		}
		if e>>32 == tag {
			if old := int32(e&0xffffffff) - 1; bytes.Equal(recordKey(st.record(old)), key) {
				return old, false
			}
		}
	}
}

// place copies rec into the last chunk, or a new one, and returns where.
func (st *stateStore) place(rec []byte) uint64 {
	last := len(st.chunks) - 1
	if last < 0 || len(st.chunks[last])+len(rec) > cap(st.chunks[last]) {
		size := min(chunkSize, firstChunk<<len(st.chunks))
		st.chunks = append(st.chunks, make([]byte, 0, max(size, len(rec))))
		last++
	}
	off := len(st.chunks[last])
	st.chunks[last] = append(st.chunks[last], rec...)
	return uint64(last)<<32 | uint64(off)
}

// grow doubles the index and re-inserts every stored key.
func (st *stateStore) grow() {
	st.table = make([]uint64, 2*len(st.table))
	mask := uint64(len(st.table) - 1)
	for n := range st.at {
		h := maphash.Bytes(st.seed, recordKey(st.record(int32(n))))
		i := h & mask
		for st.table[i] != 0 {
			i = (i + 1) & mask
		}
		st.table[i] = h>>32<<32 | uint64(n+1)
	}
}

// record returns node n's record, and possibly the records after it.
func (st *stateStore) record(n int32) []byte {
	at := st.at[n]
	return st.chunks[at>>32][at&0xffffffff:]
}

// recordKey returns the key of a record.
func recordKey(rec []byte) []byte {
	return rec[4 : 4+binary.LittleEndian.Uint32(rec)]
}

// appendRecord appends s's record to buf.
func (st *stateStore) appendRecord(buf []byte, s *state) []byte {
	n := len(s.threads)
	st.parts = st.parts[:0]
	st.order = st.order[:0]
	for i := range s.threads {
		t := &s.threads[i]
		var p []byte
		if i < cap(st.parts) {
			p = st.parts[:i+1][i][:0] // the buffer of an earlier add's part i
		}
		p = binary.LittleEndian.AppendUint16(p, uint16(t.proc))
		p = binary.LittleEndian.AppendUint32(p, uint32(t.pc))
		p = append(p, boolByte(t.atomic))
		p = binary.LittleEndian.AppendUint16(p, uint16(len(t.locals)))
		p = appendPacked(p, t.locals)
		p = binary.LittleEndian.AppendUint16(p, uint16(len(t.stack)))
		for _, f := range t.stack {
			p = binary.LittleEndian.AppendUint16(p, uint16(f.proc))
			p = binary.LittleEndian.AppendUint32(p, uint32(f.pc))
			p = binary.LittleEndian.AppendUint16(p, uint16(len(f.locals)))
			p = appendPacked(p, f.locals)
		}
		st.parts = append(st.parts, p)
		st.order = append(st.order, i)
	}
	slices.SortStableFunc(st.order, func(a, b int) int { return bytes.Compare(st.parts[a], st.parts[b]) })
	st.rank = slices.Grow(st.rank[:0], n)[:n]
	for r, i := range st.order {
		st.rank[i] = r
	}

	lenAt := len(buf)
	buf = append(buf, 0, 0, 0, 0)
	buf = appendPacked(buf, s.globals)
	if st.contexts {
		// The thread that ran last by its rank, 0xffff if none has run,
		// 0xfffe if it has ended (the next step is a switch anyway).
		last := uint16(0xffff)
		if s.last >= 0 {
			last = 0xfffe
		}
		for i := range s.threads {
			if s.threads[i].id == s.last {
				last = uint16(st.rank[i])
			}
		}
		buf = binary.LittleEndian.AppendUint16(buf, uint16(s.switches))
		buf = binary.LittleEndian.AppendUint16(buf, last)
	}
	for _, i := range st.order {
		buf = append(buf, st.parts[i]...)
	}
	binary.LittleEndian.PutUint32(buf[lenAt:], uint32(len(buf)-lenAt-4))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(s.nextID))
	buf = binary.LittleEndian.AppendUint16(buf, uint16(n))
	for i := range s.threads {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(st.rank[i]))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(s.threads[i].id))
	}
	return buf
}

// state decodes node n's state; it shares nothing with the store.
func (st *stateStore) state(n int32) state {
	rec := st.record(n)
	key := recordKey(rec)
	// One array holds every value (as in clone); a byte packs at most
	// valsPerByte.
	vals := make([]val, 0, valsPerByte*len(key))
	vals = unpack(vals, key, st.globals)
	s := state{globals: vals[:st.globals:st.globals]}
	partsAt := packedLen(st.globals)
	lastRank := -1
	if st.contexts {
		s.last = -1
		s.switches = int32(binary.LittleEndian.Uint16(key[partsAt:]))
		switch r := binary.LittleEndian.Uint16(key[partsAt+2:]); r {
		case 0xffff:
		case 0xfffe:
			s.last = endedThread
		default:
			lastRank = int(r)
		}
		partsAt += 4
	}
	var parts []thread
	for p := key[partsAt:]; len(p) > 0; {
		t := thread{
			proc:   int32(binary.LittleEndian.Uint16(p)),
			pc:     int32(binary.LittleEndian.Uint32(p[2:])),
			atomic: p[6] != 0,
		}
		nl := int(binary.LittleEndian.Uint16(p[7:]))
		from := len(vals)
		vals = unpack(vals, p[9:], nl)
		t.locals = vals[from:len(vals):len(vals)]
		p = p[9+packedLen(nl):]
		if nf := int(binary.LittleEndian.Uint16(p)); nf > 0 {
			t.stack = make([]frame, nf)
			p = p[2:]
			for k := range t.stack {
				f := frame{proc: int32(binary.LittleEndian.Uint16(p)), pc: int32(binary.LittleEndian.Uint32(p[2:]))}
				nl := int(binary.LittleEndian.Uint16(p[6:]))
				from := len(vals)
				vals = unpack(vals, p[8:], nl)
				f.locals = vals[from:len(vals):len(vals)]
				t.stack[k] = f
				p = p[8+packedLen(nl):]
			}
		} else {
			p = p[2:]
		}
		parts = append(parts, t)
	}
	rest := rec[4+len(key):]
	s.nextID = int32(binary.LittleEndian.Uint32(rest))
	n16 := int(binary.LittleEndian.Uint16(rest[4:]))
	s.threads = make([]thread, n16)
	for i := range s.threads {
		e := rest[6+6*i:]
		rank := int(binary.LittleEndian.Uint16(e))
		s.threads[i] = parts[rank]
		s.threads[i].id = int32(binary.LittleEndian.Uint32(e[2:]))
		if rank == lastRank {
			s.last = s.threads[i].id
		}
	}
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
	for i := 0; i < len(vs); i += valsPerByte {
		var b byte
		for k := i; k < min(i+valsPerByte, len(vs)); k++ {
			b |= byte(vs[k]) << (2 * (k - i))
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

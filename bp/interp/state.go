package interp

import (
	"bytes"
	"sort"
)

// thread is one thread of a search state.
type thread struct {
	id, proc, pc int32
	atomic       bool // holds the atomic section
	locals       []val
}

// state is a search state. Threads are kept in creation order.
type state struct {
	globals []val
	threads []thread
	nextID  int32
}

func (s *state) clone() state {
	c := state{globals: append([]val(nil), s.globals...), nextID: s.nextID}
	c.threads = make([]thread, len(s.threads))
	for i, t := range s.threads {
		c.threads[i] = t
		c.threads[i].locals = append([]val(nil), t.locals...)
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

// key is the canonical encoding of s: globals, then the thread states
// sorted, without thread identities (threads are symmetric).
func (s *state) key(buf *bytes.Buffer) string {
	buf.Reset()
	for _, v := range s.globals {
		buf.WriteByte(byte(v))
	}
	parts := make([][]byte, len(s.threads))
	for i, t := range s.threads {
		b := make([]byte, 0, 10+len(t.locals))
		b = append(b, byte(t.proc), byte(t.proc>>8), byte(t.pc>>16), byte(t.pc>>8), byte(t.pc))
		if t.atomic {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		for _, v := range t.locals {
			b = append(b, byte(v))
		}
		parts[i] = b
	}
	sort.Slice(parts, func(i, j int) bool { return bytes.Compare(parts[i], parts[j]) < 0 })
	for _, p := range parts {
		buf.WriteByte(0xff)
		buf.Write(p)
	}
	return buf.String()
}

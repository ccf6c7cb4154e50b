package interp

import (
	"bytes"
	"context"

	"github.com/bopgo/bopgo/bp"
)

// naiveCheck is the definition the engine is tested against: breadth-first
// search over fully concrete states, all initial values enumerated, no
// symmetry, no forgetting of dead locals, one fixed thread bound. It shares
// only the single-step semantics (stepper.exec) with the engine; every X a
// step produces is expanded into both values right away.
func naiveCheck(prog *bp.Program, opts Options, limit int) (Outcome, bool) {
	an := analyse(prog, opts)
	x := &stepper{prog: prog, an: an, bound: opts.MaxThreads}
	seen := map[string]bool{}
	var queue []state
	var buf bytes.Buffer
	push := func(s state) {
		for _, c := range concretisations(s) {
			k := rawKey(&c, &buf)
			if !seen[k] {
				seen[k] = true
				queue = append(queue, c)
			}
		}
	}
	init := newEngine(prog, an, opts, 0).initial()
	push(init)
	for head := 0; head < len(queue); head++ {
		if len(queue) > limit {
			return Unknown, false
		}
		s := queue[head]
		if opts.Label != "" {
			for _, t := range s.threads {
				if an.target[t.proc][t.pc] {
					return Unsafe, true
				}
			}
		}
		holder := s.atomicHolder()
		for ti := range s.threads {
			if holder >= 0 && ti != holder {
				continue
			}
			if x.exec(&s, ti, stepInfo{}, func(n state, _, _ int, _ stepInfo) { push(n) }) {
				return Unsafe, true
			}
		}
	}
	_ = context.Background
	if x.boundHit {
		return Unknown, true
	}
	return Safe, true
}

// concretisations expands every X of s into both values.
func concretisations(s state) []state {
	out := []state{s}
	expand := func(get func(*state) *val) {
		var next []state
		for _, c := range out {
			if *get(&c) != vX {
				next = append(next, c)
				continue
			}
			for _, v := range []val{v0, v1} {
				d := c.clone()
				*get(&d) = v
				next = append(next, d)
			}
		}
		out = next
	}
	for i := range s.globals {
		expand(func(c *state) *val { return &c.globals[i] })
	}
	for ti := range s.threads {
		for li := range s.threads[ti].locals {
			expand(func(c *state) *val { return &c.threads[ti].locals[li] })
		}
	}
	return out
}

// rawKey encodes s with thread identities and in thread order: no
// symmetry reduction.
func rawKey(s *state, buf *bytes.Buffer) string {
	buf.Reset()
	for _, v := range s.globals {
		buf.WriteByte(byte(v))
	}
	for _, t := range s.threads {
		buf.WriteByte(0xff)
		buf.WriteByte(byte(t.id))
		buf.WriteByte(byte(t.proc))
		buf.WriteByte(byte(t.pc >> 8))
		buf.WriteByte(byte(t.pc))
		if t.atomic {
			buf.WriteByte(1)
		} else {
			buf.WriteByte(0)
		}
		for _, v := range t.locals {
			buf.WriteByte(byte(v))
		}
	}
	return buf.String()
}

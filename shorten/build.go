package shorten

import (
	"strconv"
	"strings"

	"github.com/bopgo/bopgo/bp"
)

// build is the trace that runs the engine's steps in order from the
// engine's initial state, each doing what it did in the engine's trace
// (redo), or nil when a step's thread is not where the step is, another
// thread holds an atomic section, more threads are live at once than in
// the engine's trace (which kept to the thread bound the check was
// asked), or the engine's last step is not last. The judge decides
// whether it is an execution.
func (s *shortener) build(order []int) *bp.Trace {
	last := len(s.orig.Steps) - 1
	if len(order) == 0 || order[len(order)-1] != last {
		return nil
	}
	cur := s.orig.Steps[0].Before.Clone()
	out := &bp.Trace{Kind: s.orig.Kind, Steps: make([]bp.TraceStep, 0, len(order))}
	for _, i := range order {
		step := s.orig.Steps[i]
		if !runnable(&cur, &step) {
			return nil
		}
		step.Before = cur
		out.Steps = append(out.Steps, step)
		if s.after[i] == nil {
			// The failing assertion: the state before it is the last.
			out.Final = cur.Clone()
			return out
		}
		cur = s.redo(&cur, i)
		if len(cur.Threads) > s.live {
			return nil
		}
	}
	out.Final = cur
	return out
}

// runnable reports whether step's thread is at step's code in cur and
// no other thread is in an atomic section.
func runnable(cur *bp.State, step *bp.TraceStep) bool {
	ok := false
	for k := range cur.Threads {
		t := &cur.Threads[k]
		if t.ID == step.Thread {
			ok = t.Proc == step.Proc && t.PC == step.PC
		} else if t.Atomic {
			return false
		}
	}
	return ok
}

// redo is the state after the engine's step i run from cur: cur with
// the moving thread as the step left it, the globals the step assigned
// or changed with the values it gave them, the thread it started, and,
// for a broadcast, every other thread's passive targets as the step set
// them.
func (s *shortener) redo(cur *bp.State, i int) bp.State {
	step := &s.orig.Steps[i]
	before, after := &step.Before, s.after[i]
	n := cur.Clone()
	for g, v := range after.Globals {
		if v != before.Globals[g] {
			n.Globals[g] = v
		}
	}
	for _, g := range s.writes[i] {
		n.Globals[g] = after.Globals[g]
	}
	moved := after.Thread(step.Thread)
	for k := range n.Threads {
		if n.Threads[k].ID != step.Thread {
			continue
		}
		if moved == nil {
			n.Threads = append(n.Threads[:k], n.Threads[k+1:]...)
		} else {
			n.Threads[k] = cloneThread(moved)
		}
		break
	}
	for k := range after.Threads {
		t := &after.Threads[k]
		if before.Thread(t.ID) == nil && n.Thread(t.ID) == nil {
			n.Threads = append(n.Threads, cloneThread(t))
		}
	}
	if st := &s.prog.Procs[step.Proc].Steps[step.PC]; st.Broadcast() {
		for k := range n.Threads {
			p := &n.Threads[k]
			if ap := after.Thread(p.ID); p.ID != step.Thread && ap != nil && len(ap.Locals) == len(p.Locals) {
				for _, ref := range st.PassiveTargets {
					p.Locals[ref.Index] = ap.Locals[ref.Index]
				}
			}
		}
	}
	return n
}

func cloneThread(t *bp.ThreadState) bp.ThreadState {
	s := bp.State{Threads: []bp.ThreadState{*t}}
	return s.Clone().Threads[0]
}

// stateKey identifies s by what counts in it: the globals and each
// thread's identity, code, pc, atomic flag, stack and live locals.
func (s *shortener) stateKey(st *bp.State) string {
	var b strings.Builder
	for _, v := range st.Globals {
		b.WriteByte(bit(v))
	}
	for k := range st.Threads {
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(st.Threads[k].ID))
		b.WriteByte(':')
		s.writeThread(&b, &st.Threads[k])
	}
	return b.String()
}

// threadKey identifies thread t by its code, pc, atomic flag, stack and
// live locals.
func (s *shortener) threadKey(t *bp.ThreadState) string {
	var b strings.Builder
	s.writeThread(&b, t)
	return b.String()
}

func (s *shortener) writeThread(b *strings.Builder, t *bp.ThreadState) {
	b.WriteString(strconv.Itoa(t.Proc))
	b.WriteByte('/')
	b.WriteString(strconv.Itoa(t.PC))
	b.WriteByte(bit(t.Atomic))
	for i, v := range t.Locals {
		if s.sem.LiveAt(t.Proc, t.PC, i) {
			b.WriteByte(bit(v))
		} else {
			b.WriteByte('-')
		}
	}
	for k := range t.Stack {
		f := &t.Stack[k]
		b.WriteByte('<')
		b.WriteString(strconv.Itoa(f.Proc))
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(f.PC))
		for i, v := range f.Locals {
			if s.sem.FrameLive(f, i) {
				b.WriteByte(bit(v))
			} else {
				b.WriteByte('-')
			}
		}
	}
}

func bit(v bool) byte {
	if v {
		return '1'
	}
	return '0'
}

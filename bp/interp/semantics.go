package interp

import (
	"github.com/bopgo/bopgo/bp"
)

// Options select the property and the reading of broadcasts.
type Options struct {
	// Label, if set, makes the property "no statement labelled Label is
	// reached"; assertions are then not checked. Otherwise the property is
	// "no assertion fails".
	Label string
	// Broadcast is the reading of broadcast assignments (x$): blocking
	// (the zero value) or monotone.
	Broadcast bp.Reading
}

// Semantics is the one-step semantics of a program for a property: the
// facts it needs computed once.
type Semantics struct {
	prog    *bp.Program
	label   string
	reading bp.Reading
	// blockStarts: a thread start beyond the bound blocks its creator
	// instead of being suppressed. Under the blocking reading a thread
	// that never starts is not the same as one that never runs: it would
	// be a passive thread that could block a broadcast.
	blockStarts bool
	live        [][]bp.Bits // [proc][pc]: live local slots
	target      [][]bool    // [proc][pc]: an assertion (or the label) to check
}

// New returns the semantics of prog for the property of opts.
func New(prog *bp.Program, opts Options) *Semantics {
	return &Semantics{
		prog: prog, label: opts.Label, reading: opts.Broadcast,
		blockStarts: opts.Broadcast == bp.Blocking && prog.HasBroadcasts(),
		live:        prog.Live(), target: prog.Targets(opts.Label),
	}
}

// Step is the Step thread t is at.
func (sem *Semantics) Step(t *bp.ThreadState) *bp.Step {
	return &sem.prog.Procs[t.Proc].Steps[t.PC]
}

// LiveAt reports whether local slot i is live at pc of proc.
func (sem *Semantics) LiveAt(proc, pc, i int) bool {
	return sem.live[proc][pc].Has(i)
}

// Prog is the program, Label the label of the property (empty:
// assertions), Reading the reading of broadcasts.
func (sem *Semantics) Prog() *bp.Program   { return sem.prog }
func (sem *Semantics) Label() string       { return sem.label }
func (sem *Semantics) Reading() bp.Reading { return sem.reading }

// BlockStarts reports whether a thread start beyond the bound blocks its
// creator (the blocking reading of a program with broadcasts) instead of
// being suppressed.
func (sem *Semantics) BlockStarts() bool { return sem.blockStarts }

// Target reports whether the step at pc of proc is where the property
// can fail: an assertion, or the label.
func (sem *Semantics) Target(proc, pc int) bool { return sem.target[proc][pc] }

// FrameLive reports whether local slot i of a caller's frame f on a stack
// counts: it is live where the call returns, and the return does not
// overwrite it (the thread-locals, the call's results).
func (sem *Semantics) FrameLive(f *bp.CallFrame, i int) bool {
	if i < len(sem.prog.ThreadLocals) {
		return false
	}
	call := &sem.prog.Procs[f.Proc].Steps[f.PC]
	for _, r := range call.RetTargets {
		if r.Scope == bp.Local && r.Index == i {
			return false
		}
	}
	return sem.LiveAt(f.Proc, call.Next, i)
}

// SameStacks reports whether two stacks have the same frames, their
// locals compared where they count (frameLive).
func (sem *Semantics) SameStacks(a, b []bp.CallFrame) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		x, y := &a[k], &b[k]
		if x.Proc != y.Proc || x.PC != y.PC || len(x.Locals) != len(y.Locals) {
			return false
		}
		for i := range x.Locals {
			if x.Locals[i] != y.Locals[i] && sem.FrameLive(x, i) {
				return false
			}
		}
	}
	return true
}

// AtTarget reports whether some thread of s is at the label of the
// property.
func (sem *Semantics) AtTarget(s *bp.State) bool {
	if sem.label == "" {
		return false
	}
	for _, t := range s.Threads {
		if t.Proc < len(sem.target) && t.PC < len(sem.target[t.Proc]) && sem.target[t.Proc][t.PC] {
			return true
		}
	}
	return false
}

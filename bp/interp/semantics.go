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
	enumLimit   int         // see solve.go
	// slice, when set (ConcretizeSlice only), makes the variables it cut
	// free: the trace's values of them are not required; sliceLive is
	// the sliced program's liveness, which says where a kept local's
	// value is.
	slice     *bp.Slice
	sliceLive [][]bp.Bits
}

// New returns the semantics of prog for the property of opts.
func New(prog *bp.Program, opts Options) *Semantics {
	return &Semantics{
		prog: prog, label: opts.Label, reading: opts.Broadcast,
		blockStarts: opts.Broadcast == bp.Blocking && prog.HasBroadcasts(),
		live:        prog.Live(), target: prog.Targets(opts.Label),
		enumLimit: enumLimit,
	}
}

// step is the step thread t is at.
func (sem *Semantics) step(t *bp.ThreadState) *bp.Step {
	return &sem.prog.Procs[t.Proc].Steps[t.PC]
}

// liveAt reports whether local slot i is live at pc of proc.
func (sem *Semantics) liveAt(proc, pc, i int) bool {
	return sem.live[proc][pc].Has(i)
}

// localCounts reports whether a trace's value of local slot i of a thread
// of proc at pc is required: it is live in the program the trace is of,
// the sliced one for ConcretizeSlice (where a kept local can be dead
// where the original's cut steps still read it).
func (sem *Semantics) localCounts(proc, pc, i int) bool {
	if sem.slice != nil {
		return sem.sliceLive[proc][pc].Has(i)
	}
	return sem.liveAt(proc, pc, i)
}

// globalCounts reports whether a trace's value of global i is required:
// always, but where the slice cut it.
func (sem *Semantics) globalCounts(i int) bool {
	return sem.slice == nil || sem.slice.Globals.Has(i)
}

// frameLive reports whether local slot i of a caller's frame f on a stack
// counts: it is live where the call returns, and the return does not
// overwrite it (the thread-locals, the call's results).
func (sem *Semantics) frameLive(f *bp.CallFrame, i int) bool {
	if i < len(sem.prog.ThreadLocals) {
		return false
	}
	call := &sem.prog.Procs[f.Proc].Steps[f.PC]
	for _, r := range call.RetTargets {
		if r.Scope == bp.Local && r.Index == i {
			return false
		}
	}
	return sem.liveAt(f.Proc, call.Next, i)
}

// sameStacks reports whether two stacks have the same frames, their
// locals compared where they count (frameLive).
func (sem *Semantics) sameStacks(a, b []bp.CallFrame) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		x, y := &a[k], &b[k]
		if x.Proc != y.Proc || x.PC != y.PC || len(x.Locals) != len(y.Locals) {
			return false
		}
		for i := range x.Locals {
			if x.Locals[i] != y.Locals[i] && sem.frameLive(x, i) {
				return false
			}
		}
	}
	return true
}

// atTarget reports whether some thread of s is at the label of the
// property.
func (sem *Semantics) atTarget(s *bp.State) bool {
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

package judge

import (
	"context"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/interp"
)

// Options select the property and the reading of broadcasts, as the
// reference semantics takes them.
type Options = interp.Options

// semantics is the reference semantics (bp/interp, which alone says what
// a step does) with what the judge's questions add: how choices are
// solved for (enumLimit), and, when the trace is of a sliced program,
// which values count.
type semantics struct {
	*interp.Semantics
	prog        *bp.Program
	label       string
	reading     bp.Reading
	blockStarts bool
	enumLimit   int // see solve.go
	// slice, when set (ConcretizeSlice only), makes the variables it cut
	// free: the trace's values of them are not required; sliceLive is
	// the sliced program's liveness, which says where a kept local's
	// value is.
	slice     *bp.Slice
	sliceLive [][]bp.Bits
	// ctx, when set, ends a replay or a concretization with its cause:
	// a trace of millions of steps takes seconds to check, and a check
	// must not outlast the run's time limit.
	ctx context.Context
}

// pollSteps is how many steps a trace's check goes between two looks at
// ctx.
const pollSteps = 4096

// stopped returns ctx's cause once it has ended, looking at step i of a
// trace only every pollSteps steps.
func (sem *semantics) stopped(i int) error {
	if sem.ctx == nil || i%pollSteps != 0 || sem.ctx.Err() == nil {
		return nil
	}
	return context.Cause(sem.ctx)
}

func newSemantics(prog *bp.Program, opts Options) *semantics {
	sem := interp.New(prog, opts)
	return &semantics{Semantics: sem, prog: prog, label: opts.Label, reading: opts.Broadcast,
		blockStarts: sem.BlockStarts(), enumLimit: enumLimit}
}

// localCounts reports whether a trace's value of local slot i of a thread
// of proc at pc is required: it is live in the program the trace is of,
// the sliced one for ConcretizeSlice (where a kept local can be dead
// where the original's cut steps still read it).
func (sem *semantics) localCounts(proc, pc, i int) bool {
	if sem.slice != nil {
		return sem.sliceLive[proc][pc].Has(i)
	}
	return sem.LiveAt(proc, pc, i)
}

// globalCounts reports whether a trace's value of global i is required:
// always, but where the slice cut it.
func (sem *semantics) globalCounts(i int) bool {
	return sem.slice == nil || sem.slice.Globals.Has(i)
}

package sim

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/verdict"
)

// lanes are the bits of a word that carry a walk (see the package
// comment).
const (
	lanes = 63
	mask  = uint64(1)<<lanes - 1
)

// maxLen is the longest walk when Options.MaxDepth does not bound it.
// sweeps is the number of sweeps over the walk lengths when it does: then
// the search ends, Unknown at the depth limit.
const (
	maxLen = 1 << 12
	sweeps = 16
)

var _ mc.Engine = Check

// Check simulates sys (see the package comment) until a walk reaches a bad
// state or ctx ends, or, when opts.MaxDepth bounds the walks, after
// sweeps sweeps over their lengths. Result.Depth is the length of the
// longest walk that ended without a bad state (the trace's length for
// Unsafe).
func Check(ctx context.Context, sys *mc.System, opts mc.Options) mc.Result {
	if opts.MaxDepth > 0 {
		return walk(ctx, sys, opts.MaxDepth, sweeps)
	}
	return walk(ctx, sys, maxLen, 0)
}

// Probe is one sweep of walks up to longest steps (16, 32, ... longest,
// 63 walks each): a bounded look for a shallow bug that random schedules
// hit often, cheap enough to run before a proof engine (engine/circuit).
// Its answer is Unsafe with a trace, or Unknown.
func Probe(ctx context.Context, sys *mc.System, longest int) mc.Result {
	return walk(ctx, sys, longest, 1)
}

// walk sweeps walks of lengths 16, 32, ... longest until a bad state, the
// end of ctx, or n sweeps (0: no bound).
func walk(ctx context.Context, sys *mc.System, longest, n int) mc.Result {
	s := sys.S
	rng := rand.New(rand.NewPCG(1, 2))
	vs := make([]uint64, s.Len())
	word := func(m z.Lit) uint64 {
		w := vs[m.Var()]
		if !m.IsPos() {
			w = ^w
		}
		return w
	}
	res := mc.Result{Verdict: verdict.Unknown, Depth: -1}
	next := make([]uint64, len(s.Latches))
	init := make([]uint64, len(s.Latches))
	var inputs [][]uint64 // by step, by input
	for sweep := 0; ; sweep++ {
		if n > 0 && sweep == n {
			res.Limit = verdict.Depth
			res.Reason = fmt.Sprintf("no bad state on %d random walks of up to %d steps", n*lanes*walks(longest), longest)
			return res
		}
		for length := min(16, longest); ; length = min(2*length, longest) {
			if ctx.Err() != nil {
				res.Limit, res.Reason = verdict.Stopped(ctx)
				return res
			}
			clear(vs)
			for i, l := range s.Latches {
				switch s.Init(l) {
				case s.T:
					init[i] = mask
				case s.F:
					init[i] = 0
				default:
					init[i] = rng.Uint64() & mask
				}
				vs[l.Var()] = init[i]
			}
			inputs = inputs[:0]
			for step := 0; ; step++ {
				in := make([]uint64, len(sys.Inputs))
				for i, m := range sys.Inputs {
					in[i] = rng.Uint64() & mask
					vs[m.Var()] = in[i]
				}
				s.Eval64(vs)
				if bad := word(sys.Bad) & mask; bad != 0 {
					res.Verdict, res.Depth = verdict.Unsafe, step
					res.Trace = trace(init, inputs, bits.TrailingZeros64(bad))
					falsify(sys, res.Trace)
					return res
				}
				if step == length || step%256 == 255 && ctx.Err() != nil {
					break
				}
				inputs = append(inputs, in)
				for i, l := range s.Latches {
					next[i] = word(s.Next(l))
				}
				for i, l := range s.Latches {
					vs[l.Var()] = next[i]
				}
			}
			res.Depth = max(res.Depth, length)
			if length == longest {
				break
			}
		}
	}
}

// walks is the number of walk lengths in a sweep up to longest: 16, 32,
// ... and longest.
func walks(longest int) int {
	n := 1
	for l := min(16, longest); l < longest; l = min(2*l, longest) {
		n++
	}
	return n
}

// trace reads one lane of a walk: its initial latch values and the inputs
// of its steps.
func trace(init []uint64, inputs [][]uint64, lane int) *mc.Trace {
	bit := func(w uint64) bool { return w>>lane&1 == 1 }
	tr := &mc.Trace{Init: make([]bool, len(init)), Inputs: make([][]bool, len(inputs))}
	for i, w := range init {
		tr.Init[i] = bit(w)
	}
	for t, in := range inputs {
		tr.Inputs[t] = make([]bool, len(in))
		for i, w := range in {
			tr.Inputs[t][i] = bit(w)
		}
	}
	return tr
}

// falsify sets the uninitialised latches that the trace starts true to
// false where it still reaches a bad state, one latch at a time: the
// other engines' traces start them false unless they matter (a SAT
// model's default), and so does a trace of sim's then, within a budget
// of evaluated gates.
func falsify(sys *mc.System, tr *mc.Trace) {
	s := sys.S
	if len(s.Latches)*(len(tr.Inputs)+1)*s.Len() > 1<<26 {
		return
	}
	for i, l := range s.Latches {
		if !tr.Init[i] || s.Init(l) != z.LitNull {
			continue
		}
		tr.Init[i] = false
		if bad, err := mc.Simulate(sys, tr); err != nil || !bad {
			tr.Init[i] = true
		}
	}
}

package interp

import (
	"encoding/binary"
	"fmt"

	"github.com/bopgo/bopgo/bp"
)

// maxEnum bounds the resolutions Successors enumerates for one step:
// 2^maxEnum.
const maxEnum = 22

// Successor is one outcome of a step.
type Successor struct {
	Next       bp.State
	Taken      int  // a branch's outcome: 1 then, 0 else; -1 otherwise
	Suppressed bool // a thread start that the thread bound suppressed
}

// Successors lists every outcome of the step of thread ti of s, each
// once, by enumerating its resolutions: the successor a goto takes, the
// step's choices, each passive thread's choices, and the values a started
// thread's locals begin with where they are live (dead ones begin false:
// they are never read before they are written). A thread start that would
// make more than bound live threads (0: no bound) is suppressed, or blocks
// its creator under the blocking reading of a program with broadcasts.
// fails reports that some choice fails an assertion. A step with more
// than 2^maxEnum resolutions gives an error wrapping ErrTooWide.
//
// This is the definition other engines are tested against, not a fast
// way to search: every outcome is a separate apply.
func (sem *Semantics) Successors(s *bp.State, ti int, bound int) (out []Successor, failed bool, err error) {
	t := &s.Threads[ti]
	st := sem.Step(t)
	used := UsedChoices(append(append(append(append([]*bp.Term(nil), st.Values...), st.SpawnArgs...), st.Args...), st.Constraint, st.Cond))
	succs := 1
	if st.Kind == bp.Goto {
		succs = len(st.Succs)
	}
	r := Resolution{Choices: make([]bool, st.Choices)}
	var fresh []int
	if st.Kind == bp.Spawn {
		r.Suppress = bound > 0 && len(s.Threads) >= bound
		for _, id := range s.Threads {
			r.NewID = max(r.NewID, id.ID+1)
		}
		for _, i := range sem.FreshSlots(st) {
			if sem.LiveAt(st.SpawnProc, st.SpawnPC, i) {
				fresh = append(fresh, i)
			}
		}
		r.Fresh = make([]bool, len(sem.prog.Procs[st.SpawnProc].Locals))
	}
	if st.Kind == bp.Call {
		// The callee's new frame: its live locals but the parameters and
		// the thread-locals begin non-deterministic.
		callee := sem.prog.Procs[st.Callee]
		param := map[int]bool{}
		for _, i := range callee.Params {
			param[i] = true
		}
		for i := len(sem.prog.ThreadLocals); i < len(callee.Locals); i++ {
			if !param[i] && sem.LiveAt(st.Callee, callee.Entry, i) {
				fresh = append(fresh, i)
			}
		}
		r.Fresh = make([]bool, len(callee.Locals))
	}
	if len(used)+len(fresh) > maxEnum {
		return nil, false, sem.tooWide(st, len(used)+len(fresh))
	}
	seen := map[string]bool{}
	emit := func(n bp.State, taken int) {
		k := stateKey(&n)
		if !seen[k] {
			seen[k] = true
			out = append(out, Successor{Next: n, Taken: taken, Suppressed: r.Suppress})
		}
	}
	for r.Succ = 0; r.Succ < succs; r.Succ++ {
		for mask := 0; mask < 1<<(len(used)+len(fresh)); mask++ {
			for j, i := range used {
				r.Choices[i] = mask&(1<<j) != 0
			}
			for j, i := range fresh {
				r.Fresh[i] = mask&(1<<(len(used)+j)) != 0
			}
			if st.Kind == bp.Assign && st.Broadcast() {
				if err := sem.broadcastSuccessors(s, ti, st, &r, emit); err != nil {
					return nil, false, err
				}
				continue
			}
			n, eff, taken := sem.Apply(s, ti, &r)
			switch eff {
			case Moved:
				emit(n, taken)
			case Fails:
				failed = true
			}
		}
	}
	return out, failed, nil
}

// broadcastSuccessors emits the outcomes of a broadcast for the active
// choices of r: every combination of each passive thread's distinct
// outcomes.
func (sem *Semantics) broadcastSuccessors(s *bp.State, ti int, st *bp.Step, r *Resolution, emit func(bp.State, int)) error {
	n, ok := ActivePart(s, ti, st, r.Choices)
	if !ok {
		return nil
	}
	options := make([][][]bool, len(s.Threads)) // per passive thread: one choice vector per distinct outcome
	product := 1
	for pj := range s.Threads {
		if pj == ti {
			continue
		}
		opts, err := sem.passiveOptions(st, sem.PassiveEnv(s, &n, ti, pj))
		if err != nil {
			return err
		}
		if len(opts) == 0 {
			if sem.reading == bp.Blocking {
				return nil
			}
			opts = [][]bool{nil} // it cannot take the step, and keeps its values
		}
		options[pj] = opts
		if product *= len(opts); product > 1<<maxEnum {
			return sem.tooWide(st, maxEnum+1)
		}
	}
	r.Passive = make([][]bool, len(s.Threads))
	var each func(pj int)
	each = func(pj int) {
		if pj == ti {
			pj++
		}
		if pj >= len(s.Threads) {
			if next, eff, _ := sem.Apply(s, ti, r); eff == Moved {
				emit(next, -1)
			}
			return
		}
		for _, o := range options[pj] {
			r.Passive[pj] = o
			each(pj + 1)
		}
	}
	each(0)
	r.Passive = nil
	return nil
}

// passiveOptions lists a choice vector for each distinct outcome a
// passive thread (environment pe) can give its targets.
func (sem *Semantics) passiveOptions(st *bp.Step, pe *Env) ([][]bool, error) {
	used := UsedChoices(st.PassiveValues, st.PassiveConstraint)
	if len(used) > maxEnum {
		return nil, sem.tooWide(st, len(used))
	}
	var out [][]bool
	seen := map[string]bool{}
	locals := make([]bool, len(pe.Passive))
	for mask := 0; mask < 1<<len(used); mask++ {
		ch := make([]bool, st.PassiveChoices)
		for j, i := range used {
			ch[i] = mask&(1<<j) != 0
		}
		copy(locals, pe.Passive)
		if !PassivePart(st, pe, ch, locals) {
			continue
		}
		if k := fmt.Sprint(locals); !seen[k] {
			seen[k] = true
			out = append(out, ch)
		}
	}
	return out, nil
}

func (sem *Semantics) tooWide(st *bp.Step, n int) error {
	return fmt.Errorf("%s: the step has %d non-deterministic values to enumerate: %w", sem.prog.Position(st), n, ErrTooWide)
}

// stateKey is s as a string, thread identities and order included.
func stateKey(s *bp.State) string {
	b := make([]byte, 0, 64)
	for _, v := range s.Globals {
		b = append(b, bit(v))
	}
	for _, t := range s.Threads {
		b = binary.AppendUvarint(append(b, '|'), uint64(t.ID))
		b = binary.AppendUvarint(b, uint64(t.Proc))
		b = binary.AppendUvarint(b, uint64(t.PC))
		b = append(b, bit(t.Atomic))
		for _, v := range t.Locals {
			b = append(b, bit(v))
		}
	}
	return string(b)
}

func bit(v bool) byte {
	if v {
		return '1'
	}
	return '0'
}

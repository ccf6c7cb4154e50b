package bp

// Globals fixed to one value, and the branches they decide.
//
// A global is fixed to a value c when every assignment of it, in every
// proc, assigns the constant c, and main has assigned it on every path to
// each of its thread starts. It then holds c wherever a thread runs
// beside main (in a started thread; in main where every path from its
// entry has assigned it, mustWritten), whatever the interleaving: every
// step that writes it writes c. A branch or an assume there whose
// condition reads only fixed globals and constants has one outcome, the
// same in every execution, and FixedTargetUnreachable (property.go)
// follows only that one; its answer is checked by the judge as an
// inductive invariant (bopgo's static.go), never trusted.
//
// Getafix's SafeStack underapprox_safe files have three threads that pop
// an element, set its value to 0, check that it is 0 (goto SLIC_ERROR
// otherwise) and push it back; in the "safe" files the other threads no
// longer write the values, and init and thread0 write 0 only. So the
// values are fixed to 0 and no SLIC_ERROR is reachable (the last of each
// thread follows assume(F)), where the explicit engine's search stored
// more than 24 million states in 300 s without an end: with super_atomic
// declared first and never set, the atomic sections have no effect.
//
// Only for programs without calls (a call's results can be a global's
// value, and a callee can start threads before main assigns) or
// broadcasts: for them no global is fixed.

// fixing is the fixed globals of a program: fixed[g] is -1 where g is
// not fixed, else its value (0 or 1), and mainWritten, per pc of main,
// the globals every path from main's entry to it assigns (nil where no
// path reaches).
type fixing struct {
	fixed       []int8
	mainWritten []Bits
}

// fixedGlobals computes p's fixed globals; nil when none is.
func (p *Program) fixedGlobals() *fixing {
	if p.HasCalls() || p.HasBroadcasts() || len(p.Globals) == 0 {
		return nil
	}
	fixed := make([]int8, len(p.Globals))
	assigned := make([]bool, len(p.Globals))
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			st := &proc.Steps[i]
			for k, t := range st.Targets {
				if t.Scope != Global {
					continue
				}
				v := st.Values[k]
				c := int8(0)
				if v.Op == TConst && v.Val {
					c = 1
				}
				switch {
				case v.Op != TConst:
					fixed[t.Index], assigned[t.Index] = -1, true
				case !assigned[t.Index]:
					fixed[t.Index], assigned[t.Index] = c, true
				case fixed[t.Index] != c:
					fixed[t.Index] = -1
				}
			}
		}
	}
	main := p.Procs[0]
	written := mustWritten(main, len(p.Globals))
	any := false
	for g := range fixed {
		if !assigned[g] {
			fixed[g] = -1 // never assigned: any initial value
		}
		for pc := range main.Steps {
			if main.Steps[pc].Kind == Spawn && (written[pc] == nil || !written[pc].Has(g)) {
				fixed[g] = -1
			}
		}
		any = any || fixed[g] >= 0
	}
	if !any {
		return nil
	}
	return &fixing{fixed: fixed, mainWritten: written}
}

// decided returns the outcome of t at pc of proc when it reads only
// constants and fixed globals that hold their value there.
func (f *fixing) decided(t *Term, proc, pc int) (bool, bool) {
	if f == nil {
		return false, false
	}
	known := func(g int) bool {
		return f.fixed[g] >= 0 && (proc != 0 || f.mainWritten[pc] != nil && f.mainWritten[pc].Has(g))
	}
	var eval func(t *Term) (bool, bool)
	eval = func(t *Term) (bool, bool) {
		switch t.Op {
		case TConst:
			return t.Val, true
		case TVar:
			if t.Ref.Scope != Global || t.Primed || t.Passive || !known(t.Ref.Index) {
				return false, false
			}
			return f.fixed[t.Ref.Index] == 1, true
		case TNondet, TChoose:
			return false, false
		}
		var args []bool
		for _, a := range t.Args {
			v, ok := eval(a)
			if !ok {
				return false, false
			}
			args = append(args, v)
		}
		switch t.Op {
		case TNot:
			return !args[0], true
		case TAnd:
			return args[0] && args[1], true
		case TOr:
			return args[0] || args[1], true
		case TXor:
			return args[0] != args[1], true
		case TIff:
			return args[0] == args[1], true
		case TImplies:
			return !args[0] || args[1], true
		}
		return false, false
	}
	return eval(t)
}

// mustWritten returns, per pc of proc, the globals that every path from
// its entry to pc assigns (nil where no path reaches). Reached pcs are
// kept apart from their sets, which can be empty (no globals) and so
// nil: a nil set must not read as "not reached yet", or a loop is
// pushed for ever.
func mustWritten(proc *Proc, globals int) []Bits {
	in := make([]Bits, len(proc.Steps))
	reached := make([]bool, len(proc.Steps))
	in[proc.Entry], reached[proc.Entry] = NewBits(globals), true
	for work := []int{proc.Entry}; len(work) > 0; {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		out := append(NewBits(globals)[:0], in[pc]...)
		for _, t := range proc.Steps[pc].Targets {
			if t.Scope == Global {
				out.Add(t.Index)
			}
		}
		for _, s := range proc.Succs(pc) {
			switch {
			case !reached[s]:
				in[s], reached[s] = append(NewBits(globals)[:0], out...), true
				work = append(work, s)
			case s != proc.Entry:
				changed := false
				for w := range in[s] {
					if m := in[s][w] & out[w]; m != in[s][w] {
						in[s][w], changed = m, true
					}
				}
				if changed {
					work = append(work, s)
				}
			}
		}
	}
	for pc := range in {
		if !reached[pc] {
			in[pc] = nil
		}
	}
	return in
}

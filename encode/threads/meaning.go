package threads

import (
	"slices"

	"github.com/bopgo/bopgo/bp"
)

// What the system's states stand for, in the program's terms, for the
// evidence the counter engine gives (engine.CounterProof): the judge
// looks up the state of each thread and of the globals through these and
// checks every step of the program against the rules, so it trusts none
// of them.

// Kind says what sort of state a Shared or a Local is.
type Kind uint8

// Kinds of states.
const (
	KindStart    Kind = iota // shared and local: before the program's start (the initial state)
	KindError                // shared and local: the property violated (the target)
	KindEnded                // local: a thread that ended
	KindThread               // local: a thread's state
	KindStarting             // local: a thread starting another, mid-start
	KindGlobals              // shared: the globals, the lock and the phase
)

// Shared is what a shared state stands for.
type Shared struct {
	Kind Kind // KindStart, KindError or KindGlobals
	// Globals, Lock (a thread holds an atomic section) and Phase (0; 1:
	// a creator has left its state to start a thread; 2: the new thread
	// is there, the creator not yet moved on), for KindGlobals.
	Globals []bool
	Lock    bool
	Phase   int
}

// Local is what a local state stands for.
type Local struct {
	Kind Kind
	// Thread is, for KindThread, the thread's state (proc, pc, atomic
	// flag, locals, the dead ones false; no ID), for KindStarting the
	// creator's at its start_thread.
	Thread bp.ThreadState
	// After is, for KindStarting, the creator's local once it has moved
	// on. The thread it starts is the target of the spawn rule from this
	// local (one per valuation of the globals, which may differ).
	After int
}

// SharedMeaning is what shared state s stands for.
func (p *Program) SharedMeaning(s int) Shared {
	switch s {
	case sharedInit:
		return Shared{Kind: KindStart}
	case sharedError:
		return Shared{Kind: KindError}
	}
	g, lock, phase := p.decodeShared(s)
	return Shared{Kind: KindGlobals, Globals: p.globals(g), Lock: lock, Phase: phase}
}

// LocalMeaning is what local state l stands for.
func (p *Program) LocalMeaning(l int) Local {
	switch l {
	case localInit:
		return Local{Kind: KindStart}
	case localError:
		return Local{Kind: KindError}
	case localEnded:
		return Local{Kind: KindEnded}
	}
	ls := p.locals[l-firstLocal]
	t := ls.t
	t.Locals = slices.Clone(t.Locals)
	if ls.pending == 0 {
		return Local{Kind: KindThread, Thread: t}
	}
	return Local{Kind: KindStarting, Thread: t, After: ls.of}
}

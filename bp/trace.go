package bp

// Concrete states and executions of a lowered program: what engines
// produce as counterexamples, what bp/interp replays, and what the root
// package prints. Every value is 0 or 1; a thread is identified by the
// number it got when it was started (main is 0).

// State is a concrete program state.
type State struct {
	Globals []bool
	Threads []ThreadState // in creation order
}

// ThreadState is one thread of a concrete state: the frame it runs in
// (Proc, PC, Locals) and the frames it called from.
type ThreadState struct {
	ID     int
	Proc   int
	PC     int
	Atomic bool
	Locals []bool
	// Stack holds the frames of the calls of recursive functions the
	// thread is in, outermost first; empty in a program without them.
	Stack []CallFrame
}

// CallFrame is a caller's frame on a thread's call stack: the proc and
// pc of its Call step, and its locals, which the callee cannot change
// (but the thread-locals, handed back on return).
type CallFrame struct {
	Proc, PC int
	Locals   []bool
}

// Thread returns the thread with identity id, or nil.
func (s *State) Thread(id int) *ThreadState {
	for i := range s.Threads {
		if s.Threads[i].ID == id {
			return &s.Threads[i]
		}
	}
	return nil
}

// Clone returns a deep copy of s.
func (s *State) Clone() State {
	c := State{Globals: append([]bool(nil), s.Globals...), Threads: make([]ThreadState, len(s.Threads))}
	for i, t := range s.Threads {
		c.Threads[i] = t
		c.Threads[i].Locals = append([]bool(nil), t.Locals...)
		if t.Stack != nil {
			c.Threads[i].Stack = make([]CallFrame, len(t.Stack))
			for k, f := range t.Stack {
				f.Locals = append([]bool(nil), f.Locals...)
				c.Threads[i].Stack[k] = f
			}
		}
	}
	return c
}

// TraceStep is one executed step: the thread that moved, the step it
// executed, and the state before it.
type TraceStep struct {
	Thread     int // thread identity
	Proc, PC   int
	Before     State
	Taken      int  // a branch's outcome: 1 then, 0 else; -1 for other steps
	Suppressed bool // a thread start that the thread bound suppressed
	// Choices are the values the step's choices took, by choice number
	// (Step.Choices of them), when they are known: an engine's trace
	// shows states, which need not fix a choice that changes nothing
	// live, so only an execution that chose them (judge.Concretize) has
	// them; nil otherwise, and for a step without choices.
	Choices []bool
}

// ViolationKind says how a trace violates the property.
type ViolationKind int

// Violation kinds.
const (
	AssertionFails ViolationKind = iota // the last step is an assertion that fails
	LabelReached                        // Final has a thread at the label
)

// Trace is a counterexample: an execution that violates the property.
// Its states are read only: neighbouring steps' states may share a slice
// where their values are equal (the explicit engine shares the globals
// of the steps that write none, which on a trace of millions of steps is
// most of its memory), so a state is cloned (State.Clone) to change it.
type Trace struct {
	Steps []TraceStep
	Final State // the state after the last step (for AssertionFails, before it)
	Kind  ViolationKind
}

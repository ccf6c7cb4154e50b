package bp

import (
	"errors"
	"fmt"
	"sync"

	"github.com/bopgo/bopgo/bp/syntax"
)

// The lowered form: what every engine executes.
//
// Invariants:
//   - A Program has one Proc per thread body: Procs[0] is main; every
//     function started as a thread has its own Proc. Calls are inlined,
//     but for calls of recursive functions (those on a cycle of calls):
//     each recursive function has a Callable Proc of its own, entered by
//     a Call step and left by a Return step, with a fresh frame of locals
//     at every call. A thread's control state is (proc, pc) with pc an
//     index into Proc.Steps, and a stack of the frames it called from
//     (bp.ThreadState.Stack); a program without recursion has no Call
//     step and every stack stays empty.
//   - Each node is one atomic step of one thread. A step either is enabled
//     (assume/constrain satisfied for some choice of its non-deterministic
//     values) or blocks the thread without changing anything.
//   - Variables are slots: VarRef{Global, i} is Program.Globals[i], shared
//     by all threads; VarRef{Local, i} is Proc.Locals[i] of the running
//     thread. Local slots [0, len(Program.ThreadLocals)) of every proc hold
//     the thread-local globals, in the same order, so a thread start can
//     copy them across procs.
//   - Every `*` and every schoose in one node has its own choice number in
//     [0, Step.Choices): engines enumerate or encode choices per node.
//     The passive part of a broadcast (below) numbers its own choices in
//     [0, Step.PassiveChoices), a separate space: each passive thread
//     draws all of them afresh.
//   - A broadcast is an Assign step with passive parts (Step.Broadcast):
//     PassiveTargets are local slots written in every passive thread (every
//     live thread but the one running the step) with PassiveValues, and
//     PassiveConstraint must hold for each passive thread separately. A
//     Term with Passive set is a local slot of the passive thread (y$, or
//     'y$ with Primed); it occurs only in PassiveValues and
//     PassiveConstraint, never in Values, Constraint, Cond or SpawnArgs.
//     Plain variables in the passive part are the active thread's and the
//     globals, primed ones their values after the active part. Passive
//     slots index the locals of the proc that runs the step; lowering
//     accepts broadcasts only in programs with a single proc, so every
//     passive thread has the same slots. Whether a passive thread without
//     a satisfying choice blocks the step or stays unchanged is the
//     engines' option (blocking by default).

// Scope says whether a variable slot is shared or belongs to the thread.
type Scope uint8

// Scopes of variable slots.
const (
	Global Scope = iota
	Local
)

// VarRef names a variable slot.
type VarRef struct {
	Scope Scope
	Index int
}

// TermOp is the operator of a Term.
type TermOp uint8

// Term operators.
const (
	TConst   TermOp = iota // Val
	TVar                   // Ref, Primed
	TNondet                // a fresh value: choice number Choice
	TNot                   // Args[0]
	TAnd                   // Args[0] & Args[1]
	TOr                    // Args[0] | Args[1]
	TXor                   // Args[0] ^ Args[1] (also !=)
	TIff                   // Args[0] = Args[1]
	TImplies               // Args[0] => Args[1]
	TChoose                // schoose[Args[0], Args[1]]: T if a, else F if b, else choice Choice
)

// Term is a lowered Boolean expression over variable slots.
type Term struct {
	Op      TermOp
	Val     bool
	Ref     VarRef
	Primed  bool // the value after the step (inside a constraint)
	Passive bool // TVar: the passive thread's local slot Ref.Index (y$)
	Choice  int
	Args    []*Term
	// Pos, for TNondet and TChoose, is where the * or schoose is written,
	// so that a trace can say which of a statement's * took which value;
	// NoPos for a choice the lowering adds (a declaration's or dead's
	// value, a missing argument or return value, enforce's invariant
	// copied into an assignment), which the statement's text does not
	// show.
	Pos syntax.Pos
}

// StepKind is the kind of a lowered step.
type StepKind uint8

// Step kinds.
const (
	Skip        StepKind = iota // go to Next
	Assign                      // Targets := Values, if Constraint holds; go to Next (and the passive parts)
	Assume                      // block unless Cond; go to Next
	Assert                      // the property fails if Cond can be false; go to Next
	Branch                      // go to Then if Cond, else to Else
	Goto                        // go to one of Succs, non-deterministically
	Spawn                       // start a thread (see Spawn*); go to Next
	EndThread                   // the thread terminates
	AtomicBegin                 // only this thread runs until AtomicEnd
	AtomicEnd                   // other threads may run again
	Call                        // call Callable proc Callee (see Call*); its Return continues at Next
	Return                      // leave a Callable proc with Values
)

var stepKindNames = [...]string{"skip", "assign", "assume", "assert", "branch", "goto", "spawn", "end_thread", "atomic_begin", "atomic_end", "call", "return"}

func (k StepKind) String() string {
	if int(k) < len(stepKindNames) {
		return stepKindNames[k]
	}
	return "?"
}

// Step is one atomic step of a thread.
type Step struct {
	Kind    StepKind
	Pos     syntax.Pos // the source statement
	Text    string     // the statement as written, on one line, for traces
	Labels  []string   // the statement's labels (on its first node only)
	Frame   int        // index into Proc.Frames: the inlined function instance
	Choices int        // number of choice numbers used by the node's terms

	Next int // successor of straight-line steps

	Targets    []VarRef // Assign
	Values     []*Term  // Assign, same length as Targets
	Constraint *Term    // Assign; nil means T

	// Assign, broadcast parts (see the invariants above): every passive
	// thread assigns PassiveTargets (local slots) := PassiveValues, with
	// its own PassiveChoices fresh choices, if PassiveConstraint holds.
	PassiveTargets    []VarRef
	PassiveValues     []*Term
	PassiveConstraint *Term // nil means T
	PassiveChoices    int

	Cond       *Term // Assume, Assert, Branch
	Then, Else int   // Branch

	Succs []int // Goto

	// Spawn: the new thread runs SpawnProc from SpawnPC. With CopyLocals
	// it starts with a copy of all the creator's locals (start_thread goto,
	// same proc); otherwise SpawnArgs are assigned to the new proc's Params
	// and its thread-locals are copied from the creator, the rest starting
	// non-deterministic.
	SpawnProc  int
	SpawnPC    int
	SpawnArgs  []*Term
	CopyLocals bool

	// Call: the thread pushes its frame (proc, pc, locals) and enters
	// Callable proc Callee at its Entry, with a new frame: the callee's
	// Params take Args (evaluated in the caller; a parameter without an
	// argument is non-deterministic), its thread-local slots the
	// caller's, every other local a non-deterministic value. The callee's
	// Return pops the frame: the caller's thread-locals take the callee's,
	// RetTargets (caller slots, or globals; Index -1: the value is
	// dropped) the returned Values, and the caller goes on at Next. (An
	// enforce invariant around a call with results is rejected by
	// lowering, so a Call has no Constraint.)
	Callee     int
	Args       []*Term
	RetTargets []VarRef
	// Return: Values are the returned values, one per result of the
	// function (missing ones written as a fresh `*`).
}

// Broadcast reports whether the step has a passive part: it writes or
// constrains the locals of every other live thread.
func (n *Step) Broadcast() bool {
	return len(n.PassiveTargets) > 0 || n.PassiveConstraint != nil
}

// LocalVar describes a local slot of a proc.
type LocalVar struct {
	Name        string // source name
	Frame       int    // owning frame; -1 for thread-local globals
	ThreadLocal bool
}

// Frame is one inlined function instance in a proc.
type Frame struct {
	Func   string // the function's name
	Parent int    // calling frame, -1 for the thread's top frame
	Slots  []int  // local slots of its parameters and locals, in order
}

// Proc is the code of one kind of thread, or of one recursive function
// (Callable).
type Proc struct {
	Name   string
	Entry  int
	Steps  []Step
	Locals []LocalVar
	Params []int // local slots receiving SpawnArgs (a thread) or a Call's Args
	Frames []Frame
	// Callable: a recursive function, entered by Call steps, never the
	// body of a thread; Returns is its number of results.
	Callable bool
	Returns  int
}

// Program is a lowered, checked Boolean program. Its facts (Live) are
// computed once, on first use; a Program is not to be copied.
type Program struct {
	File         *syntax.File
	Globals      []string // shared variables
	ThreadLocals []string // names of thread-local globals (local slots 0..n-1)
	Procs        []*Proc  // Procs[0] is main
	// Dialect is the dialect the file was read in (BoPPo's or Getafix's,
	// whose Procs[0] runs init and starts the threads: getafix.go).
	Dialect syntax.Dialect
	// DefaultLabel is the property the program carries when the caller
	// names none: no statement labelled DefaultLabel is reached (Getafix's
	// SLIC_ERROR), or, if empty, the assertions hold.
	DefaultLabel string
	// Notes are remarks on reading the file that are not errors: the
	// dialect chosen for a file that reads in both, idioms of Getafix's
	// accepted with its meaning. Sorted by position.
	Notes syntax.ErrorList

	liveOnce       sync.Once
	live           [][]Bits
	globalLiveOnce sync.Once
	globalLive     [][]Bits
	factsMu        sync.Mutex
	targets        map[string][][]bool // Targets, by label
}

// Live returns the liveness of every proc (Proc.Liveness), Live()[proc][pc],
// computed once for all engines and thread bounds. The caller must not
// change it.
func (p *Program) Live() [][]Bits {
	p.liveOnce.Do(func() {
		for _, proc := range p.Procs {
			p.live = append(p.live, proc.Liveness(len(p.ThreadLocals)))
		}
	})
	return p.live
}

// Label is a place in the lowered program that carries a source label.
type Label struct {
	Proc, PC int
}

// FindLabel returns every node labelled name, in proc and pc order.
func (p *Program) FindLabel(name string) []Label {
	var out []Label
	for i, proc := range p.Procs {
		for pc := range proc.Steps {
			for _, l := range proc.Steps[pc].Labels {
				if l == name {
					out = append(out, Label{i, pc})
					break
				}
			}
		}
	}
	return out
}

// HasAsserts reports whether any node is an assertion.
func (p *Program) HasAsserts() bool {
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			if proc.Steps[i].Kind == Assert {
				return true
			}
		}
	}
	return false
}

// Position resolves a node's position.
func (p *Program) Position(n *Step) syntax.Position { return p.File.Position(n.Pos) }

// FrameLocals returns the local slots visible in frame f: the thread-locals
// and the locals of f and of every frame that called it, outermost first.
func (pr *Proc) FrameLocals(f int) []int {
	var chain []int
	for ; f >= 0; f = pr.Frames[f].Parent {
		chain = append(chain, f)
	}
	var slots []int
	for i, l := range pr.Locals {
		if l.ThreadLocal {
			slots = append(slots, i)
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		slots = append(slots, pr.Frames[chain[i]].Slots...)
	}
	return slots
}

// LocalName is the name of a local slot as traces print it: func::name, or
// the bare name for thread-locals.
func (pr *Proc) LocalName(slot int) string {
	l := pr.Locals[slot]
	if l.ThreadLocal {
		return l.Name
	}
	return pr.Frames[l.Frame].Func + "::" + l.Name
}

// ErrRecursion says that a translation of the program (to Promela, a
// circuit, a thread-transition system) keeps a thread's state as one
// frame, and the program has recursive functions.
var ErrRecursion = errors.New("recursive functions are not supported by this translation (the explicit engine runs them)")

// HasCalls reports whether the program has recursive functions: Call
// steps, and threads with call stacks. Engines that keep a thread's state
// as one frame decline such a program.
func (p *Program) HasCalls() bool {
	for _, proc := range p.Procs {
		if proc.Callable {
			return true
		}
	}
	return false
}

// StartsThreads reports whether the program has a thread start: without
// one, main is its only thread.
func (p *Program) StartsThreads() bool {
	for _, proc := range p.Procs {
		for i := range proc.Steps {
			if proc.Steps[i].Kind == Spawn {
				return true
			}
		}
	}
	return false
}

// String renders a term for debugging and tests.
func (t *Term) String() string {
	switch t.Op {
	case TConst:
		if t.Val {
			return "T"
		}
		return "F"
	case TVar:
		s := fmt.Sprintf("%c%d", "gl"[t.Ref.Scope], t.Ref.Index)
		if t.Passive {
			s += "$"
		}
		if t.Primed {
			s = "'" + s
		}
		return s
	case TNondet:
		return fmt.Sprintf("*%d", t.Choice)
	case TNot:
		return "!" + t.Args[0].String()
	case TChoose:
		return fmt.Sprintf("schoose%d[%s,%s]", t.Choice, t.Args[0], t.Args[1])
	}
	op := map[TermOp]string{TAnd: "&", TOr: "|", TXor: "^", TIff: "=", TImplies: "=>"}[t.Op]
	return "(" + t.Args[0].String() + " " + op + " " + t.Args[1].String() + ")"
}

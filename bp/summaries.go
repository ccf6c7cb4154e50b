package bp

// Summaries are the evidence that a program of one thread with recursive
// functions is safe: the fixed point of procedure summaries that the
// explicit engine computed (engine/explicit/summary.go), in terms any
// checker can read (judge.CheckSummaries re-checks it with the
// reference semantics, sharing no code with the engine).
//
// Values are three-valued: a slot that is Any stands for both values (the
// engine had not read it, or it is dead). A context is a procedure
// entered with one entry frame; its facts are the frames it reaches (the
// entry among them), its exits what its Return steps hand back to a
// caller. Context 0 is main's, entered with every value Any.
type Summaries struct {
	Contexts []SummaryContext
}

// SummaryContext is a procedure entered with one entry frame.
type SummaryContext struct {
	Entry PartialFrame
	Facts []PartialFrame
	Exits []SummaryExit
}

// PartialFrame is a frame of the thread and the globals: proc, pc and
// three-valued values.
type PartialFrame struct {
	Proc, PC int
	Globals  []Tri
	Locals   []Tri
}

// SummaryExit is what a Return step of a context hands back: the globals,
// the thread-locals and the results.
type SummaryExit struct {
	Globals, ThreadLocals, Results []Tri
}

// Tri is a three-valued value: 0, 1 or Any.
type Tri int8

// Three-valued values.
const (
	False Tri = 0
	True  Tri = 1
	Any   Tri = -1
)

// Covers reports whether t stands for v: t is Any or v itself.
func (t Tri) Covers(v bool) bool { return t == Any || (t == True) == v }

// Size is the number of facts and exits of all contexts.
func (s *Summaries) Size() (contexts, facts, exits int) {
	for _, c := range s.Contexts {
		facts += len(c.Facts)
		exits += len(c.Exits)
	}
	return len(s.Contexts), facts, exits
}

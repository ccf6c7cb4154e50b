package tts

// The answers to a coverability question, as data: what a search claims
// (tts/cover converts its own types to these) and what the judge checks
// (package judge). They live with the format, not with either side, so
// that the search and its checker share nothing but them.

// Config is a shared state and one local per thread (in any order).
type Config struct {
	Shared int
	Locals []int
}

// Step is a rule (an index into System.Rules) and the configuration after.
type Step struct {
	Rule  int
	After Config
}

// Path is a run claimed to cover the target.
type Path struct {
	Start   Config
	Steps   []Step
	Threads int
}

// Certificate is the evidence that a target cannot be covered: the basis
// of an upward-closed set U and boxes whose union is an invariant I, so
// that U ∪ ¬I is closed under predecessors, holds the target and no
// initial configuration (the judge checks each of these).
type Certificate struct {
	Basis []Config
	Boxes []Box
}

// Box is the configurations at Shared with at most Max threads in each
// listed local (-1: any number) and at most Others (0 or -1) in every
// other local.
type Box struct {
	Shared int
	Bounds []Bound
	Others int
}

// Bound is one local's limit in a Box.
type Bound struct{ Local, Max int }

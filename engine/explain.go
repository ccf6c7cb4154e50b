package engine

// Explanation is a certificate as a person reads it: what kind of
// evidence it is, how large, and its parts in the program's terms (source
// lines, variable names), one a line. Lines may stop short of Size
// (MaxExplained); Omitted counts the rest.
type Explanation struct {
	Kind    string // e.g. "inductive invariant"
	Size    int    // how many Units
	Unit    string // e.g. "clauses"
	Lines   []string
	Omitted int
}

// MaxExplained bounds the lines of an Explanation: a proof of thousands
// of clauses is shown in part.
const MaxExplained = 200

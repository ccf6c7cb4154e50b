// Package jsonresult declares the objects of bopgo's JSON result
// (docs/json.md, schema version 1) that both its writer (cmd/bopgo) and
// its reader (internal/htmltrace) use: a counterexample's steps, the
// violation, the evidence and the certificate. One declaration keeps the
// two from drifting apart; the omitempty tags are the writer's and do
// not matter to a reader.
package jsonresult

// Step is one step of a counterexample.
type Step struct {
	Thread    int      `json:"thread"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	Labels    []string `json:"labels"`
	Statement string   `json:"statement"`
	Taken     *bool    `json:"taken"`
	Values    Values   `json:"values"`
	Calls     []Call   `json:"calls,omitempty"`
	Note      string   `json:"note,omitempty"`
	// What the step did (trace.Effect), added to schema version 1.
	Started int      `json:"started,omitempty"`
	Ended   bool     `json:"ended,omitempty"`
	Atomic  bool     `json:"atomic,omitempty"`
	Changed *Changed `json:"changed,omitempty"`
	Blocked []int    `json:"blocked,omitempty"`
	Written []Write  `json:"written,omitempty"`
	// The value each * took (trace.Choice), added to schema version 1.
	Choices []Choice `json:"choices,omitempty"`
}

// Values are the state before a step: the globals and the running
// thread's locals.
type Values struct {
	Globals map[string]bool `json:"globals"`
	Locals  map[string]bool `json:"locals"`
}

// Choice is the value a * or schoose of the statement took, where it is
// written (trace.Choice); Assigned: the * is an assignment's whole
// value, which Written shows, Chosen.
type Choice struct {
	Line     int  `json:"line"`
	Column   int  `json:"column"`
	Value    bool `json:"value"`
	Schoose  bool `json:"schoose,omitempty"`
	Assigned bool `json:"assigned,omitempty"`
}

// Write is a variable the step assigned, changed or not (trace.Written):
// Thread says whose local it is, nil for a shared variable.
type Write struct {
	Name      string `json:"name"`
	Value     bool   `json:"value"`
	Thread    *int   `json:"thread,omitempty"`
	Unchanged bool   `json:"unchanged,omitempty"`
	Chosen    bool   `json:"chosen,omitempty"`
}

// Changed are the values a step changed: the running thread's globals
// and locals, and other threads' locals.
type Changed struct {
	Globals map[string]bool `json:"globals,omitempty"`
	Locals  map[string]bool `json:"locals,omitempty"`
	Threads []ThreadValues  `json:"threads,omitempty"`
}

// ThreadValues are another thread's locals a step changed.
type ThreadValues struct {
	Thread int             `json:"thread"`
	Locals map[string]bool `json:"locals"`
}

// Call is one call of a recursive function on a thread's stack,
// outermost first: the function called and where it was called.
type Call struct {
	Function string `json:"function"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// Violation is where the property fails.
type Violation struct {
	Kind      string `json:"kind"`
	Label     string `json:"label,omitempty"`
	Thread    int    `json:"thread"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Statement string `json:"statement"`
}

// Evidence is what a definite answer rests on, as the judge ruled
// (bopgo.Evidence): a reader claims a check only when Checked says one
// ran.
type Evidence struct {
	Kind    string `json:"kind"`
	Checked bool   `json:"checked"`
	Words   string `json:"words"`
}

// Certificate is a safe answer's certificate in words
// (bopgo.Explanation); Omitted counts the lines left out of Lines (a
// large invariant is shown in part).
type Certificate struct {
	Kind    string   `json:"kind"`
	Size    int      `json:"size"`
	Unit    string   `json:"unit"`
	Lines   []string `json:"lines,omitempty"`
	Omitted int      `json:"omitted,omitempty"`
}

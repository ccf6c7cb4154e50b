package htmltrace

import (
	"encoding/json"
	"fmt"
)

// Result is the part of a bopgo JSON result (docs/json.md, schema
// version 1) that a page draws. Fields this package does not draw are
// ignored when decoding.
type Result struct {
	Version     int          `json:"version"`
	File        string       `json:"file"`
	Verdict     string       `json:"verdict"`
	Reason      string       `json:"reason"`
	Limit       string       `json:"limit"`
	Property    string       `json:"property"`
	Engine      string       `json:"engine"`
	Dialect     string       `json:"dialect"`
	Unchecked   bool         `json:"unchecked"`
	Evidence    *Evidence    `json:"evidence"`
	Stats       Stats        `json:"stats"`
	Errors      []string     `json:"errors"`
	Trace       []Step       `json:"trace"`
	Violation   *Violation   `json:"violation"`
	Certificate *Certificate `json:"certificate"`
}

// Step is one step of a counterexample.
type Step struct {
	Thread    int      `json:"thread"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	Labels    []string `json:"labels"`
	Statement string   `json:"statement"`
	Taken     *bool    `json:"taken"`
	Values    struct {
		Globals map[string]bool `json:"globals"`
		Locals  map[string]bool `json:"locals"`
	} `json:"values"`
	Calls   []Call    `json:"calls"`
	Note    string    `json:"note"`
	Started int       `json:"started"`
	Ended   bool      `json:"ended"`
	Atomic  bool      `json:"atomic"`
	Changed *Changed  `json:"changed"`
	Blocked []int     `json:"blocked"`
	Written []Written `json:"written"`
	Choices []Choice  `json:"choices"`
}

// Choice is the value a * (or schoose) of the statement took, where it
// is written; Assigned: the * is an assignment's whole value, which
// Written shows, Chosen.
type Choice struct {
	Line     int  `json:"line"`
	Column   int  `json:"column"`
	Value    bool `json:"value"`
	Schoose  bool `json:"schoose"`
	Assigned bool `json:"assigned"`
}

// Written is a variable a step assigned, changed or not: Thread is whose
// local it is, nil for a shared variable.
type Written struct {
	Name      string `json:"name"`
	Value     bool   `json:"value"`
	Thread    *int   `json:"thread"`
	Unchanged bool   `json:"unchanged"`
	Chosen    bool   `json:"chosen"`
}

// Changed are the values a step changed.
type Changed struct {
	Globals map[string]bool `json:"globals"`
	Locals  map[string]bool `json:"locals"`
	Threads []struct {
		Thread int             `json:"thread"`
		Locals map[string]bool `json:"locals"`
	} `json:"threads"`
}

// Call is one call of a recursive function on a thread's stack,
// outermost first: the function called and where it was called.
type Call struct {
	Function string `json:"function"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// Evidence is what a definite answer rests on, as the judge ruled: the
// page claims a check only when Checked says one ran.
type Evidence struct {
	Kind    string `json:"kind"`
	Checked bool   `json:"checked"`
	Words   string `json:"words"`
}

// Stats are a result's counters by name (a map: the page looks them up,
// and encoding/json writes a map's keys sorted, so the page stays
// deterministic).
type Stats map[string]float64

// Violation is where the property fails.
type Violation struct {
	Kind      string `json:"kind"`
	Label     string `json:"label"`
	Thread    int    `json:"thread"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Statement string `json:"statement"`
}

// Certificate is what a safe answer's proof shows, in words.
type Certificate struct {
	Kind  string   `json:"kind"`
	Size  int      `json:"size"`
	Unit  string   `json:"unit"`
	Lines []string `json:"lines"`
	// Omitted counts the lines left out of Lines (a large invariant is
	// shown in part).
	Omitted int `json:"omitted"`
}

// Decode reads a JSON result.
func Decode(data []byte) (*Result, error) {
	var r Result
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("reading the JSON result: %w", err)
	}
	if r.Verdict == "" {
		return nil, fmt.Errorf("reading the JSON result: no verdict (is it the output of bopgo check --json?)")
	}
	if r.Version != 1 {
		return nil, fmt.Errorf("reading the JSON result: schema version %d, this bopgo reads version 1", r.Version)
	}
	return &r, nil
}

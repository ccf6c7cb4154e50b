package htmltrace

import (
	"encoding/json"
	"fmt"

	"github.com/bopgo/bopgo/internal/jsonresult"
)

// Result is the part of a bopgo JSON result (docs/json.md, schema
// version 1) that a page draws. Fields this package does not draw are
// ignored when decoding.
type Result struct {
	Version     int                     `json:"version"`
	File        string                  `json:"file"`
	Verdict     string                  `json:"verdict"`
	Reason      string                  `json:"reason"`
	Limit       string                  `json:"limit"`
	Property    string                  `json:"property"`
	Engine      string                  `json:"engine"`
	Dialect     string                  `json:"dialect"`
	Unchecked   bool                    `json:"unchecked"`
	Evidence    *jsonresult.Evidence    `json:"evidence"`
	Stats       Stats                   `json:"stats"`
	Errors      []string                `json:"errors"`
	Trace       []jsonresult.Step       `json:"trace"`
	Violation   *jsonresult.Violation   `json:"violation"`
	Certificate *jsonresult.Certificate `json:"certificate"`
}

// Stats are a result's counters by name (a map: the page looks them up,
// and encoding/json writes a map's keys sorted, so the page stays
// deterministic).
type Stats map[string]float64

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

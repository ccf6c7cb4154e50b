package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
)

// Verdict lines: the contract with scripts, exactly as BoPPo prints them.
const (
	lineSafe    = "VERIFICATION SUCCESSFUL"
	lineUnsafe  = "VERIFICATION FAILED"
	lineUnknown = "VERIFICATION UNKNOWN"
)

// jsonVersion is the version of the JSON schema in docs/json.md. Bump it on
// any incompatible change.
const jsonVersion = 1

// printer renders results as text or as one JSON object.
type printer struct {
	w    io.Writer
	json bool
}

func newPrinter(w io.Writer, asJSON bool) *printer { return &printer{w: w, json: asJSON} }

func verdictLine(v bopgo.Verdict) string {
	switch v {
	case bopgo.Safe:
		return lineSafe
	case bopgo.Unsafe:
		return lineUnsafe
	}
	return lineUnknown
}

// inputError reports a file that could not be loaded.
func (p *printer) inputError(file string, msgs []string) {
	if !p.json {
		return // the diagnostics on stderr are the whole answer
	}
	p.encode(jsonResult{Version: jsonVersion, File: file, Verdict: "error", Reason: "bad input", Errors: msgs})
}

func (p *printer) result(file string, prog *bp.Program, res bopgo.Result, stats bool) {
	if p.json {
		p.encode(toJSON(file, res))
		return
	}
	w := p.w
	fmt.Fprintf(w, "file: %s\nproperty: %s\nengine: %s\n", file, res.Property, res.Engine)
	if res.Trace != nil {
		fmt.Fprintln(w)
		writeTrace(w, res.Trace)
	}
	if res.Reason != "" && res.Verdict != bopgo.Unsafe {
		fmt.Fprintf(w, "\nreason: %s\n", res.Reason)
		if res.Limit == bopgo.ThreadLimit {
			fmt.Fprintln(w, "(raise --max-threads to search more threads)")
		}
	}
	if stats {
		st := res.Stats
		fmt.Fprintf(w, "\nstates: %d\nsubsumed: %d (%d without QBF)\nSAT calls: %d (%.3fs)\nQBF calls: %d (%.3fs), %d more answered from the cache\nexpansions: %d reduced, %d full (%d by the cycle proviso), %d states split\nthread bound: %d\ntime: %.3fs (%.3fs checking the answer)\n",
			st.States, st.Subsumed, st.CheapSubsumed, st.SATCalls, st.SATTime.Seconds(), st.QBFCalls, st.QBFTime.Seconds(), st.CachedQBF,
			st.ReducedExpansions, st.FullExpansions, st.ProvisoExpansions, st.SplitStates, st.ThreadBound, st.Duration.Seconds(), st.CheckTime.Seconds())
		if info, _ := res.Engine.Info(); info.Depth || res.Engine == bopgo.IC3 {
			fmt.Fprintf(w, "depth: %d\n", st.Depth)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, verdictLine(res.Verdict))
}

// writeTrace prints a counterexample, one block per step.
func writeTrace(w io.Writer, tr *bopgo.Trace) {
	fmt.Fprintf(w, "counterexample (%d steps):\n", len(tr.Steps))
	for i, s := range tr.Steps {
		labels := ""
		if len(s.Labels) > 0 {
			labels = " [" + strings.Join(s.Labels, " ") + "]"
		}
		fmt.Fprintf(w, "step %d: thread %d at %s%s: %s\n", i+1, s.Thread, s.Position, labels, s.Statement)
		if len(s.Globals) > 0 {
			fmt.Fprintf(w, "    globals: %s\n", values(s.Globals))
		}
		if len(s.Locals) > 0 {
			fmt.Fprintf(w, "    locals:  %s\n", values(s.Locals))
		}
		switch s.Taken {
		case 1:
			fmt.Fprintln(w, "    condition true")
		case 0:
			fmt.Fprintln(w, "    condition false")
		}
		if s.Note != "" {
			fmt.Fprintf(w, "    %s\n", s.Note)
		}
	}
	v := tr.Violation
	switch v.Kind {
	case "assertion":
		fmt.Fprintf(w, "violation: thread %d fails the assertion at %s: %s\n", v.Thread, v.Position, v.Statement)
	case "label":
		fmt.Fprintf(w, "violation: thread %d reaches label %s at %s: %s\n", v.Thread, v.Label, v.Position, v.Statement)
	}
}

func values(vs []bopgo.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		b := 0
		if v.Value {
			b = 1
		}
		parts[i] = fmt.Sprintf("%s=%d", v.Name, b)
	}
	return strings.Join(parts, " ")
}

// The JSON form; docs/json.md is its schema.
type jsonResult struct {
	Version   int            `json:"version"`
	File      string         `json:"file"`
	Verdict   string         `json:"verdict"`
	Reason    string         `json:"reason,omitempty"`
	Limit     string         `json:"limit,omitempty"`
	Property  string         `json:"property,omitempty"`
	Engine    string         `json:"engine,omitempty"`
	Errors    []string       `json:"errors,omitempty"`
	Trace     []jsonStep     `json:"trace,omitempty"`
	Violation *jsonViolation `json:"violation,omitempty"`
	Stats     *jsonStats     `json:"stats,omitempty"`
}

type jsonStep struct {
	Thread    int        `json:"thread"`
	File      string     `json:"file"`
	Line      int        `json:"line"`
	Column    int        `json:"column"`
	Labels    []string   `json:"labels"`
	Statement string     `json:"statement"`
	Taken     *bool      `json:"taken"`
	Values    jsonValues `json:"values"`
	Note      string     `json:"note,omitempty"`
}

type jsonValues struct {
	Globals map[string]bool `json:"globals"`
	Locals  map[string]bool `json:"locals"`
}

type jsonViolation struct {
	Kind      string `json:"kind"`
	Label     string `json:"label,omitempty"`
	Thread    int    `json:"thread"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Statement string `json:"statement"`
}

type jsonStats struct {
	States      int     `json:"states"`
	Subsumed    int     `json:"subsumed"`
	SATCalls    int     `json:"sat_calls"`
	SATSeconds  float64 `json:"sat_seconds"`
	QBFCalls    int     `json:"qbf_calls"`
	QBFSeconds  float64 `json:"qbf_seconds"`
	QBFCached   int     `json:"qbf_cached"`
	Reduced     int     `json:"reduced_expansions"`
	Full        int     `json:"full_expansions"`
	Proviso     int     `json:"proviso_expansions"`
	Split       int     `json:"split_states"`
	ThreadBound int     `json:"thread_bound"`
	Depth       int     `json:"depth,omitempty"`
	Seconds     float64 `json:"seconds"`
	// CheckSeconds: time spent checking the answer (replaying the trace,
	// re-checking a certificate), included in Seconds.
	CheckSeconds float64 `json:"check_seconds"`
}

func toJSON(file string, res bopgo.Result) jsonResult {
	out := jsonResult{
		Version:  jsonVersion,
		File:     file,
		Verdict:  res.Verdict.String(),
		Reason:   res.Reason,
		Limit:    res.Limit.String(),
		Property: res.Property,
		Engine:   string(res.Engine),
		Stats: &jsonStats{
			States: res.Stats.States, Subsumed: res.Stats.Subsumed,
			SATCalls: res.Stats.SATCalls, SATSeconds: res.Stats.SATTime.Seconds(),
			QBFCalls: res.Stats.QBFCalls, QBFSeconds: res.Stats.QBFTime.Seconds(),
			QBFCached: res.Stats.CachedQBF, Reduced: res.Stats.ReducedExpansions, Full: res.Stats.FullExpansions,
			Proviso: res.Stats.ProvisoExpansions, Split: res.Stats.SplitStates,
			ThreadBound: res.Stats.ThreadBound, Depth: res.Stats.Depth, Seconds: res.Stats.Duration.Seconds(),
			CheckSeconds: res.Stats.CheckTime.Seconds(),
		},
	}
	if tr := res.Trace; tr != nil {
		out.Trace = []jsonStep{}
		for _, s := range tr.Steps {
			js := jsonStep{
				Thread: s.Thread, File: s.Position.Filename, Line: s.Position.Line, Column: s.Position.Column,
				Labels: s.Labels, Statement: s.Statement, Note: s.Note,
				Values: jsonValues{Globals: map[string]bool{}, Locals: map[string]bool{}},
			}
			if js.Labels == nil {
				js.Labels = []string{}
			}
			if s.Taken >= 0 {
				t := s.Taken == 1
				js.Taken = &t
			}
			for _, v := range s.Globals {
				js.Values.Globals[v.Name] = v.Value
			}
			for _, v := range s.Locals {
				js.Values.Locals[v.Name] = v.Value
			}
			out.Trace = append(out.Trace, js)
		}
		v := tr.Violation
		out.Violation = &jsonViolation{Kind: v.Kind, Label: v.Label, Thread: v.Thread, File: v.Position.Filename,
			Line: v.Position.Line, Column: v.Position.Column, Statement: v.Statement}
	}
	return out
}

func (p *printer) encode(v any) {
	enc := json.NewEncoder(p.w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // a write error to stdout has nowhere better to go
}

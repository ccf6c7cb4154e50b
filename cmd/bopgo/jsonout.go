package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/engine"
	"github.com/bopgo/bopgo/internal/jsonresult"
)

// The JSON form; docs/json.md is its schema.
type jsonResult struct {
	Version   int                   `json:"version"`
	File      string                `json:"file"`
	Verdict   string                `json:"verdict"`
	Reason    string                `json:"reason,omitempty"`
	Limit     string                `json:"limit,omitempty"`
	Property  string                `json:"property,omitempty"`
	Dialect   string                `json:"dialect,omitempty"`
	Engine    string                `json:"engine,omitempty"`
	Unchecked bool                  `json:"unchecked,omitempty"`
	Errors    []string              `json:"errors,omitempty"`
	Trace     []jsonresult.Step     `json:"trace,omitempty"`
	Violation *jsonresult.Violation `json:"violation,omitempty"`
	// Evidence was added to schema version 1.
	Evidence *jsonresult.Evidence `json:"evidence,omitempty"`
	// Certificate was added to schema version 1.
	Certificate *jsonresult.Certificate `json:"certificate,omitempty"`
	Stats       jsonStats               `json:"stats,omitempty"`
	// Race was added to schema version 1.
	Race []jsonRaceEntry `json:"race,omitempty"`
	// Sliced was added to schema version 1.
	Sliced *jsonSliced `json:"sliced,omitempty"`
	// Shortened was added to schema version 1.
	Shortened *jsonShape `json:"shortened,omitempty"`
}

// jsonShape is a trace's length and context switches (bopgo.TraceShape).
type jsonShape struct {
	Steps    int `json:"steps"`
	Switches int `json:"switches"`
}

// jsonSliced is what slicing cut (bopgo.SliceCounts).
type jsonSliced struct {
	Globals int `json:"globals"`
	Locals  int `json:"locals"`
	Targets int `json:"targets"`
}

// jsonRaceEntry is one engine of the default's race (bopgo.RaceEntry).
type jsonRaceEntry struct {
	Engine      string  `json:"engine"`
	Unbounded   bool    `json:"unbounded,omitempty"`
	Share       int     `json:"share"`
	CoreSeconds float64 `json:"core_seconds"`
	Outcome     string  `json:"outcome"`
	Limit       string  `json:"limit,omitempty"`
	Reason      string  `json:"reason,omitempty"`
	Stack       string  `json:"stack,omitempty"`
}

// jsonStats are a result's counters as the JSON object "stats": first
// the keys of schema version 1, always present in this order (scripts
// read them; 0 when the engine does not count it, "depth" only when not
// 0), then every other counter of the result, in its order.
type jsonStats bopgo.Counters

// jsonStatsV1 are the keys every "stats" object has (docs/json.md).
var jsonStatsV1 = []string{"states", "subsumed", "sat_calls", "sat_seconds", "qbf_calls", "qbf_seconds", "qbf_cached",
	"reduced_expansions", "full_expansions", "proviso_expansions", "split_states", "thread_bound", "depth", "seconds", "check_seconds"}

func (st jsonStats) MarshalJSON() ([]byte, error) {
	cs := bopgo.Counters(st)
	var b bytes.Buffer
	b.WriteByte('{')
	field := func(name string, v float64) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		n, _ := json.Marshal(v)
		b.Write(k)
		b.WriteByte(':')
		b.Write(n)
	}
	for _, name := range jsonStatsV1 {
		if name != "depth" || cs.Get(name) != 0 {
			field(name, cs.Get(name))
		}
	}
	for _, c := range cs {
		if !slices.Contains(jsonStatsV1, c.Name) {
			field(c.Name, c.Value)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object back in its order (for tests and tools
// that read bopgo's output with this package's types).
func (st *jsonStats) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	var cs bopgo.Counters
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		var v float64
		if err := dec.Decode(&v); err != nil {
			return err
		}
		cs = append(cs, engine.Counter{Name: t.(string), Value: v})
	}
	*st = jsonStats(cs)
	return nil
}

// get is the value of counter name (0 if absent).
func (st jsonStats) get(name string) float64 { return bopgo.Counters(st).Get(name) }

// toJSON is res in its JSON form, trace included (as a page embeds it).
func toJSON(file string, prog *bp.Program, reading bp.Reading, res bopgo.Result) jsonResult {
	out := jsonHead(file, prog, res)
	if tr := res.Trace; tr != nil {
		out.Trace = make([]jsonresult.Step, 0, len(tr.Steps))
		jsonTrace{tr, prog, reading}.each(func(s *jsonresult.Step) { out.Trace = append(out.Trace, *s) })
		out.Violation = jsonViolation(tr.Violation)
	}
	return out
}

// jsonHead is res in its JSON form but its trace.
func jsonHead(file string, prog *bp.Program, res bopgo.Result) jsonResult {
	out := jsonResult{
		Version:   jsonVersion,
		File:      file,
		Dialect:   dialectName(prog),
		Verdict:   res.Verdict.String(),
		Reason:    res.Reason,
		Limit:     res.Limit.String(),
		Property:  res.Property,
		Engine:    string(res.Engine),
		Unchecked: res.Unchecked,
		Stats:     jsonStats(res.Counters),
	}
	for _, e := range res.Race {
		out.Race = append(out.Race, jsonRaceEntry{Engine: string(e.Engine), Unbounded: e.Unbounded, Share: e.Share, CoreSeconds: e.Held.Seconds(),
			Outcome: string(e.Outcome), Limit: e.Limit.String(), Reason: e.Reason, Stack: e.Stack})
	}
	if c := res.Sliced; c != nil {
		out.Sliced = &jsonSliced{Globals: c.Globals, Locals: c.Locals, Targets: c.Targets}
	}
	if sh := res.Shortened; sh != nil {
		out.Shortened = &jsonShape{Steps: sh.Steps, Switches: sh.Switches}
	}
	if e := res.Evidence; e.Kind != "" {
		out.Evidence = &jsonresult.Evidence{Kind: e.Kind, Checked: e.Checked, Words: e.Words}
	}
	if c := res.Certificate; c != nil {
		out.Certificate = &jsonresult.Certificate{Kind: c.Kind, Size: c.Size, Unit: c.Unit, Lines: c.Lines, Omitted: c.Omitted}
	}
	return out
}

// jsonViolation is v in its JSON form.
func jsonViolation(v bopgo.Violation) *jsonresult.Violation {
	return &jsonresult.Violation{Kind: v.Kind, Label: v.Label, Thread: v.Thread, File: v.Position.Filename,
		Line: v.Position.Line, Column: v.Position.Column, Statement: v.Statement}
}

// jsonTrace is a counterexample whose steps each makes in their JSON
// form, one at a time: --json writes a trace of millions of steps
// without holding it twice (deepcount d=18: 5.5 million steps, 7 GB of
// JSON).
type jsonTrace struct {
	tr      *bopgo.Trace
	prog    *bp.Program // nil: the steps' effects are left out
	reading bp.Reading
}

// each calls f with each step in order; f may keep the step but not
// change its maps, which steps share (valueMaps).
func (jt jsonTrace) each(f func(*jsonresult.Step)) {
	var globals, locals valueMaps
	steps := jt.tr.Steps
	step := func(i int, e *bopgo.Effect) {
		s := &steps[i]
		js := jsonresult.Step{
			Thread: s.Thread, File: s.Position.Filename, Line: s.Position.Line, Column: s.Position.Column,
			Labels: s.Labels, Statement: s.Statement, Note: s.Note,
			Calls:  jsonCalls(s.Calls),
			Values: jsonresult.Values{Globals: globals.of(s.Globals), Locals: locals.of(s.Locals)},
		}
		if js.Labels == nil {
			js.Labels = []string{}
		}
		if s.Taken >= 0 {
			t := s.Taken == 1
			js.Taken = &t
		}
		if e != nil {
			addEffect(&js, *e)
		}
		for _, c := range s.Choices {
			js.Choices = append(js.Choices, jsonresult.Choice{Line: c.Position.Line, Column: c.Position.Column, Value: c.Value, Schoose: c.Schoose, Assigned: c.Assigned})
		}
		f(&js)
	}
	done := 0
	if jt.prog != nil {
		jt.tr.EachEffect(jt.prog, jt.reading, func(i int, e bopgo.Effect) {
			if i < len(steps) {
				step(i, &e)
				done = i + 1
			}
		})
	}
	for i := done; i < len(steps); i++ {
		step(i, nil)
	}
}

// valueMaps makes a step's values a JSON object, the same map for the
// steps that share their values' slice (bopgo.Step.Globals): read only,
// and encodeResult encodes such a run of steps' values once.
type valueMaps struct {
	vs []bopgo.Value
	m  map[string]bool
}

func (c *valueMaps) of(vs []bopgo.Value) map[string]bool {
	if c.m != nil && (sameSlice(vs, c.vs) || len(vs) == 0 && len(c.vs) == 0) {
		return c.m
	}
	c.vs, c.m = vs, make(map[string]bool, len(vs))
	for _, v := range vs {
		c.m[v.Name] = v.Value
	}
	return c.m
}

// addEffect writes what the step did into its JSON form.
func addEffect(js *jsonresult.Step, e bopgo.Effect) {
	js.Started = max(e.Started, 0)
	js.Ended, js.Atomic, js.Blocked = e.Ended, e.Atomic, e.Blocked
	for _, w := range e.Written {
		jw := jsonresult.Write{Name: w.Name, Value: w.Value.Value, Unchanged: w.Unchanged, Chosen: w.Chosen}
		if w.Thread >= 0 {
			jw.Thread = &w.Thread
		}
		js.Written = append(js.Written, jw)
	}
	if len(e.Globals)+len(e.Locals)+len(e.Others) == 0 {
		return
	}
	c := &jsonresult.Changed{Globals: valueMap(e.Globals), Locals: valueMap(e.Locals)}
	for _, o := range e.Others {
		c.Threads = append(c.Threads, jsonresult.ThreadValues{Thread: o.Thread, Locals: valueMap(o.Values)})
	}
	js.Changed = c
}

// valueMap is vs as a JSON object (nil when empty: omitted).
func valueMap(vs []bopgo.Value) map[string]bool {
	if len(vs) == 0 {
		return nil
	}
	m := make(map[string]bool, len(vs))
	for _, v := range vs {
		m[v.Name] = v.Value
	}
	return m
}

// encodeResult writes r as encode does, byte for byte, but the trace one
// step at a time: encoding/json builds the whole value in memory and
// then indents a copy of it, which took 10 of the 17 s of a check whose
// trace has 278,514 steps (265 MB of JSON; deepcount d=14).
func (p *printer) encodeResult(r jsonResult) {
	steps := r.Trace
	r.Trace = nil
	p.encodeStream(r, len(steps), func(f func(*jsonresult.Step)) {
		for i := range steps {
			f(&steps[i])
		}
	})
}

// encodeStream is encodeResult for a result whose n steps each makes.
func (p *printer) encodeStream(r jsonResult, n int, each func(func(*jsonresult.Step))) {
	if n == 0 {
		p.encode(r)
		return
	}
	// The result with one placeholder step, whose encoding is then
	// replaced by the steps': a string holding NULs, escaped in JSON,
	// cannot occur elsewhere.
	placeholder := jsonresult.Step{Statement: "\x00trace\x00"}
	r.Trace = []jsonresult.Step{placeholder}
	whole, err1 := json.MarshalIndent(r, "", "  ")
	ph, err2 := json.MarshalIndent(&placeholder, stepIndent, "  ")
	at := bytes.Index(whole, ph)
	if err1 != nil || err2 != nil || at < 0 {
		r.Trace = r.Trace[:0]
		each(func(s *jsonresult.Step) { r.Trace = append(r.Trace, *s) })
		p.encode(r)
		return
	}
	w := bufio.NewWriter(p.w)
	w.Write(whole[:at])
	var values stepValues
	first := true
	each(func(s *jsonresult.Step) {
		if !first {
			w.WriteString(",\n" + stepIndent)
		}
		first = false
		values.write(w, s)
	})
	w.Write(whole[at+len(ph):])
	w.WriteByte('\n')
	_ = w.Flush() // a write error to stdout has nowhere better to go
}

// stepIndent is the indentation of a trace's steps in the result.
const stepIndent = "    "

// stepValues writes steps as encoding/json does, but encodes the values
// of a run of steps that share their maps (valueMaps) once: sorting and
// indenting a map of every global for each step took most of the time of
// a check whose trace has 344,000 steps (deepcount d=14).
type stepValues struct {
	globals, locals uintptr // the maps encoded last
	text            []byte  // their encoding, as nested in a step
}

// noValues is the encoding of a step's values without maps, which write
// replaces: no other field of a step encodes to these lines (the other
// maps are omitted when empty, and a string's newlines are escaped).
var noValues, _ = json.MarshalIndent(jsonresult.Values{}, stepIndent+"  ", "  ")

func (sv *stepValues) write(w *bufio.Writer, s *jsonresult.Step) {
	vals := s.Values
	g, l := reflect.ValueOf(vals.Globals).Pointer(), reflect.ValueOf(vals.Locals).Pointer()
	if sv.text == nil || g != sv.globals || l != sv.locals {
		text, err := json.MarshalIndent(vals, stepIndent+"  ", "  ")
		if err != nil {
			panic(err) // maps of names to Booleans always encode
		}
		sv.globals, sv.locals, sv.text = g, l, text
	}
	s.Values = jsonresult.Values{}
	step, err := json.MarshalIndent(s, stepIndent, "  ")
	s.Values = vals
	if err != nil {
		panic(err) // a step holds no value that does not encode
	}
	at := bytes.Index(step, noValues)
	if at < 0 {
		panic("a step's encoding has no values")
	}
	w.Write(step[:at])
	w.Write(sv.text)
	w.Write(step[at+len(noValues):])
}

func (p *printer) encode(v any) {
	enc := json.NewEncoder(p.w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // a write error to stdout has nowhere better to go
}

func jsonCalls(cs []bopgo.Call) []jsonresult.Call {
	var out []jsonresult.Call
	for _, c := range cs {
		out = append(out, jsonresult.Call{Function: c.Function, File: c.Position.Filename, Line: c.Position.Line, Column: c.Position.Column})
	}
	return out
}

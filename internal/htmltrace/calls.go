package htmltrace

import (
	"regexp"
	"slices"
	"strings"

	"github.com/bopgo/bopgo/internal/jsonresult"
)

// A step's values hold only the running frame's locals (a recursive f's
// are f::d0 in every frame), and its calls only the functions and call
// sites on the stack. The page rebuilds the frames under the running
// one: a frame's locals cannot change while a callee runs, so they are
// those of the frame's last step before its call.

// frame is one call on a thread's stack, outermost first.
type frame struct {
	Func string `json:"f"`
	Line int    `json:"l,omitempty"` // where it was called; 0 for the thread's own function
	Col  int    `json:"c,omitempty"`
	// Values are its locals while it waits for its callee, [name, value]
	// (none for the running frame, whose values the step has).
	Values [][2]int `json:"v,omitempty"`
}

// call is what a call binds in the new frame, or what a return hands
// back to its caller.
type call struct {
	Func string `json:"f"` // the callee, or for a return the caller
	Line int    `json:"l"` // the call's position
	Col  int    `json:"c"`
	// Values are the callee's parameters, or the caller's variables the
	// call assigns, with their values.
	Values [][2]int `json:"v,omitempty"`
}

// stackTrack is what addFrames keeps of one thread.
type stackTrack struct {
	last   int        // its previous step, -1 before its first
	saved  [][][2]int // saved[k]: frame k's locals at its last step
	callAt []int      // callAt[k]: the step that called frame k+1
}

// addFrames sets the rows' depth, and their frames, calls and returns
// where a thread's depth changes.
func addFrames(d *data, r *Result, index map[string]int) {
	params := paramsOf(d.Source)
	by := map[int]*stackTrack{}
	for i := range r.Trace {
		s := &r.Trace[i]
		depth := len(s.Calls)
		d.Steps[i].Depth = depth
		tr := by[s.Thread]
		if tr == nil {
			tr = &stackTrack{last: -1}
			by[s.Thread] = tr
		}
		was := 0
		if tr.last >= 0 {
			was = len(r.Trace[tr.last].Calls)
		}
		if depth != was {
			tr.callAt = tr.callAt[:min(was, len(tr.callAt))]
			if tr.last >= 0 && depth > was {
				d.Steps[tr.last].Call = bound(s, depth, params[s.Calls[depth-1].Function], index)
				tr.callAt = append(tr.callAt, tr.last)
			} else if tr.last >= 0 {
				d.Steps[tr.last].Return = returned(r, s, tr, was, baseName(d, s.Thread), index)
			}
			d.Steps[i].Frames = stack(s, tr.saved, baseName(d, s.Thread))
		}
		tr.saved = append(tr.saved[:min(depth, len(tr.saved))], localValues(s.Values.Locals, index))
		tr.last = i
	}
	// A label's row (labelRow) is at its thread's last depth.
	if n := len(r.Trace); len(d.Steps) > n {
		if tr := by[d.Steps[n].T]; tr != nil {
			d.Steps[n].Depth = len(r.Trace[tr.last].Calls)
		}
	}
}

// baseName is the function a thread runs: its lane's name.
func baseName(d *data, t int) string {
	for _, th := range d.Threads {
		if th.ID == t {
			return th.Name
		}
	}
	return "main"
}

// stack is a thread's frames at step s: the outer ones with their saved
// locals, the running one last.
func stack(s *jsonresult.Step, saved [][][2]int, base string) []frame {
	fs := []frame{{Func: base}}
	for _, c := range s.Calls {
		fs = append(fs, frame{Func: c.Function, Line: c.Line, Col: c.Column})
	}
	for k := 0; k < len(fs)-1 && k < len(saved); k++ {
		fs[k].Values = saved[k]
	}
	return fs
}

// bound are the parameters of the frame that step s, the first of a
// call, runs in (every local when the function's parameters are not
// known from the source).
func bound(s *jsonresult.Step, depth int, params []string, index map[string]int) *call {
	c := s.Calls[depth-1]
	vals := s.Values.Locals
	if params != nil {
		vals = map[string]bool{}
		for _, p := range params {
			if v, ok := s.Values.Locals[c.Function+"::"+p]; ok {
				vals[c.Function+"::"+p] = v
			}
		}
	}
	return &call{Func: c.Function, Line: c.Line, Col: c.Column, Values: localValues(vals, index)}
}

// returned is what the return before step s, back to depth len(s.Calls)
// from was, handed back: the values of the variables the call statement
// assigns, as step s sees them.
func returned(r *Result, s *jsonresult.Step, tr *stackTrack, was int, base string, index map[string]int) *call {
	depth := len(s.Calls)
	site := r.Trace[tr.last].Calls[was-1]
	caller := base
	if depth > 0 {
		caller = s.Calls[depth-1].Function
	}
	out := &call{Func: caller, Line: site.Line, Col: site.Column}
	if depth >= len(tr.callAt) {
		return out
	}
	lhs, _, ok := strings.Cut(r.Trace[tr.callAt[depth]].Statement, ":=")
	if !ok {
		return out
	}
	vals := map[string]bool{}
	for _, n := range strings.Split(lhs, ",") {
		n = strings.TrimSpace(n)
		if v, ok := s.Values.Locals[caller+"::"+n]; ok {
			vals[caller+"::"+n] = v
		} else if v, ok := s.Values.Globals[n]; ok {
			vals[n] = v
		}
	}
	out.Values = localValues(vals, index)
	return out
}

// localValues are m's values as [name, value], by name.
func localValues(m map[string]bool, index map[string]int) [][2]int {
	out := make([][2]int, 0, len(m))
	for n, v := range m {
		out = append(out, [2]int{index[n], b2i(v)})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// funcHeader finds a function's declaration: its name and parameters.
var funcHeader = regexp.MustCompile(`^\s*(?:void|bool(?:\s*<\s*\d+\s*>)?)\s+([A-Za-z_$][A-Za-z0-9_$#\-]*)\s*\(([^)]*)\)`)

// paramsOf reads the functions' parameters off the source, only to tell
// on the page which of a new frame's locals a call bound.
func paramsOf(src []string) map[string][]string {
	out := map[string][]string{}
	for _, l := range src {
		m := funcHeader.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ps := []string{}
		for _, p := range strings.Split(m[2], ",") {
			if p = strings.TrimSpace(p); p != "" {
				ps = append(ps, p)
			}
		}
		out[m[1]] = ps
	}
	return out
}

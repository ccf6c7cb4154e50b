package tts

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// Error is one diagnostic of Read: file:line:col and a lowercase message.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// ErrorList is every diagnostic of a file, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// maxErrors stops a hopeless file from producing a diagnostic per line.
const maxErrors = 20

// maxLine bounds one line; SatAbs's broadcast lines are a few kilobytes.
const maxLine = 16 << 20

type token struct {
	text string
	col  int
}

// fields splits a line at blanks, keeping 1-based columns.
func fields(line string) []token {
	var out []token
	start := -1
	for i := 0; i <= len(line); i++ {
		blank := i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\v' || line[i] == '\f'
		switch {
		case blank && start >= 0:
			out = append(out, token{line[start:i], start + 1})
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return out
}

// Read parses a .tts file; name is used in positions.
func Read(name string, r io.Reader) (*System, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var errs ErrorList
	add := func(line, col int, format string, args ...any) {
		errs = append(errs, &Error{name, line, col, fmt.Sprintf(format, args...)})
	}
	sys := &System{}
	header := false
	lineNo := 0
	for sc.Scan() && len(errs) < maxErrors {
		lineNo++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		toks := fields(text)
		if len(toks) == 0 {
			continue
		}
		if !header {
			header = true
			if len(toks) != 2 {
				add(lineNo, toks[0].col, "header: want \"SHARED LOCALS\", got %d fields", len(toks))
				continue
			}
			var err error
			if sys.Shared, err = parseNat(toks[0].text); err != nil || sys.Shared == 0 {
				add(lineNo, toks[0].col, "header: invalid number of shared states %q", toks[0].text)
			}
			if sys.Locals, err = parseNat(toks[1].text); err != nil || sys.Locals == 0 {
				add(lineNo, toks[1].col, "header: invalid number of local states %q", toks[1].text)
			}
			continue
		}
		if rule, ok := parseRule(sys, toks, lineNo, add); ok {
			sys.Rules = append(sys.Rules, rule)
		}
	}
	if err := sc.Err(); err != nil {
		add(lineNo+1, 1, "%v", err)
	}
	if !header && len(errs) == 0 {
		add(lineNo+1, 1, "missing header \"SHARED LOCALS\"")
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool {
			if errs[i].Line != errs[j].Line {
				return errs[i].Line < errs[j].Line
			}
			return errs[i].Col < errs[j].Col
		})
		return nil, errs
	}
	return sys, nil
}

func parseRule(sys *System, toks []token, line int, add func(int, int, string, ...any)) (Rule, bool) {
	r := Rule{Line: line}
	if len(toks) < 5 {
		add(line, toks[len(toks)-1].col+len(toks[len(toks)-1].text), "rule: want \"s l -> s2 l2\", got %d fields", len(toks))
		return r, false
	}
	ok := true
	num := func(t token, limit int, what string) int {
		n, err := parseNat(t.text)
		switch {
		case err != nil:
			add(line, t.col, "%s: %v", what, err)
			ok = false
		case n >= limit:
			add(line, t.col, "%s %d out of range (0..%d)", what, n, limit-1)
			ok = false
		}
		return n
	}
	r.From.Shared = num(toks[0], sys.Shared, "shared state")
	r.From.Local = num(toks[1], sys.Locals, "local state")
	switch toks[2].text {
	case "->":
		r.Kind = Move
	case "+>":
		r.Kind = Spawn
	case "~>":
		r.Kind = Transfer
	default:
		add(line, toks[2].col, "want ->, +> or ~>, got %q", toks[2].text)
		return r, false
	}
	r.To.Shared = num(toks[3], sys.Shared, "shared state")
	r.To.Local = num(toks[4], sys.Locals, "local state")
	rest := toks[5:]
	if len(rest) > 0 && r.Kind != Move {
		add(line, rest[0].col, "only a move (->) may carry a broadcast")
		return r, false
	}
	for len(rest) > 0 {
		if len(rest) < 3 || rest[1].text != "~>" {
			t := rest[min(1, len(rest)-1)]
			add(line, t.col, "broadcast: want \"p ~> q\"")
			return r, false
		}
		p := num(rest[0], sys.Locals, "local state")
		q := num(rest[2], sys.Locals, "local state")
		r.Passes = append(r.Passes, Pass{p, q})
		rest = rest[3:]
	}
	slices.SortFunc(r.Passes, func(a, b Pass) int {
		if a.From != b.From {
			return a.From - b.From
		}
		return a.To - b.To
	})
	r.Passes = slices.Compact(r.Passes)
	return r, ok
}

// ReadState reads a target or initial state from a file in bfc's way: the
// first blank-separated word of the file (a .prop file).
func ReadState(r io.Reader) (State, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxLine))
	if err != nil {
		return State{}, err
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return State{}, fmt.Errorf("empty state file")
	}
	return ParseState(f[0])
}

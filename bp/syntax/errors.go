package syntax

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one diagnostic: a resolved position and a lowercase message
// without a final period.
type Error struct {
	Pos Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.Filename == "" && e.Pos.Line == 0 {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ErrorList is a list of diagnostics. Sort orders it by position; Err turns
// a non-empty list into an error.
type ErrorList []*Error

// Add appends a diagnostic at p.
func (l *ErrorList) Add(p Position, format string, args ...any) {
	*l = append(*l, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// Sort orders the list by file, line and column, keeping the order of
// diagnostics at the same position, and removes exact duplicates.
func (l *ErrorList) Sort() {
	sort.SliceStable(*l, func(i, j int) bool {
		a, b := (*l)[i].Pos, (*l)[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	out := (*l)[:0]
	for i, e := range *l {
		if i > 0 && e.Error() == (*l)[i-1].Error() {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list and the list itself otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

package htmltrace

import (
	"regexp"
	"strings"

	"github.com/bopgo/bopgo/internal/jsonresult"
)

// A program in Getafix's dialect (docs/semantics.md) runs through a
// translation: thread 0 runs init and then starts main and every threadN
// with steps named "start main", "start thread1"; each thread runs in an
// atomic section of the translation's own from its start to its next
// yield point. The page shows the program, not the translation: lanes
// named by their functions, the atomic shading where the program's flag
// (the first declared global, atomic by convention) holds, and the
// translation's steps folded away.
// The steps' texts are the lowering's (bp/getafix.go, getafix_yield.go);
// like a lane's name they only change what the page says, never a value.

// getafixFlag is the global that keeps the other threads out: Getafix's
// first declared global (bp/getafix.go), read off the source; "atomic"
// when the source is not at hand.
func getafixFlag(src []string) string {
	text := comments.ReplaceAllString(strings.Join(src, "\n"), " ")
	if m := firstDecl.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return "atomic"
}

var (
	comments  = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`)
	firstDecl = regexp.MustCompile(`\bdecl\s+([A-Za-z_$][A-Za-z0-9_$#\-]*)`)
)

// getafix relabels d's lanes and rows for a program in Getafix's dialect.
func getafix(d *data, r *Result) {
	for i := range d.Threads {
		t := &d.Threads[i]
		if t.ID == 0 {
			t.Name = "init"
		} else if t.Start >= 0 {
			if name, ok := strings.CutPrefix(d.Steps[t.Start].Text, "start "); ok {
				t.Name = name
			}
		}
		t.Tag = t.Name
	}
	flag := getafixFlag(d.Source)
	var held bool // the flag after the previous step
	for i := range d.Steps {
		row := &d.Steps[i]
		row.Synthetic = synthetic(row.Text)
		if i >= len(r.Trace) {
			row.Atomic = held
			continue
		}
		s := &r.Trace[i]
		before := flagHeld(flag, s.Values.Globals, nil)
		held = flagHeld(flag, s.Values.Globals, s.Changed)
		// Like atomic_begin and atomic_end, the steps that set and clear
		// the flag belong to the section.
		row.Atomic = before || held
		if !row.Atomic {
			// Between yields the translation keeps the others out, which
			// would dot every lane at every step.
			row.Blocked = nil
		}
	}
	// init takes no step after it starts the threads (its last, "end
	// of init", is never needed).
	for i := range d.Steps {
		if d.Steps[i].T == 0 && d.Steps[i].Text == "the threads run" && d.Threads[0].ID == 0 && d.Threads[0].End < 0 {
			d.Threads[0].End = i
		}
	}
}

// flagHeld tells whether flag is T in globals, or after changes when
// they are given.
func flagHeld(flag string, globals map[string]bool, changes *jsonresult.Changed) bool {
	v := globals[flag]
	if changes != nil {
		if nv, ok := changes.Globals[flag]; ok {
			v = nv
		}
	}
	return v
}

// synthetic tells whether stmt is one the translation adds: the atomic
// step that starts the threads ("start NAME" stays: it draws the thread's
// arrow), a thread starting to run, a yield, and the waits and tests of
// the flags.
func synthetic(stmt string) bool {
	switch stmt {
	case "init ends: every thread starts", "the threads run", "end of init",
		"yield: the other threads may run", "resume", "wait while init's atomic section lasts":
		return true
	}
	return strings.HasSuffix(stmt, " starts running") || strings.HasSuffix(stmt, "(the others stay out)") ||
		strings.HasSuffix(stmt, "(with atomic T the others stay out)")
}

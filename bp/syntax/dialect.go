package syntax

import (
	"fmt"
	"strings"
)

// Dialects. Two dialects of Boolean programs share the grammar and differ
// in how a program runs:
//
//   - BoPPo's (SatAbs, SLAM): main is the program's first thread, and
//     threads start with start_thread or ASYNC_n: f().
//   - Getafix's (La Torre, Madhusudan, Parlato): init runs first, alone;
//     then main and every threadN run concurrently; nothing starts a
//     thread; a global named atomic set to T keeps the other threads out;
//     the property is that no thread reaches SLIC_ERROR. bp/getafix.go
//     has the rules and their evidence.
//
// A file says which it is only by its shape (Recognise); where both
// readings are possible the program carries a note saying which was used
// (bp.Program.Notes) and bp.LoadOptions.Dialect picks the other.

// Dialect is the language a file is read in.
type Dialect uint8

// Dialects.
const (
	// DialectAuto recognises the dialect from the file (Recognise).
	DialectAuto Dialect = iota
	// DialectBoPPo is BoPPo's: main is the first thread.
	DialectBoPPo
	// DialectGetafix is Getafix's: init, then every thread at once.
	DialectGetafix
)

var dialectNames = [...]string{DialectAuto: "auto", DialectBoPPo: "boppo", DialectGetafix: "getafix"}

func (d Dialect) String() string {
	if int(d) < len(dialectNames) {
		return dialectNames[d]
	}
	return fmt.Sprintf("dialect(%d)", int(d))
}

// ParseDialect parses "auto", "boppo" or "getafix" (empty means auto).
func ParseDialect(s string) (Dialect, bool) {
	if s == "" {
		return DialectAuto, true
	}
	for d, name := range dialectNames {
		if s == name {
			return Dialect(d), true
		}
	}
	return DialectAuto, false
}

// Recognition is the dialect Recognise found for a file.
type Recognition struct {
	Dialect Dialect // DialectBoPPo or DialectGetafix
	// Ambiguous: the file reads in the other dialect too; Why says which
	// reading was chosen, why, and how to choose the other.
	Ambiguous bool
	Why       string
}

// Recognise decides a file's dialect from its shape. Getafix's programs
// have procedures that nothing calls or starts, init and main and
// threadN (a name of more than six characters beginning with "thread",
// in any case, as Getafix's translation tests it), and no thread starts.
// So a file is read in Getafix's dialect when it has no thread start
// (start_thread, ASYNC_n: f()), calls none of init, main and threadN, and
// has a threadN or both init and main; otherwise in BoPPo's. It is
// ambiguous when main exists and one of init and threadN does not: BoPPo
// would run main alone and never run the others.
func Recognise(f *SourceFile) Recognition {
	boppo := Recognition{Dialect: DialectBoPPo}
	s := surveyFile(f)
	if s.starts || s.calledThread != "" || len(s.threads) == 0 && !(s.init && s.main) {
		return boppo
	}
	r := Recognition{Dialect: DialectGetafix}
	switch {
	case s.main && !s.init:
		r.Ambiguous = true
		r.Why = fmt.Sprintf("read in Getafix's dialect: %s run concurrently with main, as nothing calls or starts them (there is no init); --dialect boppo runs main alone", strings.Join(s.threads, ", "))
	case s.main && len(s.threads) == 0:
		r.Ambiguous = true
		r.Why = "read in Getafix's dialect: init runs first, then main, as nothing calls init; --dialect boppo runs main alone"
	}
	return r
}

// survey is what Recognise looks at.
type survey struct {
	init, main   bool
	threads      []string // threadN functions, in source order
	starts       bool     // a start_thread or an ASYNC_n: f()
	calledThread string   // a call of init, main or a threadN, if any
}

func surveyFile(f *SourceFile) survey {
	var s survey
	for _, fn := range f.Funcs {
		switch name := fn.Name.Name; {
		case name == "init":
			s.init = true
		case name == "main":
			s.main = true
		case IsGetafixThreadName(name):
			s.threads = append(s.threads, name)
		}
		WalkStmts(fn.Body, func(st Stmt) {
			switch st := st.(type) {
			case *StartThreadStmt:
				s.starts = true
			case *CallStmt:
				if isAsync(st) {
					s.starts = true
				} else if isGetafixThreadFunc(st.Func.Name) && s.calledThread == "" {
					s.calledThread = st.Func.Name
				}
			}
		})
	}
	return s
}

// IsGetafixThreadName is Getafix's test for threadN: longer than six
// characters, beginning with "thread" in any case (isThreadFunction in
// its translate_Mucke.c).
func IsGetafixThreadName(name string) bool {
	return len(name) > 6 && strings.EqualFold(name[:6], "thread")
}

// isGetafixThreadFunc tells whether a function runs as a thread of its
// own (or, for init, first) in Getafix's dialect.
func isGetafixThreadFunc(name string) bool {
	return name == "init" || name == "main" || IsGetafixThreadName(name)
}

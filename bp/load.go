package bp

import "github.com/bopgo/bopgo/bp/syntax"

// LoadOptions are the choices of LoadWith.
type LoadOptions struct {
	// Dialect is the dialect to read the file in; DialectAuto (the zero
	// value) recognises it.
	Dialect syntax.Dialect
	// KeepCalls lowers every call of a function to a Call step into a
	// procedure of its own, as calls of recursive functions are; by
	// default only those are, and every other call is inlined. It is for
	// comparing procedure summaries with inlining, in BoPPo's dialect
	// (Getafix's makes every call one atomic step).
	KeepCalls bool
}

// Load parses, checks and lowers one file: the front end in one call.
// The dialect is recognised from the file (LoadOptions{}).
func Load(filename string, src []byte) (*Program, error) {
	return LoadWith(filename, src, LoadOptions{})
}

// LoadWith is Load with a choice of dialect. The program records the
// dialect it was read in (Program.Dialect) and, when the file could be
// read in the other one too, a note saying so (Program.Notes).
func LoadWith(filename string, src []byte, opts LoadOptions) (*Program, error) {
	f, err := syntax.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	d, note := opts.Dialect, ""
	if d == syntax.DialectAuto {
		r := syntax.Recognise(f)
		d = r.Dialect
		if r.Ambiguous {
			note = r.Why
		}
	}
	if d != syntax.DialectGetafix {
		return Lower(f, opts)
	}
	// Getafix's expressions have other precedences (=, & and ^ bind
	// tighter): read the file again with them.
	if f, err = syntax.ParseGetafix(filename, src); err != nil {
		return nil, err
	}
	prog, err := lowerGetafix(f)
	if err != nil {
		return nil, err
	}
	if note != "" {
		prog.Notes = append(syntax.ErrorList{{Pos: syntax.Position{Filename: filename}, Msg: note}}, prog.Notes...)
	}
	return prog, nil
}

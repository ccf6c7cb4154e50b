package main

import (
	"errors"
	"flag"
	"io"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
)

// dialectFlag is --dialect: the dialect to read the file in.
type dialectFlag struct{ d syntax.Dialect }

func (f *dialectFlag) String() string { return f.d.String() }

func (f *dialectFlag) Set(s string) error {
	d, ok := syntax.ParseDialect(s)
	if !ok {
		return errors.New("must be auto, boppo or getafix")
	}
	f.d = d
	return nil
}

func (f *dialectFlag) register(fs *flag.FlagSet) {
	fs.Var(f, "dialect", "read the file in `DIALECT`: auto (recognise it; for a file that reads in both, stderr says which reading was used), boppo (main is the first thread), or getafix (init, then main and every threadN at once; the global atomic; the property SLIC_ERROR)")
}

// printNotes prints a program's notes (the dialect chosen, idioms
// accepted) on stderr, as file:line:col: note: text.
func printNotes(w io.Writer, prog *bp.Program) {
	for _, n := range prog.Notes {
		pos := n.Pos.String()
		if pos == "" {
			pos = prog.File.Name
		}
		io.WriteString(w, pos+": note: "+n.Msg+"\n")
	}
}

package bopgo

import (
	"context"
	"fmt"
	"io"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/encode/circuit"
	threadsys "github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/mc/aiger"
	"github.com/bopgo/bopgo/tts"
)

// ExportOptions say how Export writes a program.
type ExportOptions struct {
	// Format is the model's: "promela" (SPIN, docs/promela.md), "aiger"
	// (binary AIGER 1.9, one bad-state property, docs/circuits.md) or
	// "tts" (bfc's thread-transition systems).
	Format string
	Label  string // as Options.Label
	// MaxThreads is the bound on live threads, main included (promela),
	// or the number of thread slots (aiger); 0 means DefaultMaxThreads.
	// "tts" has no bound.
	MaxThreads int
	// OverflowBad makes a thread start that finds every slot busy a bad
	// state too (aiger), instead of a start suppressed: the stronger
	// property bopgo's circuit engines check (engine/circuit), for
	// comparisons of IC3s on the circuit bopgo's IC3 decides.
	OverflowBad bool
}

// Export writes prog as a model for another checker to w. For "tts" it
// returns the state the property is about (the error), which bfc reads
// from a .prop file next to the model and which starts from --init
// '0|0'; for the other formats target is empty. An error wrapping
// bp.ErrRecursion says the format cannot hold the program.
func Export(ctx context.Context, w io.Writer, prog *bp.Program, opts ExportOptions) (target string, err error) {
	label := prog.CheckedLabel(opts.Label)
	maxThreads := opts.MaxThreads
	if maxThreads == 0 {
		maxThreads = DefaultMaxThreads
	}
	switch opts.Format {
	case "promela":
		return "", promela.Write(w, prog, promela.Options{Label: label, MaxThreads: maxThreads})
	case "aiger":
		c, err := circuit.Build(prog, label, maxThreads)
		if err != nil {
			return "", err
		}
		return "", aiger.Write(w, c.System(opts.OverflowBad))
	case "tts":
		tp, err := threadsys.Build(ctx, prog, label)
		if err != nil {
			return "", err
		}
		return tp.Target.String(), tts.Write(w, tp.Sys)
	}
	return "", fmt.Errorf("unknown export format %q (known: promela, aiger, tts)", opts.Format)
}

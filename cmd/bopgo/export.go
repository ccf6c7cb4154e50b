package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/encode/circuit"
	"github.com/bopgo/bopgo/encode/threads"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/mc/aiger"
	"github.com/bopgo/bopgo/tts"
)

const exportUsage = `usage: bopgo export --format FORMAT [flags] FILE.bp

Writes the program in FILE.bp as a model for another checker, on stdout
or into the file of -o. Formats:
  promela   a Promela model for SPIN with bopgo's semantics (docs/promela.md)
  aiger     the program as a sequential circuit, binary AIGER 1.9, with
            --max-threads thread slots (a start that finds every slot
            busy is suppressed) and one bad-state property; for ABC:
            berkeley-abc -c "&r FILE.aig; &put; pdr" (docs/circuits.md)

flags:
`

// exportFlags are the flags of bopgo export.
type exportFlags struct {
	format     string
	label      string
	maxThreads int
	output     string
	dialect    dialectFlag
}

func runExport(args []string, stdout, stderr io.Writer) int {
	var f exportFlags
	cmd := cli.New("bopgo export", exportUsage, stdout, stderr)
	fs := cmd.FlagSet
	fs.StringVar(&f.format, "format", "", "output `FORMAT`: promela, aiger, or tts (bfc's thread-transition systems: start with --init '0|0', the target in OUT.prop)")
	fs.StringVar(&f.label, "l", "", "the property is that no statement labelled `LABEL` is reachable, instead of the program's own (SLIC_ERROR in Getafix's dialect, else the assertions)")
	fs.IntVar(&f.maxThreads, "max-threads", promela.DefaultMaxThreads, "bound on live threads, main included (`N`)")
	fs.StringVar(&f.output, "o", "", "write to `FILE` instead of stdout")
	f.dialect.register(fs)
	files, status, ok := cmd.Parse(args)
	if !ok {
		return status
	}
	name, ok := cmd.OneFile(files)
	if !ok {
		return exitUsage
	}
	var write func(w io.Writer, prog *bp.Program) error
	switch f.format {
	case "promela":
		if f.maxThreads < 1 || f.maxThreads > promela.MaxThreads {
			fmt.Fprintf(stderr, "bopgo export: --max-threads must be in 1..%d for Promela\n", promela.MaxThreads)
			return exitUsage
		}
		write = func(w io.Writer, prog *bp.Program) error {
			return promela.Write(w, prog, promela.Options{Label: prog.CheckedLabel(f.label), MaxThreads: f.maxThreads})
		}
	case "aiger":
		if f.maxThreads < 1 {
			fmt.Fprintln(stderr, "bopgo export: --max-threads must be at least 1")
			return exitUsage
		}
		write = func(w io.Writer, prog *bp.Program) error {
			c, err := circuit.Build(prog, prog.CheckedLabel(f.label), f.maxThreads)
			if err != nil {
				return err
			}
			return aiger.Write(w, c.System(false))
		}
	case "tts":
		// bfc's format: one thread at the start (--init '0|0'), the target
		// 1|1 (the error), written to OUT.prop next to -o OUT.tts.
		write = func(w io.Writer, prog *bp.Program) error {
			tp, err := threads.Build(context.Background(), prog, prog.CheckedLabel(f.label))
			if err != nil {
				return err
			}
			if f.output != "" {
				prop := strings.TrimSuffix(f.output, ".tts") + ".prop"
				if err := os.WriteFile(prop, []byte(tp.Target.String()+"\n"), 0o644); err != nil {
					return err
				}
			}
			return tts.Write(w, tp.Sys)
		}
	case "":
		fmt.Fprintln(stderr, "bopgo export: --format is required (promela, aiger or tts)")
		return exitUsage
	default:
		fmt.Fprintf(stderr, "bopgo export: unknown format %q (known: promela, aiger, tts)\n", f.format)
		return exitUsage
	}
	prog := loadOrReport(name, bp.LoadOptions{Dialect: f.dialect.d}, stderr, nil)
	if prog == nil {
		return exitBadInput
	}
	var buf bytes.Buffer
	if err := write(&buf, prog); err != nil {
		fmt.Fprintf(stderr, "bopgo export: %v\n", err)
		if errors.Is(err, bp.ErrRecursion) {
			return exitBadInput // the program is one the format cannot hold
		}
		return exitUsage
	}
	if f.output == "" {
		_, err := stdout.Write(buf.Bytes())
		if err != nil {
			fmt.Fprintf(stderr, "bopgo export: %v\n", err)
			return exitUsage
		}
		return 0
	}
	if err := os.WriteFile(f.output, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "bopgo export: %v\n", err)
		return exitUsage
	}
	return 0
}

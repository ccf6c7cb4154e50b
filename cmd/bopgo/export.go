package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/promela"
	"github.com/bopgo/bopgo/internal/cli"
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
	overflow   bool
}

func runExport(args []string, stdout, stderr io.Writer) int {
	var f exportFlags
	cmd := cli.New("bopgo export", exportUsage, stdout, stderr)
	fs := cmd.FlagSet
	fs.StringVar(&f.format, "format", "", "output `FORMAT`: promela, aiger, or tts (bfc's thread-transition systems: start with --init '0|0', the target in OUT.prop)")
	fs.StringVar(&f.label, "l", "", "the property is that no statement labelled `LABEL` is reachable, instead of the program's own (SLIC_ERROR in Getafix's dialect, else the assertions)")
	fs.IntVar(&f.maxThreads, "max-threads", bopgo.DefaultMaxThreads, "bound on live threads, main included (`N`)")
	fs.StringVar(&f.output, "o", "", "write to `FILE` instead of stdout")
	fs.BoolVar(&f.overflow, "overflow-bad", false, "aiger: a thread start that finds every slot busy is a bad state too, instead of suppressed (the stronger property bopgo's circuit engines check; docs/circuits.md)")
	f.dialect.register(fs)
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	switch f.format {
	case "promela":
		if f.maxThreads < 1 || f.maxThreads > promela.MaxThreads {
			fmt.Fprintf(stderr, "bopgo export: --max-threads must be in 1..%d for Promela\n", promela.MaxThreads)
			return exitUsage
		}
	case "aiger":
		if f.maxThreads < 1 {
			fmt.Fprintln(stderr, "bopgo export: --max-threads must be at least 1")
			return exitUsage
		}
	case "tts":
	case "":
		fmt.Fprintln(stderr, "bopgo export: --format is required (promela, aiger or tts)")
		return exitUsage
	default:
		fmt.Fprintf(stderr, "bopgo export: unknown format %q (known: promela, aiger, tts)\n", f.format)
		return exitUsage
	}
	if f.overflow && f.format != "aiger" {
		fmt.Fprintln(stderr, "bopgo export: --overflow-bad is for --format aiger only")
		return exitUsage
	}
	prog := loadOrReport(name, bp.LoadOptions{Dialect: f.dialect.d}, stderr, nil)
	if prog == nil {
		return exitBadInput
	}
	var buf bytes.Buffer
	target, err := bopgo.Export(context.Background(), &buf, prog, bopgo.ExportOptions{Format: f.format, Label: f.label, MaxThreads: f.maxThreads, OverflowBad: f.overflow})
	if err == nil && target != "" && f.output != "" {
		// bfc's format: the target, the error, in OUT.prop next to -o OUT.tts.
		prop := strings.TrimSuffix(f.output, ".tts") + ".prop"
		err = os.WriteFile(prop, []byte(target+"\n"), 0o644)
	}
	if err != nil {
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

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/bopgo/bopgo"
	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/cli"
	"github.com/bopgo/bopgo/internal/htmltrace"
)

// writeHTML writes the page of a check's result (internal/htmltrace) to
// out. The page is drawn from the result's JSON form, the same bytes
// --json prints, so that bopgo trace --html draws the same page from a
// saved result.
func writeHTML(out, file string, prog *bp.Program, reading bp.Reading, res bopgo.Result) error {
	if err := tooLongToDraw(res.Trace, maxPageSteps); err != nil {
		return err
	}
	data, err := json.Marshal(toJSON(file, prog, reading, res))
	if err != nil {
		return err
	}
	r, err := htmltrace.Decode(data)
	if err != nil {
		return err
	}
	src, _ := os.ReadFile(file) // the check just read it; if it is gone, the page says so
	return savePage(out, htmltrace.Page{Result: r, Source: src})
}

// maxPageSteps bounds the counterexamples drawn as pages: the page is
// drawn from the whole result as JSON, in memory, and a trace of 344,000
// steps (deepcount d=14) took 9 s and 1.9 GB to draw into 22 MB; one of
// 5.5 million (d=18) would take tens of GB, for a page no browser shows.
const maxPageSteps = 500_000

// tooLongToDraw says why tr, which has more than max steps, is not
// drawn; nil for a shorter trace, or none.
func tooLongToDraw(tr *bopgo.Trace, max int) error {
	if tr == nil || len(tr.Steps) <= max {
		return nil
	}
	return fmt.Errorf("the counterexample has %d steps, more than a page draws (%d); --json writes it", len(tr.Steps), max)
}

// savePage writes a page to the file out, whole or not at all.
func savePage(out string, p htmltrace.Page) error {
	var b bytes.Buffer
	if err := htmltrace.Write(&b, p); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".bopgo-page-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

const traceUsage = `usage: bopgo trace --html OUT.html [--source FILE.bp] RESULT.json

Draws a result that bopgo check --json saved (docs/json.md) as the page
bopgo check --html writes: the counterexample, a lane per thread and a row
per step, beside the program's source; or, for a proof, what was proved.
The source is the file the result names, or --source. "-" reads the
result from stdin.

flags:
`

func runTrace(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := cli.New("bopgo trace", traceUsage, stdout, stderr)
	fs := cmd.FlagSet
	out := fs.String("html", "", "write the page to `FILE`")
	source := fs.String("source", "", "the program's source `FILE` (default: the file the result names)")
	name, status, ok := cmd.ParseOneFile(args)
	if !ok {
		return status
	}
	if *out == "" {
		return cmd.Errorf("--html OUT.html is required")
	}
	data, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo trace: %v\n", err)
		return exitBadInput
	}
	r, err := htmltrace.Decode(data)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo trace: %s: %v\n", name, err)
		return exitBadInput
	}
	srcName := *source
	if srcName == "" {
		srcName = r.File
	}
	src, err := os.ReadFile(srcName)
	if err != nil {
		fmt.Fprintf(stderr, "bopgo trace: warning: the page has no source: %v (give --source)\n", err)
	}
	if err := savePage(*out, htmltrace.Page{Result: r, Source: src}); err != nil {
		fmt.Fprintf(stderr, "bopgo trace: %v\n", err)
		return exitUsage
	}
	return 0
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// htmlFlag registers --html on a command that checks.
func htmlFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "html", "", "also write the result as a page to `FILE` (a lane per thread, a row per step, the source beside it; implies --exact-trace)")
}

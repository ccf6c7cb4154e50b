package htmltrace

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// The page's parts, kept as files so that they read as CSS and
// JavaScript; they are inlined into every page.
var (
	//go:embed page.tmpl
	pageTemplate string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
	//go:embed proof.js
	proofJS string
)

var tmpl = template.Must(template.New("page").Parse(pageTemplate))

// Page is a result with the program it came from.
type Page struct {
	Result *Result
	// Source is the program's text; nil when it is not at hand (the page
	// then says so where the source would be).
	Source []byte
}

// Write writes the page.
func Write(w io.Writer, p Page) error {
	if p.Result == nil {
		return fmt.Errorf("htmltrace: no result")
	}
	d := build(p.Result, p.Source)
	var b bytes.Buffer
	err := tmpl.Execute(&b, struct {
		Title, Verdict string
		CSS            template.CSS
		JS             template.JS
		Data           *data
	}{
		Title:   title(p.Result),
		Verdict: p.Result.Verdict,
		CSS:     template.CSS(pageCSS),
		JS:      template.JS(proofJS + pageJS),
		Data:    d,
	})
	if err != nil {
		return fmt.Errorf("htmltrace: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// title is the page's title: the file and its verdict.
func title(r *Result) string {
	v := strings.ToUpper(r.Verdict)
	if n := len(r.Trace); n > 0 {
		return fmt.Sprintf("%s: %s, %d steps", r.File, v, n)
	}
	return fmt.Sprintf("%s: %s", r.File, v)
}

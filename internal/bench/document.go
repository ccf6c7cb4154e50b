package bench

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// A document is the report's summary, once: summary.md and index.html
// are drawn from the same sections, so the two never say different
// things. It knows paragraphs, tables, lists and plots, and in its text
// strong words, code and links: what the summary uses, nothing more.
type document struct {
	Title    string
	Sections []Section
}

// Section is a part of the summary under its heading (none for the part
// under the title). Its fields are exported for the page's template;
// other packages get a Section made (TaskSection, which bopgo-bench
// slurm adds to its report).
type Section struct {
	Heading string
	Blocks  []block
}

// block is one of: a paragraph, a table, a list, or plots.
type block struct {
	Para  text
	Table *table
	List  []text
	// Plots are the plots' files without their extension: the markdown
	// shows the PNG, the HTML the SVG.
	Plots []string
}

// text is a run of spans.
type text []span

// span is a piece of text, plain, strong, code or a link to Href.
type span struct {
	Text string
	Kind spanKind
	Href string
}

type spanKind string

const (
	plain  spanKind = ""
	strong spanKind = "strong"
	code   spanKind = "code"
	link   spanKind = "link"
)

// table has a heading row and rows of cells; Right marks the columns
// aligned right (numbers).
type table struct {
	Head  []text
	Right []bool
	Rows  [][]text
}

// words is plain text, formatted as by fmt.Sprintf.
func words(format string, args ...any) text {
	return text{{Text: fmt.Sprintf(format, args...)}}
}

func para(format string, args ...any) block { return block{Para: words(format, args...)} }

// row makes a table row of plain cells.
func row(cells ...string) []text {
	r := make([]text, len(cells))
	for i, c := range cells {
		r[i] = text{{Text: c}}
	}
	return r
}

// newTable is a table headed by plain cells, the last right of them
// aligned right.
func newTable(right int, head ...string) *table {
	t := &table{Head: row(head...), Right: make([]bool, len(head))}
	for i := len(head) - right; i < len(head); i++ {
		t.Right[i] = true
	}
	return t
}

// writeMarkdown writes the document as summary.md has always read: the
// title, then each section's heading and its blocks, a blank line
// between blocks. Text is written as it is, unescaped.
func (d document) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", d.Title)
	for _, s := range d.Sections {
		s.markdown(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (s Section) markdown(b *strings.Builder) {
	if s.Heading != "" {
		fmt.Fprintf(b, "\n## %s\n", s.Heading)
	}
	for _, bl := range s.Blocks {
		b.WriteString("\n")
		bl.markdown(b)
	}
}

func (bl block) markdown(b *strings.Builder) {
	switch {
	case bl.Table != nil:
		t := bl.Table
		b.WriteString(mdRow(t.Head))
		b.WriteString("|")
		for _, r := range t.Right {
			b.WriteString(map[bool]string{false: "---|", true: "---:|"}[r])
		}
		b.WriteString("\n")
		for _, r := range t.Rows {
			b.WriteString(mdRow(r))
		}
	case bl.List != nil:
		for _, item := range bl.List {
			fmt.Fprintf(b, "- %s\n", item.markdown())
		}
	case bl.Plots != nil:
		for _, p := range bl.Plots {
			fmt.Fprintf(b, "![%s.png](%[1]s.png)\n", p)
		}
	default:
		fmt.Fprintf(b, "%s\n", bl.Para.markdown())
	}
}

func mdRow(cells []text) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		fmt.Fprintf(&b, " %s |", c.markdown())
	}
	b.WriteString("\n")
	return b.String()
}

func (t text) markdown() string {
	var b strings.Builder
	for _, s := range t {
		switch s.Kind {
		case strong:
			fmt.Fprintf(&b, "**%s**", s.Text)
		case code:
			fmt.Fprintf(&b, "`%s`", s.Text)
		case link:
			fmt.Fprintf(&b, "[%s](%s)", s.Text, s.Href)
		default:
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

//go:embed index.tmpl
var indexTemplate string

var indexPage = template.Must(template.New("index").Parse(indexTemplate))

// writeHTML writes the document as one self-contained page (inline CSS,
// no script, nothing fetched but the plots beside it), every text
// escaped; the same document gives the same bytes.
func (d document) writeHTML(w io.Writer) error {
	return indexPage.Execute(w, d)
}

package syntax

import (
	"fmt"
	"sort"
)

// Pos is a position in a source file: the byte offset plus one, so that the
// zero value NoPos means "no position".
type Pos int

// NoPos is the zero Pos: no position is known.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// File holds the name and line table of one source file and turns a Pos into
// a printable Position.
type File struct {
	Name  string
	size  int
	lines []int  // byte offset of the first character of each line
	src   []byte // the text, for quoting statements in traces
}

// NewFile makes a File for src, computing its line table.
func NewFile(name string, src []byte) *File {
	f := &File{Name: name, size: len(src), lines: []int{0}, src: src}
	for i, c := range src {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// Pos returns the Pos of byte offset off.
func (f *File) Pos(off int) Pos { return Pos(off + 1) }

// Text returns the source between from and to on one line, white space
// collapsed and cut to at most max bytes.
func (f *File) Text(from, to Pos, max int) string {
	if f == nil || !from.IsValid() || to < from {
		return ""
	}
	a, b := int(from)-1, int(to)-1
	if b > len(f.src) {
		b = len(f.src)
	}
	if a > b {
		return ""
	}
	out := make([]byte, 0, b-a)
	space := false
	for _, c := range f.src[a:b] {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			space = true
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		out = append(out, c)
	}
	if len(out) > max {
		out = append(out[:max-3], "..."...)
	}
	return string(out)
}

// Position is a resolved Pos: file name, line and column, both 1-based.
type Position struct {
	Filename string
	Line     int
	Column   int
}

// String formats the position as file:line:col.
func (p Position) String() string {
	if p.Line == 0 {
		return p.Filename
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Position resolves p. A nil File or invalid Pos yields an empty position.
func (f *File) Position(p Pos) Position {
	if f == nil || !p.IsValid() {
		return Position{}
	}
	off := int(p) - 1
	if off > f.size {
		off = f.size
	}
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.Name, Line: i + 1, Column: off - f.lines[i] + 1}
}

// Kind is the kind of a token.
type Kind int

// Token kinds. Keywords follow the punctuation.
const (
	ILLEGAL Kind = iota
	EOF
	IDENT  // main, b0_1_eq_m, c$$main
	NUMBER // 0, 1, 37 (constants and numeric labels)

	ASSIGN    // :=
	COLON     // :
	COMMA     // ,
	SEMI      // ;
	LPAREN    // (
	RPAREN    // )
	LBRACK    // [
	RBRACK    // ]
	LT        // <
	GT        // >
	NOT       // ! or ~
	AND       // & or &&
	OR        // | or ||
	XOR       // ^
	EQ        // = or ==
	NEQ       // !=
	IMPLIES   // =>
	STAR      // *
	QUESTION  // ?
	PRIME     // '
	UNDERLINE // _ as a whole token (discarded call result)

	keywordBegin
	DECL
	VOID
	BOOL
	BEGIN
	END
	IF
	THEN
	ELSIF
	ELSE
	FI
	WHILE
	DO
	OD
	GOTO
	RETURN
	SKIP
	ASSERT
	ASSUME
	ENFORCE
	ABORTIF
	DEAD
	CONSTRAIN
	START_THREAD
	END_THREAD
	ATOMIC_BEGIN
	ATOMIC_END
	SYNC
	SCHOOSE
	DFS
	THREAD_LOCAL
	TRUE  // T
	FALSE // F
	keywordEnd
)

var kindNames = [...]string{
	ILLEGAL: "illegal token", EOF: "end of file", IDENT: "identifier", NUMBER: "number",
	ASSIGN: ":=", COLON: ":", COMMA: ",", SEMI: ";", LPAREN: "(", RPAREN: ")",
	LBRACK: "[", RBRACK: "]", LT: "<", GT: ">", NOT: "!", AND: "&", OR: "|",
	XOR: "^", EQ: "=", NEQ: "!=", IMPLIES: "=>", STAR: "*", QUESTION: "?",
	PRIME: "'", UNDERLINE: "_",
	DECL: "decl", VOID: "void", BOOL: "bool", BEGIN: "begin", END: "end",
	IF: "if", THEN: "then", ELSIF: "elsif", ELSE: "else", FI: "fi",
	WHILE: "while", DO: "do", OD: "od", GOTO: "goto", RETURN: "return",
	SKIP: "skip", ASSERT: "assert", ASSUME: "assume", ENFORCE: "enforce",
	ABORTIF: "abortif", DEAD: "dead", CONSTRAIN: "constrain",
	START_THREAD: "start_thread", END_THREAD: "end_thread",
	ATOMIC_BEGIN: "atomic_begin", ATOMIC_END: "atomic_end", SYNC: "sync",
	SCHOOSE: "schoose", DFS: "dfs", THREAD_LOCAL: "thread_local",
	TRUE: "T", FALSE: "F",
}

// String returns the token's spelling (for operators and keywords) or a
// description of its class.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("token(%d)", int(k))
}

// IsKeyword reports whether k is a reserved word.
func (k Kind) IsKeyword() bool { return k > keywordBegin && k < keywordEnd }

var keywords = func() map[string]Kind {
	m := make(map[string]Kind)
	for k := keywordBegin + 1; k < keywordEnd; k++ {
		m[kindNames[k]] = k
	}
	return m
}()

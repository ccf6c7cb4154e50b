package syntax

import (
	"fmt"
	"strconv"
)

// MaxErrors bounds the diagnostics reported for one file: past it, parsing
// stops with a final "too many errors" line, so that binary junk yields a
// readable report instead of a million lines.
const MaxErrors = 50

// Parse parses one source file. It always returns a (possibly partial)
// tree; err is nil or an ErrorList sorted by position.
func Parse(filename string, src []byte) (*SourceFile, error) {
	return parse(filename, src, false)
}

// parse parses one file, with Getafix's precedences of operators if
// getafix is set.
func parse(filename string, src []byte, getafix bool) (*SourceFile, error) {
	p := newParser(filename, src)
	p.getafix = getafix
	f := p.parseFile()
	p.errs.Sort()
	return f, p.errs.Err()
}

type parser struct {
	file *File
	sc   *scanner
	errs ErrorList
	buf  []token // look-ahead; buf[0] is the current token
	stop bool    // too many errors: behave as if at end of file
	// getafix: expressions have Getafix's precedences (parser_getafix.go).
	getafix bool
}

func newParser(filename string, src []byte) *parser {
	p := &parser{file: NewFile(filename, src)}
	p.sc = newScanner(p.file, src, &p.errs)
	return p
}

// tok returns the k-th token ahead (0 = current).
func (p *parser) peek(k int) token {
	for len(p.buf) <= k {
		t := p.sc.next()
		if p.stop {
			t = token{kind: EOF, pos: t.pos}
		}
		p.buf = append(p.buf, t)
	}
	return p.buf[k]
}

func (p *parser) tok() token { return p.peek(0) }
func (p *parser) kind() Kind { return p.peek(0).kind }

func (p *parser) advance() token {
	t := p.peek(0)
	if t.kind != EOF {
		p.buf = p.buf[1:]
	}
	return t
}

func (p *parser) errorAt(pos Pos, format string, args ...any) {
	if p.stop || p.sc.full {
		return
	}
	if len(p.errs) >= MaxErrors {
		p.errs.Add(p.file.Position(pos), "too many errors")
		p.stop = true
		p.buf = []token{{kind: EOF, pos: pos}}
		return
	}
	p.errs.Add(p.file.Position(pos), format, args...)
}

// describe spells a token for "found ..." in diagnostics.
func describe(t token) string {
	switch t.kind {
	case EOF:
		return "end of file"
	case IDENT:
		return fmt.Sprintf("identifier %q", t.lit)
	case NUMBER:
		return fmt.Sprintf("number %s", t.lit)
	case ILLEGAL:
		return fmt.Sprintf("%q", t.lit)
	}
	return fmt.Sprintf("%q", t.kind.String())
}

func (p *parser) errorExpected(what string) {
	t := p.tok()
	if t.kind == ILLEGAL {
		return // the scanner has already reported the character
	}
	p.errorAt(t.pos, "expected %s, found %s", what, describe(t))
}

// expect consumes a token of kind k or reports an error; it returns the
// position of the token it consumed or would have consumed.
func (p *parser) expect(k Kind) Pos {
	t := p.tok()
	if t.kind != k {
		p.errorExpected(fmt.Sprintf("%q", k.String()))
		return t.pos
	}
	p.advance()
	return t.pos
}

func (p *parser) got(k Kind) bool {
	if p.kind() == k {
		p.advance()
		return true
	}
	return false
}

// ----------------------------------------------------------------------------
// File and declarations

func (p *parser) parseFile() *SourceFile {
	f := &SourceFile{File: p.file}
	for p.kind() != EOF {
		switch p.kind() {
		case DECL:
			f.Globals = append(f.Globals, p.parseVarDecl())
		case DFS, VOID, BOOL:
			if fn := p.parseFunc(); fn != nil {
				f.Funcs = append(f.Funcs, fn)
			}
		case SEMI:
			p.advance()
		default:
			p.errorExpected(`"decl" or a function`)
			p.advance()
			for k := p.kind(); k != EOF && k != DECL && k != VOID && k != BOOL && k != DFS; k = p.kind() {
				p.advance()
			}
		}
	}
	return f
}

// parseVarDecl parses `decl [thread_local] a [:= e], b ...;`.
func (p *parser) parseVarDecl() *VarDecl {
	d := p.parseDeclList()
	if !p.got(SEMI) {
		p.errorExpected(`";" after declaration`)
		p.syncStmt()
	}
	return d
}

// parseDeclList parses `decl [thread_local] a [:= e], b ...` up to the
// separator, which it leaves to the caller.
func (p *parser) parseDeclList() *VarDecl {
	d := &VarDecl{Decl: p.expect(DECL)}
	if p.got(THREAD_LOCAL) {
		d.ThreadLocal = true
	}
	for {
		id := p.parseIdent("variable name")
		if id == nil {
			break
		}
		d.Names = append(d.Names, id)
		var init Expr
		if p.got(ASSIGN) {
			init = p.parseExpr()
		}
		d.Inits = append(d.Inits, init)
		if !p.got(COMMA) {
			break
		}
	}
	d.Semi = p.tok().pos
	return d
}

// parseIdentList parses `a, b, c`, names of what, up to the first that
// is not a name (reported).
func (p *parser) parseIdentList(what string) []*Ident {
	var ids []*Ident
	for {
		id := p.parseIdent(what)
		if id == nil {
			return ids
		}
		ids = append(ids, id)
		if !p.got(COMMA) {
			return ids
		}
	}
}

func (p *parser) parseIdent(what string) *Ident {
	t := p.tok()
	if t.kind != IDENT {
		p.errorExpected(what)
		return nil
	}
	p.advance()
	return &Ident{NamePos: t.pos, Name: t.lit}
}

// parseFunc parses `[dfs] void|bool|bool<N> name(params) begin ... end`.
func (p *parser) parseFunc() *FuncDecl {
	p.got(DFS) // accepted and ignored, as BoPPo does
	fn := &FuncDecl{TypePos: p.tok().pos}
	switch p.kind() {
	case VOID:
		p.advance()
	case BOOL:
		p.advance()
		fn.Returns = 1
		if p.got(LT) {
			t := p.tok()
			n, err := strconv.Atoi(t.lit)
			if t.kind != NUMBER || err != nil || n < 1 || n > 1024 {
				p.errorAt(t.pos, "expected a number of return values from 1 to 1024 in bool<N>, found %s", describe(t))
				n = 1
			}
			if t.kind == NUMBER {
				p.advance()
			}
			fn.Returns = n
			p.expect(GT)
		}
	default:
		p.errorExpected(`"void" or "bool"`)
		return nil
	}
	fn.Name = p.parseIdent("function name")
	if fn.Name == nil {
		fn.Name = &Ident{NamePos: p.tok().pos, Name: "_"}
	}
	p.expect(LPAREN)
	if p.kind() != RPAREN {
		fn.Params = p.parseIdentList("parameter name")
	}
	p.expect(RPAREN)
	begin := p.expect(BEGIN)
	fn.Body = p.parseStmtList()
	fn.EndPos = p.tok().pos
	if p.kind() == EOF {
		p.errorAt(begin, "missing \"end\" for this \"begin\" of function %s", fn.Name.Name)
	} else {
		p.expect(END)
	}
	return fn
}

package syntax

// Expression parsing. Precedence, loosest first: => = != (one level, right
// associative), ^, |, &, then the unary operators ! and ~.

// maxNesting bounds expression nesting so that hostile input cannot exhaust
// the stack.
const maxNesting = 100_000 // as go/parser

func (p *parser) startsExpr() bool {
	switch p.kind() {
	case IDENT, NUMBER:
		return p.peek(1).kind != COLON // "return L: ..." means a label follows
	case TRUE, FALSE, STAR, QUESTION, NOT, LPAREN, SCHOOSE, PRIME:
		return true
	}
	return false
}

func (p *parser) parseExprList() []Expr {
	list := []Expr{p.parseExpr()}
	for p.got(COMMA) {
		list = append(list, p.parseExpr())
	}
	return list
}

func (p *parser) parseExpr() Expr { return p.parseNested(0) }

// parseNested parses an expression at nesting depth, with the
// precedences of the file's dialect (parser_getafix.go).
func (p *parser) parseNested(depth int) Expr {
	if p.getafix {
		return p.parseGetafixExpr(depth)
	}
	return p.parseImplies(depth)
}

func (p *parser) tooDeep(depth int) (Expr, bool) {
	if depth <= maxNesting {
		return nil, false
	}
	t := p.tok()
	p.errorAt(t.pos, "expression nested too deeply")
	p.syncStmt()
	return &BadExpr{From: t.pos, To: p.tok().pos}, true
}

func (p *parser) parseImplies(depth int) Expr {
	if bad, ok := p.tooDeep(depth); ok {
		return bad
	}
	x := p.parseBinary(XOR, depth)
	switch k := p.kind(); k {
	case IMPLIES, EQ, NEQ:
		t := p.advance()
		y := p.parseImplies(depth + 1)
		return &BinaryExpr{X: x, Op: k, OpPos: t.pos, Y: y}
	}
	return x
}

// nextLevel maps a binary operator to the next tighter one.
var nextLevel = map[Kind]Kind{XOR: OR, OR: AND}

// parseBinary parses a left-associative chain of op, whose operands are of
// the next tighter level.
func (p *parser) parseBinary(op Kind, depth int) Expr {
	operand := func() Expr {
		if tighter, ok := nextLevel[op]; ok {
			return p.parseBinary(tighter, depth)
		}
		return p.parseUnary(depth)
	}
	x := operand()
	for p.kind() == op {
		t := p.advance()
		x = &BinaryExpr{X: x, Op: op, OpPos: t.pos, Y: operand()}
	}
	return x
}

func (p *parser) parseUnary(depth int) Expr {
	if bad, ok := p.tooDeep(depth); ok {
		return bad
	}
	if p.kind() == NOT {
		t := p.advance()
		return &UnaryExpr{OpPos: t.pos, X: p.parseUnary(depth + 1)}
	}
	return p.parseOperand(depth)
}

func (p *parser) parseOperand(depth int) Expr {
	t := p.tok()
	switch t.kind {
	case TRUE, FALSE:
		p.advance()
		return &ConstExpr{ValuePos: t.pos, Lit: t.lit, Value: t.kind == TRUE}
	case NUMBER:
		p.advance()
		if t.lit != "0" && t.lit != "1" {
			p.errorAt(t.pos, "invalid constant %s: only 0, 1, T and F are Boolean constants", t.lit)
		}
		return &ConstExpr{ValuePos: t.pos, Lit: t.lit, Value: t.lit == "1"}
	case IDENT:
		p.advance()
		return &Ident{NamePos: t.pos, Name: t.lit}
	case PRIME:
		p.advance()
		id := p.parseIdent("variable name after '")
		if id == nil {
			return &BadExpr{From: t.pos, To: p.tok().pos}
		}
		return &PrimedExpr{Prime: t.pos, X: id}
	case STAR, QUESTION:
		p.advance()
		return &NondetExpr{Star: t.pos}
	case LPAREN:
		p.advance()
		x := p.parseNested(depth + 1)
		return &ParenExpr{Lparen: t.pos, X: x, Rparen: p.expect(RPAREN)}
	case SCHOOSE:
		p.advance()
		s := &SchooseExpr{Schoose: t.pos}
		p.expect(LBRACK)
		if p.kind() != RBRACK {
			for {
				s.Args = append(s.Args, p.parseNested(depth+1))
				if !p.got(COMMA) {
					break
				}
			}
		}
		s.Rbrack = p.expect(RBRACK)
		return s
	}
	p.errorExpected("expression")
	if t.kind != SEMI && !isListEnd(t.kind) && t.kind != THEN && t.kind != DO {
		p.advance()
	}
	return &BadExpr{From: t.pos, To: p.tok().pos}
}

package syntax

// Statement parsing. Statements are separated by ";"; the separator may be
// left out before a block terminator (end, fi, od, else, elsif) and after
// if...fi and while...od, as SatAbs and SLAM write them.

func isListEnd(k Kind) bool {
	return k == END || k == FI || k == OD || k == ELSE || k == ELSIF || k == EOF
}

func (p *parser) parseStmtList() []Stmt {
	var list []Stmt
	for !isListEnd(p.kind()) {
		before := p.tok().pos
		s, compound := p.parseStmt()
		if s != nil {
			list = append(list, s)
		}
		switch {
		case p.got(SEMI):
			for p.got(SEMI) {
			}
		case compound || isListEnd(p.kind()):
		case s != nil:
			// A BadStmt has already been skipped past.
			if _, bad := s.(*BadStmt); !bad {
				p.errorExpected(`";" after statement`)
				p.syncStmt()
			}
		}
		if p.tok().pos == before && !isListEnd(p.kind()) {
			p.advance() // guarantee progress on any input
		}
	}
	return list
}

// syncStmt skips to just after the next ";" or to a block terminator, so
// that one bad statement yields one diagnostic.
func (p *parser) syncStmt() {
	for {
		switch p.kind() {
		case SEMI:
			p.advance()
			return
		case END, FI, OD, ELSE, ELSIF, EOF, VOID, DFS:
			return
		}
		p.advance()
	}
}

// parseStmt parses one statement with its labels; compound reports whether
// it was an if or a while, which need no ";" after them.
func (p *parser) parseStmt() (s Stmt, compound bool) {
	var labels Labels
	for (p.kind() == IDENT || p.kind() == NUMBER) && p.peek(1).kind == COLON {
		t := p.advance()
		p.advance()
		labels.List = append(labels.List, &Ident{NamePos: t.pos, Name: t.lit})
	}
	t := p.tok()
	switch t.kind {
	case IDENT, UNDERLINE:
		return p.parseAssignOrCall(labels), false
	case RETURN:
		p.advance()
		r := &ReturnStmt{Labels: labels, Return: t.pos}
		if p.startsExpr() {
			r.Values = p.parseExprList()
		}
		return r, false
	case GOTO:
		return p.parseGoto(labels), false
	case IF:
		return p.parseIf(labels, false), true
	case WHILE:
		p.advance()
		w := &WhileStmt{Labels: labels, While: t.pos, Cond: p.parseExpr()}
		p.expect(DO)
		w.Body = p.parseStmtList()
		w.Od = p.closeBlock(OD, "while", t.pos)
		return w, true
	case ASSERT, ASSUME, ENFORCE, ABORTIF:
		p.advance()
		return &CondStmt{Labels: labels, Tok: t.kind, TokPos: t.pos, Cond: p.parseExpr()}, false
	case CONSTRAIN:
		// Getafix's grammar has `constrain(e)` as a statement (bp.y's
		// CONSTRAIN '(' decider ')'); its translation steps on only where
		// e holds, as assume does (translate_Mucke.c, BP_CONSTRAIN). It is
		// parsed in both dialects so that a Getafix file is recognised;
		// the checker rejects it in BoPPo's.
		p.advance()
		return &CondStmt{Labels: labels, Tok: t.kind, TokPos: t.pos, Cond: p.parseExpr()}, false
	case SKIP, END_THREAD, ATOMIC_BEGIN, ATOMIC_END:
		p.advance()
		return &SimpleStmt{Labels: labels, Tok: t.kind, TokPos: t.pos}, false
	case DEAD:
		return p.parseDead(labels), false
	case DECL:
		d := p.parseDeclList()
		if len(d.Names) == 0 {
			return p.bad(labels, t.pos), false
		}
		return &DeclStmt{Labels: labels, Decl: d}, false
	case START_THREAD:
		return p.parseStartThread(labels), false
	case SYNC:
		return p.parseSync(labels), false
	}
	if len(labels.List) > 0 && isListEnd(t.kind) {
		// A label right before a block end labels an empty statement.
		return &SimpleStmt{Labels: labels, Tok: SKIP, TokPos: t.pos}, false
	}
	p.errorExpected("statement")
	return p.bad(labels, t.pos), false
}

// bad skips to the end of a statement that does not parse (syncStmt)
// and returns it as a BadStmt from pos from.
func (p *parser) bad(labels Labels, from Pos) *BadStmt {
	p.syncStmt()
	return &BadStmt{Labels: labels, From: from, To: p.tok().pos}
}

// parseDead parses `dead x, y`.
func (p *parser) parseDead(labels Labels) Stmt {
	t := p.tok()
	p.advance()
	d := &DeadStmt{Labels: labels, Dead: t.pos, Names: p.parseIdentList("variable name")}
	if len(d.Names) == 0 {
		return p.bad(labels, t.pos)
	}
	return d
}

// parseStartThread parses `start_thread f(...)` and `start_thread goto L`.
func (p *parser) parseStartThread(labels Labels) Stmt {
	t := p.tok()
	p.advance()
	st := &StartThreadStmt{Labels: labels, Start: t.pos}
	switch {
	case p.kind() == GOTO:
		g, ok := p.parseGoto(Labels{}).(*GotoStmt)
		if !ok {
			return &BadStmt{Labels: labels, From: t.pos, To: p.tok().pos}
		}
		st.Goto = g
	case p.kind() == IDENT && p.peek(1).kind == LPAREN:
		st.Call = p.parseCall(Labels{}, nil, false)
	default:
		p.errorExpected(`a call or "goto" after start_thread`)
		return p.bad(labels, t.pos)
	}
	return st
}

// parseSync parses `sync ev`, for the checker to reject with a clear
// message.
func (p *parser) parseSync(labels Labels) Stmt {
	t := p.tok()
	p.advance()
	s := &SyncStmt{Labels: labels, Sync: t.pos}
	if s.Event = p.parseIdent("event name after sync"); s.Event == nil {
		return p.bad(labels, t.pos)
	}
	return s
}

// closeBlock consumes the terminator of a block opened by keyword open at
// pos, with a message naming the opener when the file ends first.
func (p *parser) closeBlock(k Kind, open string, pos Pos) Pos {
	t := p.tok()
	if t.kind == EOF {
		p.errorAt(pos, "missing %q for this %q", k.String(), open)
		return t.pos
	}
	return p.expect(k)
}

func (p *parser) parseGoto(labels Labels) Stmt {
	g := &GotoStmt{Labels: labels, Goto: p.expect(GOTO)}
	for {
		t := p.tok()
		if t.kind != IDENT && t.kind != NUMBER {
			p.errorExpected("label after goto")
			break
		}
		p.advance()
		g.Targets = append(g.Targets, &Ident{NamePos: t.pos, Name: t.lit})
		if !p.got(COMMA) {
			break
		}
	}
	if len(g.Targets) == 0 {
		return p.bad(labels, g.Goto)
	}
	return g
}

// parseIf parses if/elsif chains; an elsif becomes a nested IfStmt.
func (p *parser) parseIf(labels Labels, elsif bool) *IfStmt {
	t := p.advance() // if or elsif
	s := &IfStmt{Labels: labels, If: t.pos, Elsif: elsif, Cond: p.parseExpr()}
	p.expect(THEN)
	s.Then = p.parseStmtList()
	switch p.kind() {
	case ELSIF:
		inner := p.parseIf(Labels{}, true)
		s.Else = []Stmt{inner}
		s.Fi = inner.Fi
		return s
	case ELSE:
		p.advance()
		s.Else = p.parseStmtList()
	}
	if elsif {
		s.Fi = p.closeBlock(FI, "elsif", t.pos)
	} else {
		s.Fi = p.closeBlock(FI, "if", t.pos)
	}
	return s
}

// parseAssignOrCall parses `f(args)`, `x, y := f(args)` and
// `x, y := e1, e2 [constrain c]`.
func (p *parser) parseAssignOrCall(labels Labels) Stmt {
	start := p.tok().pos
	if p.kind() == IDENT && p.peek(1).kind == LPAREN {
		return p.parseCall(labels, nil, false)
	}
	var targets []*Ident
	for {
		t := p.tok()
		switch t.kind {
		case IDENT:
			targets = append(targets, &Ident{NamePos: t.pos, Name: t.lit})
		case UNDERLINE:
			targets = append(targets, nil)
		default:
			p.errorExpected("variable name")
			return p.bad(labels, start)
		}
		p.advance()
		if !p.got(COMMA) {
			break
		}
	}
	if p.kind() != ASSIGN {
		p.errorExpected(`":="`)
		return p.bad(labels, start)
	}
	p.advance()
	if p.kind() == IDENT && p.peek(1).kind == LPAREN {
		return p.parseCall(labels, targets, true)
	}
	for i, t := range targets {
		if t == nil {
			p.errorAt(start, "\"_\" may only receive the result of a call")
			targets[i] = &Ident{NamePos: start, Name: "_"}
		}
	}
	a := &AssignStmt{Labels: labels, Targets: targets, Values: p.parseExprList()}
	if p.got(CONSTRAIN) {
		a.Constrain = p.parseExpr()
		a.EndPos = a.Constrain.End()
	} else {
		a.EndPos = endOfList(a.Values, p.tok().pos)
	}
	return a
}

func (p *parser) parseCall(labels Labels, targets []*Ident, hasTargets bool) *CallStmt {
	c := &CallStmt{Labels: labels, Targets: targets, HasTargets: hasTargets}
	c.Func = p.parseIdent("function name")
	p.expect(LPAREN)
	if p.kind() != RPAREN {
		c.Args = p.parseExprList()
	}
	c.Rparen = p.expect(RPAREN)
	return c
}

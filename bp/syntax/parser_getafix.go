package syntax

import "slices"

// Getafix's expressions. Its grammar (bp.y) orders the binary operators
// differently from BoPPo's, loosest first: =>, |, ^, &, then = and !=
// together; every level is left-associative; ! and ~ bind tightest. So
// `a = b & c` is (a = b) & c and `a ^ b | c` is (a ^ b) | c, where
// BoPPo's reading is a = (b & c) and a ^ (b | c). The rest of the syntax
// is BoPPo's (Getafix's grammar is a subset of it); a file read in
// Getafix's dialect is parsed with these precedences.

// getafixLevels are Getafix's binary operators, loosest first.
var getafixLevels = [][]Kind{{IMPLIES}, {OR}, {XOR}, {AND}, {EQ, NEQ}}

// ParseGetafix parses a file with Getafix's precedences.
func ParseGetafix(filename string, src []byte) (*SourceFile, error) {
	return parse(filename, src, true)
}

func (p *parser) parseGetafixExpr(depth int) Expr { return p.parseGetafixLevel(0, depth) }

// parseGetafixLevel parses a left-associative chain of the operators of
// getafixLevels[level], whose operands are of the next tighter level.
func (p *parser) parseGetafixLevel(level, depth int) Expr {
	if bad, ok := p.tooDeep(depth); ok {
		return bad
	}
	if level == len(getafixLevels) {
		return p.parseUnary(depth)
	}
	x := p.parseGetafixLevel(level+1, depth)
	for slices.Contains(getafixLevels[level], p.kind()) {
		t := p.advance()
		x = &BinaryExpr{X: x, Op: t.kind, OpPos: t.pos, Y: p.parseGetafixLevel(level+1, depth)}
	}
	return x
}

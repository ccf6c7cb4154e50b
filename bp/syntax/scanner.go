package syntax

import (
	"fmt"
	"unicode/utf8"
)

// scanner turns source bytes into tokens. It never stops early: an invalid
// character becomes an ILLEGAL token and a diagnostic, so the parser sees the
// whole file and can report every error.
type scanner struct {
	file *File
	src  []byte
	off  int
	errs *ErrorList
	// full is set once MaxErrors diagnostics exist: the scanner then
	// reports end of file, so that binary junk ends the parse quickly.
	full bool
}

// token is one scanned token.
type token struct {
	kind Kind
	pos  Pos
	lit  string // identifier or number spelling; the operator otherwise
}

func newScanner(file *File, src []byte, errs *ErrorList) *scanner {
	return &scanner{file: file, src: src, errs: errs}
}

func (s *scanner) errorf(off int, format string, args ...any) {
	if s.full {
		return
	}
	if len(*s.errs) >= MaxErrors {
		s.errs.Add(s.file.Position(s.file.Pos(off)), "too many errors")
		s.full = true
		return
	}
	s.errs.Add(s.file.Position(s.file.Pos(off)), format, args...)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// isIdentRest reports whether c may continue an identifier: SatAbs and SLAM
// write names like c$$main, b2_FALSE_eq_COND and return_value_f$ .
func isIdentRest(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '$' || c == '#' || c == '-'
}

// skipSpace skips white space and comments.
func (s *scanner) skipSpace() {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			s.off++
		case c == '/' && s.peek(1) == '/':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		case c == '/' && s.peek(1) == '*':
			start := s.off
			s.off += 2
			for {
				if s.off >= len(s.src) {
					s.errorf(start, "comment not terminated")
					return
				}
				if s.src[s.off] == '*' && s.peek(1) == '/' {
					s.off += 2
					break
				}
				s.off++
			}
		default:
			return
		}
	}
}

func (s *scanner) peek(k int) byte {
	if s.off+k < len(s.src) {
		return s.src[s.off+k]
	}
	return 0
}

var singleCharTokens = map[byte]Kind{
	',': COMMA, ';': SEMI, '(': LPAREN, ')': RPAREN, '[': LBRACK, ']': RBRACK,
	'<': LT, '>': GT, '~': NOT, '^': XOR, '*': STAR, '?': QUESTION, '\'': PRIME,
}

// next returns the next token; at the end of input it returns EOF forever.
func (s *scanner) next() token {
	s.skipSpace()
	start := s.off
	pos := s.file.Pos(start)
	if s.off >= len(s.src) || s.full {
		return token{kind: EOF, pos: pos}
	}
	c := s.src[s.off]
	switch {
	case isLetter(c) || c == '$':
		// SatAbs names C's main $main (and writes $-prefixed names for
		// C's ::), so an identifier may also begin with $.
		for s.off < len(s.src) && isIdentRest(s.src[s.off]) {
			s.off++
		}
		lit := string(s.src[start:s.off])
		if lit == "_" {
			return token{kind: UNDERLINE, pos: pos, lit: lit}
		}
		if k, ok := keywords[lit]; ok {
			return token{kind: k, pos: pos, lit: lit}
		}
		return token{kind: IDENT, pos: pos, lit: lit}
	case isDigit(c):
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
		return token{kind: NUMBER, pos: pos, lit: string(s.src[start:s.off])}
	}
	two := func(second byte, k2, k1 Kind) token {
		if s.peek(1) == second {
			s.off += 2
			return token{kind: k2, pos: pos, lit: string(s.src[start:s.off])}
		}
		s.off++
		return token{kind: k1, pos: pos, lit: string(c)}
	}
	switch c {
	case ':':
		return two('=', ASSIGN, COLON)
	case '&':
		return two('&', AND, AND)
	case '|':
		return two('|', OR, OR)
	case '!':
		return two('=', NEQ, NOT)
	case '=':
		if s.peek(1) == '>' {
			s.off += 2
			return token{kind: IMPLIES, pos: pos, lit: "=>"}
		}
		return two('=', EQ, EQ)
	}
	if k, ok := singleCharTokens[c]; ok {
		s.off++
		return token{kind: k, pos: pos, lit: string(c)}
	}
	// An invalid character: report it once, with a printable spelling.
	r, size := utf8.DecodeRune(s.src[s.off:])
	if r == utf8.RuneError || r < ' ' || r == 0x7f {
		size = 1
		s.errorf(start, "invalid character %s", fmt.Sprintf("%#02x", c))
	} else {
		s.errorf(start, "invalid character %q", r)
	}
	s.off += size
	return token{kind: ILLEGAL, pos: pos, lit: string(s.src[start:s.off])}
}

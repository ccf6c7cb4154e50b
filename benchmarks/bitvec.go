package benchmarks

import (
	"fmt"
	"strings"
)

// Bit-vector arithmetic written out as Boolean expressions, for the
// textbook families (textbook.go): a counter is a slice of variable
// names, least significant bit first, and its next value is one
// expression per bit, assigned simultaneously. Every expression returned
// is parenthesised where it could be an operand.

// decrement is the next value of the counter bs minus one (modulo
// 2^len(bs)), bit by bit: the borrow into bit i is "every lower bit is
// zero", the mirror of increment's carry.
func decrement(bs []string) []string {
	out := make([]string, len(bs))
	borrow := ""
	for i, x := range bs {
		if i == 0 {
			out[i] = "!" + x
			borrow = "!" + x
			continue
		}
		out[i] = fmt.Sprintf("%s ^ (%s)", x, borrow)
		borrow = borrow + " & !" + x
	}
	return out
}

// isConst is "bs holds v" (v taken modulo 2^len(bs)).
func isConst(bs []string, v int) string {
	lits := make([]string, len(bs))
	for i, x := range bs {
		if v>>i&1 == 1 {
			lits[i] = x
		} else {
			lits[i] = "!" + x
		}
	}
	return "(" + strings.Join(lits, " & ") + ")"
}

// isZero is "bs holds 0".
func isZero(bs []string) string { return isConst(bs, 0) }

// atMost is "bs, unsigned, is at most v", from the top bit down: where
// v has a one, a zero in bs settles it; where v has a zero, bs must have
// one too. v >= 2^len(bs)-1 gives T.
func atMost(bs []string, v int) string {
	if v >= 1<<len(bs)-1 {
		return "T"
	}
	expr := "" // the lower bits are at most v's: "" for T
	for i, x := range bs {
		one := v>>i&1 == 1
		switch {
		case one && expr == "":
		case one:
			expr = fmt.Sprintf("(!%s | %s)", x, expr)
		case expr == "":
			expr = "!" + x
		default:
			expr = fmt.Sprintf("(!%s & %s)", x, expr)
		}
	}
	return expr
}

// equal is "as and bs (expressions or names, as many) are equal".
func equal(as, bs []string) string {
	parts := make([]string, len(as))
	for i := range as {
		parts[i] = fmt.Sprintf("((%s) = %s)", as[i], bs[i])
	}
	return "(" + strings.Join(parts, " & ") + ")"
}

// counter is the k variable names of a counter called name: name0 ...
// name<k-1>.
func counter(name string, k int) []string { return names(name, k) }

// assign is the simultaneous assignment lhs := rhs as a statement line.
func assign(lhs, rhs []string) string {
	return fmt.Sprintf("  %s := %s;\n", strings.Join(lhs, ", "), strings.Join(rhs, ", "))
}

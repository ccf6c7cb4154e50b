package promela

import (
	"fmt"
	"strings"
)

// Names in the model. Program names may contain `$`, `#` and `-`, which
// Promela does not allow, and the same name may denote several variables
// (locals of inlined calls), so every name is sanitised, prefixed by its
// kind (g_ global, t_ thread-local, l_ local, p_ proc) and made unique.
// The model's own variables start with bp_ and cannot collide.

// namer hands out unique Promela identifiers.
type namer struct{ used map[string]bool }

func newNamer() *namer { return &namer{used: map[string]bool{}} }

func (n *namer) name(prefix, src string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, r := range src {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	base := b.String()
	out := base
	for i := 2; n.used[out]; i++ {
		out = fmt.Sprintf("%s_%d", base, i)
	}
	n.used[out] = true
	return out
}

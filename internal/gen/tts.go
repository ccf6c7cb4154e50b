package gen

import (
	"fmt"
	"math/rand"
	"strings"
)

// TTS writes a small thread-transition system (bfc's format, package
// tts) with every kind of rule: 1 to 3 shared states, 2 to maxLocals
// locals, 2 to 8 rules; with keepShared, half the rules keep their shared
// state. It returns an initial state and a target with it, and draws
// everything from r, so that a seed names the system.
func TTS(r *rand.Rand, maxLocals int, keepShared bool) (src, init, target string) {
	S, L := 1+r.Intn(3), 2+r.Intn(maxLocals-1)
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", S, L)
	for range 2 + r.Intn(7) {
		s, l, s2, l2 := r.Intn(S), r.Intn(L), r.Intn(S), r.Intn(L)
		if keepShared && r.Intn(2) == 0 {
			s2 = s
		}
		switch k := r.Intn(10); {
		case k < 5:
			fmt.Fprintf(&b, "%d %d -> %d %d\n", s, l, s2, l2)
		case k < 7:
			fmt.Fprintf(&b, "%d %d +> %d %d\n", s, l, s2, l2)
		case k < 8:
			fmt.Fprintf(&b, "%d %d ~> %d %d\n", s, l, s2, l2)
		default:
			fmt.Fprintf(&b, "%d %d -> %d %d", s, l, s2, l2)
			for range 1 + r.Intn(3) {
				fmt.Fprintf(&b, " %d ~> %d", r.Intn(L), r.Intn(L))
			}
			b.WriteByte('\n')
		}
	}
	init = []string{"0|0", "0/0", "0|0,1", "0|1/0"}[r.Intn(4)]
	target = fmt.Sprintf("%d|%d", r.Intn(S), r.Intn(L))
	if r.Intn(2) == 0 {
		target += fmt.Sprintf(",%d", r.Intn(L))
	}
	return b.String(), init, target
}

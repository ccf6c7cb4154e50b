package tts

import (
	"bufio"
	"fmt"
	"io"
)

// Write writes sys in the format Read reads (and bfc reads), one rule a
// line in the order of sys.Rules.
func Write(w io.Writer, sys *System) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d\n", sys.Shared, sys.Locals)
	for i := range sys.Rules {
		bw.WriteString(sys.Rules[i].String())
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

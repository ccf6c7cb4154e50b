package interp

import (
	"context"
	"testing"
	"time"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/internal/gen"
)

// FuzzCheck runs the engine on arbitrary programs that the front end
// accepts: no panic, and every counterexample replays.
func FuzzCheck(f *testing.F) {
	gen.Seeds(func(src []byte) { f.Add(src) }, "../../testdata/boppo/*/*.bp", 20)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := bp.Load("fuzz.bp", src)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		opts := Options{MaxThreads: 3, MaxStates: 20000}
		r, err := Check(ctx, p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome == Unsafe {
			if err := Replay(p, opts, r.Trace); err != nil {
				t.Fatalf("counterexample does not replay: %v\n%s", err, src)
			}
		}
	})
}

package aiger

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bopgo/bopgo/mc"
	"github.com/bopgo/bopgo/mc/mctest"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

func randomSystem(seed int64) *mc.System {
	latches := 1 + int(seed%10)
	return mctest.Random(seed, latches, int(seed%4), int(seed%5)*latches)
}

func write(t *testing.T, sys *mc.System) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, sys); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWriteBytes pins the encoding on a circuit small enough to check by
// hand against the AIGER spec.
func TestWriteBytes(t *testing.T) {
	s := logic.NewS()
	in := s.Lit()
	x := s.Latch(z.LitNull) // AIGER variable 2, literal 4
	y := s.Latch(s.T)       // variable 3, literal 6
	g := s.And(in, x.Not()) // variable 4, literal 8 = 2 AND 5
	s.SetNext(x, g)
	s.SetNext(y, y.Not())
	sys := &mc.System{S: s, Inputs: []z.Lit{in}, Bad: s.And(x, y)} // variable 5, literal 10 = 4 AND 6
	want := "aig 5 1 2 0 2 1\n" +
		"8 4\n" + // x: next g, reset to itself (uninitialised)
		"7 1\n" + // y: next ¬y, reset 1
		"10\n" + // bad
		"\x03\x03" + // 8 = 5 AND 2: deltas 8-5, 5-2
		"\x04\x02" + // 10 = 6 AND 4: deltas 10-6, 6-4
		"c\nwritten by bopgo\n"
	if got := string(write(t, sys)); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestRoundTripKeepsReachability(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		sys := randomSystem(seed)
		back, err := Read(bytes.NewReader(write(t, sys)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(back.S.Latches) != len(sys.S.Latches) || len(back.Inputs) != len(sys.Inputs) {
			t.Fatalf("seed %d: %d latches %d inputs, want %d %d", seed,
				len(back.S.Latches), len(back.Inputs), len(sys.S.Latches), len(sys.Inputs))
		}
		r1, d1 := mctest.Reachable(sys)
		r2, d2 := mctest.Reachable(back)
		if r1 != r2 || d1 != d2 {
			t.Fatalf("seed %d: reachable %v in %d before, %v in %d after", seed, r1, d1, r2, d2)
		}
	}
}

func TestReadASCII(t *testing.T) {
	// A latch t set by the input (t' = ¬t ∧ in); bad is an output t ∧ in,
	// which reads the input, so the reader adds a latch and the bad state
	// comes one step later: t=1 after step 1, t ∧ in recorded after step 2.
	// The second file lists the gates out of order.
	const aag = "aag 4 1 1 1 2\n2\n4 6 0\n8\n6 5 2\n8 4 2\nc\ncomment\n"
	const aagOrder = "aag 4 1 1 1 2\n2\n4 6 0\n8\n8 4 2\n6 5 2\n"
	for _, text := range []string{aag, aagOrder} {
		sys, err := Read(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(sys.S.Latches); got != 2 {
			t.Fatalf("%d latches, want 2 (one added for the output)", got)
		}
		reach, depth := mctest.Reachable(sys)
		if !reach || depth != 2 {
			t.Fatalf("reachable %v in %d, want true in 2", reach, depth)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"aig 1 1 0 0 0\n",                  // no property
		"aig 2 1 0 1 0\n4\n",               // output beyond M
		"aig 3 1 0 1 1\n6\n",               // AND section cut short
		"aig 3 1 0 1 1\n6\n\x00\x00",       // delta 0
		"aag 2 0 1 1 0\n2 4 0\n2\n",        // latch next undefined
		"aag 3 0 0 1 2\n2\n2 4 1\n4 2 1\n", // cycle
		"aag 1 0 1 1 0\n2 2 3\n2\n",        // bad reset
		"aig 9999999999 0 0 1 0\n0\n",      // huge M
		"aig 1 0 1 0 0 1 1\n2\n2\n2\n",     // constraints
		"aag 1 1 0 1 0\n3\n2\n",            // odd input literal
		"aag 1 2 0 1 0\n2\n2\n2\n",         // defined twice (and M too small)
	} {
		if _, err := Read(strings.NewReader(text)); err == nil {
			t.Errorf("%q: no error", text)
		}
	}
}

func FuzzRead(f *testing.F) {
	for seed := int64(1); seed <= 5; seed++ {
		var buf bytes.Buffer
		if err := Write(&buf, randomSystem(seed)); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte("aag 4 1 1 1 2\n2\n4 6 0\n8\n8 4 2\n6 5 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sys, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, sys); err != nil {
			t.Fatalf("read back, cannot write: %v", err)
		}
		if _, err := Read(&buf); err != nil {
			t.Fatalf("cannot read what was written: %v", err)
		}
	})
}

// TestABCAgrees runs ABC's PDR on written circuits and compares its
// verdicts with the brute-force oracle.
func TestABCAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("ABC agreement skipped with -short: run without -short")
	}
	abc, err := exec.LookPath("berkeley-abc")
	if err != nil {
		t.Skip("berkeley-abc is not on PATH: the ABC agreement test did not run (apt-get install berkeley-abc, as .ci/run does)")
	}
	dir := t.TempDir()
	var script []string
	var want []bool
	for seed := int64(1); seed <= 60; seed++ {
		sys := randomSystem(seed)
		file := filepath.Join(dir, "c"+string(rune('a'+seed%26))+strings.Repeat("x", int(seed/26))+".aig")
		if err := os.WriteFile(file, write(t, sys), 0o644); err != nil {
			t.Fatal(err)
		}
		script = append(script, "&r "+file, "&put", "pdr")
		reach, _ := mctest.Reachable(sys)
		want = append(want, reach)
	}
	out, err := exec.Command(abc, "-c", strings.Join(script, "; ")).CombinedOutput()
	if err != nil {
		t.Fatalf("abc: %v\n%s", err, out)
	}
	verdicts := regexp.MustCompile(`Property proved|was asserted in frame`).FindAllString(string(out), -1)
	if len(verdicts) != len(want) {
		t.Fatalf("abc gave %d verdicts for %d circuits:\n%s", len(verdicts), len(want), out)
	}
	for i, v := range verdicts {
		if got := v != "Property proved"; got != want[i] {
			t.Errorf("seed %d: abc says reachable=%v, the oracle %v", i+1, got, want[i])
		}
	}
}

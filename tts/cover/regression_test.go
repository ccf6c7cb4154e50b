package cover

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bopgo/bopgo/tts"
	"github.com/bopgo/bopgo/verdict"
)

// regressionCase is one test of bfc's regression suite.
type regressionCase struct {
	name, dir    string
	core         bool
	target, init string // option values; init "" is bfc's default 0/0
	want         verdict.Verdict
}

// loadRegression reads the test.desc files: line 1 the level, line 3
// bfc's options, then the expected verdict line.
func loadRegression(t testing.TB, root string) []regressionCase {
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []regressionCase
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(root, d.Name())
		f, err := os.Open(filepath.Join(dir, "test.desc"))
		if err != nil {
			continue
		}
		var lines []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
		if len(lines) < 3 {
			t.Fatalf("%s: short test.desc", dir)
		}
		c := regressionCase{name: d.Name(), dir: dir, core: lines[0] == "CORE", want: verdict.Unknown}
		args := strings.Fields(strings.ReplaceAll(lines[2], `"`, ""))
		for i := 0; i+1 < len(args); i++ {
			switch args[i] {
			case "--target":
				c.target = args[i+1]
			case "--init":
				c.init = args[i+1]
			}
		}
		for _, l := range lines[3:] {
			switch l {
			case "^VERIFICATION SUCCESSFUL$":
				c.want = verdict.Safe
			case "^VERIFICATION FAILED$":
				c.want = verdict.Unsafe
			}
		}
		out = append(out, c)
	}
	return out
}

// load reads a case's system and states as bopgo tts does.
func (rc regressionCase) load(t testing.TB) (*tts.System, Options) {
	f, err := os.Open(filepath.Join(rc.dir, "main.tts"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sys, err := tts.Read("main.tts", f)
	if err != nil {
		t.Fatal(err)
	}
	var opts Options
	tf, err := os.Open(filepath.Join(rc.dir, rc.target))
	if err != nil {
		t.Fatal(err)
	}
	opts.Target, err = tts.ReadState(tf)
	tf.Close()
	if err != nil {
		t.Fatal(err)
	}
	init := rc.init
	if init == "" {
		init = "0/0"
	}
	if opts.Init, err = tts.ParseState(init); err != nil {
		t.Fatal(err)
	}
	return sys, opts
}

// slowRegression are the cases -short skips: each takes seconds, more
// than all the others together (mesh2x2_vs about 8 s, broadcast_vs with
// plain 4 s, on the shared 2-core machine). The Karp–Miller search's
// proofs and its concrete paths still run in -short on smaller cases
// (kanban_vf, TestAccelerationProvesUnboundedSpawns).
var slowRegression = map[string]bool{"mesh2x2_vs/accelerated": true, "broadcast_vs/plain": true}

// longRegression are slow cases that add little to the others of the
// same system (broadcast_vs is decided by the two other algorithms in
// well under a second): they run only with BOPGO_LONG set. mesh2x2_vs's
// Karp–Miller run stays in the default run: nothing else decides it.
var longRegression = map[string]bool{"broadcast_vs/plain": true}

// openRegression are the cases bopgo does not decide within minutes
// with the algorithm named. kanban_vf needs 20 threads in the target: the
// backward basis explodes, and only the Karp–Miller search, whose path
// to the target is made concrete, finds the bug. Only the Karp–Miller
// search decides mesh2x2_vs (bfc times out on it).
var openRegression = map[string]string{
	"kanban_vf/pruned":  "backward basis explodes on a 20-thread target",
	"kanban_vf/plain":   "backward basis explodes on a 20-thread target",
	"mesh2x2_vs/pruned": "backward search does not finish without the Karp–Miller invariant",
	"mesh2x2_vs/plain":  "backward search does not finish without the Karp–Miller invariant",
}

// TestRegression runs bfc's regression suite (the tests with a target;
// the three without one use bfc's -k mode, a different question) with
// each algorithm and checks the expected verdicts and the evidence: one
// parallel subtest per case and algorithm, named CASE/ALGORITHM.
func TestRegression(t *testing.T) {
	t.Parallel()
	cases := loadRegression(t, filepath.Join("testdata", "bfc-regression"))
	if len(cases) < 50 {
		t.Fatalf("only %d regression tests found", len(cases))
	}
	for _, rc := range cases {
		if rc.target == "" {
			continue
		}
		for _, alg := range []Algorithm{Accelerated, Pruned, Plain} {
			t.Run(rc.name+"/"+alg.String(), func(t *testing.T) {
				t.Parallel()
				if why, open := openRegression[rc.name+"/"+alg.String()]; open {
					t.Skip(why)
				}
				if testing.Short() && slowRegression[rc.name+"/"+alg.String()] {
					t.Skip("slow")
				}
				if os.Getenv("BOPGO_LONG") == "" && longRegression[rc.name+"/"+alg.String()] {
					t.Skip("slow; BOPGO_LONG=1 runs it")
				}
				sys, opts := rc.load(t)
				opts.Algorithm = alg
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				res, err := Check(ctx, sys, opts)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != rc.want {
					t.Fatalf("verdict %v, want %v (%s)", res.Verdict, rc.want, res.Reason)
				}
				checkEvidence(t, sys, opts, res)
				certCheckHook(t, sys, opts, res)
			})
		}
	}
}

package spin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/bopgo/bopgo/verdict"
)

// Verdict and its values under this package's name are what
// bp/promela's tests use; every other caller uses package verdict's.
type Verdict = verdict.Verdict

// Verdicts.
const (
	Unknown = verdict.Unknown
	Safe    = verdict.Safe
	Unsafe  = verdict.Unsafe
)

// Options configure a run.
type Options struct {
	// MaxMemory is pan's memory budget in bytes (-DMEMLIM); 0 means
	// DefaultMaxMemory.
	MaxMemory uint64
	// NoReduce turns off SPIN's partial-order reduction (-DNOREDUCE).
	NoReduce bool
	// Depth is the first search depth bound (-m); 0 means 100000.
	Depth int
	// QuickCompile compiles pan without optimisation (-O0): about four
	// times faster to compile, slower to search; for small models.
	QuickCompile bool
}

// DefaultMaxMemory is pan's memory budget when Options.MaxMemory is 0.
const DefaultMaxMemory = 2 << 30

// Result is what SPIN found.
type Result struct {
	Verdict verdict.Verdict
	Limit   verdict.Limit // for Unknown: what stopped pan (memory, threads, the context's limit)
	Reason  string        // why Unknown, or pan's error message for Unsafe
	States  int64         // states stored by the last search
	Depth   int           // depth reached by the last search
	Memory  float64
	Runs    int // pan searches run
	// Replay, for Unsafe, is pan's replay of its error trail (`pan -S`):
	// the model's own printfs (bp/promela's markers, which
	// promela.ReadTrace reads), then pan's message of the violation.
	Replay []byte
}

// ErrMissing says that spin or gcc is not installed.
var ErrMissing = errors.New("spin: SPIN needs the programs spin and gcc on PATH")

// Available reports whether spin and gcc can be run.
func Available() error {
	for _, p := range []string{"spin", "gcc"} {
		if _, err := exec.LookPath(p); err != nil {
			return fmt.Errorf("%w: %s not found", ErrMissing, p)
		}
	}
	return nil
}

// boundMarker is the assertion the models fail when the thread bound
// suppresses a start (bp/promela).
const boundMarker = "assertion violated ((bp_live<"

// Check runs SPIN on model. The error is for a run that could not happen
// (SPIN missing, a model SPIN rejects, a compiler failure); limits give
// Unknown.
func Check(ctx context.Context, model []byte, opts Options) (Result, error) {
	if err := Available(); err != nil {
		return Result{}, err
	}
	if opts.MaxMemory == 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.Depth <= 0 {
		opts.Depth = 100000
	}
	dir, err := os.MkdirTemp("", "bopgo-spin-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "model.pml"), model, 0o644); err != nil {
		return Result{}, err
	}
	r := &runner{dir: dir, opts: opts, vector: 1024}
	res, err := r.search(ctx, false)
	if err != nil || res.Verdict != verdict.Unsafe || !strings.HasPrefix(res.Reason, boundMarker) {
		return r.finish(ctx, res, err)
	}
	// The first error is the thread bound: is there a real one?
	res, err = r.search(ctx, true)
	if err == nil && res.Verdict == verdict.Safe {
		res.Verdict, res.Limit = verdict.Unknown, verdict.Threads
		res.Reason = "thread bound reached: the program can have more live threads than the bound (raise --max-threads), or SPIN's limit of 255 processes (threads that ended count until every thread started after them has ended)"
	}
	return r.finish(ctx, res, err)
}

type runner struct {
	dir    string
	opts   Options
	vector int
	runs   int
	depth  int // the depth bound of the last pan search
}

func (r *runner) finish(ctx context.Context, res Result, err error) (Result, error) {
	if err == nil && res.Verdict == verdict.Unsafe {
		res.Replay, err = r.replay(ctx)
	}
	res.Runs = r.runs
	if ctx.Err() != nil {
		// Whoever ended ctx says why (verdict.Stopped): a killed pan's
		// output says nothing useful.
		limit, why := verdict.Stopped(ctx)
		return Result{Verdict: verdict.Unknown, Limit: limit, Reason: why, Runs: r.runs}, nil
	}
	return res, err
}

// search compiles the model and runs pan, growing the vector size and the
// depth bound as pan asks.
func (r *runner) search(ctx context.Context, silent bool) (Result, error) {
	for {
		if err := r.compile(ctx, silent); err != nil {
			return Result{}, err
		}
		for depth := r.opts.Depth; ; depth *= 10 {
			r.depth = depth
			out, err := r.pan(ctx, depth)
			if err != nil {
				return Result{}, err
			}
			p := parse(out)
			switch {
			case p.vectorTooSmall > 0:
				r.vector = max(4*r.vector, 2*p.vectorTooSmall)
			case p.depthTooSmall && p.errors == 0 && r.stackFits(10*depth):
				continue
			default:
				return p.result(), nil
			}
			break
		}
	}
}

// stackFits reports whether a DFS stack of depth fits in half the memory
// budget (pan takes about 60 bytes per level, more for big vectors).
func (r *runner) stackFits(depth int) bool {
	return uint64(depth)*uint64(60+r.vector/8) <= r.opts.MaxMemory/2
}

func (r *runner) compile(ctx context.Context, silent bool) error {
	spinArgs := []string{"-a", "model.pml"}
	if silent {
		spinArgs = append([]string{"-DBP_BOUND_SILENT"}, spinArgs...)
	}
	if out, err := r.command(ctx, "spin", spinArgs...); err != nil || bytes.Contains(bytes.ToLower(out), []byte("error")) {
		return fmt.Errorf("spin -a failed: %v\n%s", err, firstLines(out, 20))
	}
	mb := max(r.opts.MaxMemory>>20, 1)
	opt := "-O2"
	if r.opts.QuickCompile {
		opt = "-O0"
	}
	gccArgs := []string{opt, "-DSAFETY", fmt.Sprintf("-DMEMLIM=%d", mb), fmt.Sprintf("-DVECTORSZ=%d", r.vector)}
	if r.opts.NoReduce {
		gccArgs = append(gccArgs, "-DNOREDUCE")
	}
	gccArgs = append(gccArgs, "-o", "pan", "pan.c")
	if out, err := r.command(ctx, "gcc", gccArgs...); err != nil {
		return fmt.Errorf("gcc on SPIN's pan.c failed: %v\n%s", err, firstLines(out, 20))
	}
	return nil
}

func (r *runner) pan(ctx context.Context, depth int) (string, error) {
	r.runs++
	out, err := r.command(ctx, "./pan", "-E", "-n", fmt.Sprintf("-m%d", depth), fmt.Sprintf("-w%d", r.hashBits()))
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return "", fmt.Errorf("running pan: %w", err)
	}
	// pan exits non-zero after some errors; the output says what happened.
	return string(out), nil
}

// replay runs pan on the trail its last search wrote, with the same
// binary (so the trail's transitions are the model's): -S prints only
// the model's printfs, and pan's line of the violation. A replay needs no
// hash table: a small one keeps it within any memory budget.
func (r *runner) replay(ctx context.Context) ([]byte, error) {
	out, err := r.command(ctx, "./pan", "-S", "-w10", fmt.Sprintf("-m%d", r.depth))
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("replaying pan's trail: %w", err)
	}
	if !bytes.Contains(out, []byte("assertion violated")) {
		return nil, fmt.Errorf("pan's replay of its trail does not reach the violation:\n%s", lastLines(out, 20))
	}
	return out, nil
}

// hashBits sizes pan's hash table (2^w slots of 8 bytes) to a quarter of
// the memory budget, at most SPIN's default 2^24: a bigger table costs
// more to clear than it saves on most models.
func (r *runner) hashBits() int {
	w := 16
	for w < 24 && uint64(8)<<(w+1) <= r.opts.MaxMemory/4 {
		w++
	}
	return w
}

// command runs name in the work directory and returns its combined
// output. The context's end kills the whole process group.
func (r *runner) command(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	if name == "./pan" {
		cmd.Path = filepath.Join(r.dir, "pan")
	}
	cmd.Dir = r.dir
	killGroup(cmd)
	cmd.WaitDelay = time.Second
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if ctx.Err() != nil {
		return buf.Bytes(), ctx.Err()
	}
	return buf.Bytes(), err
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

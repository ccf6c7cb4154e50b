package bench

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Grace is how long the harness waits past the time limit before killing
// a bopgo run that has its own --timeout: long enough for it to stop and
// print its statistics.
const Grace = 2 * time.Second

// memoryPoll is how often the memory watchdog reads the processes' sizes.
const memoryPoll = 100 * time.Millisecond

// maxOutput bounds what is kept of a run's stdout (a --json result with a
// long trace is the largest expected) and stderrTail what is kept of its
// stderr, for the reason of an error.
const (
	maxOutput  = 64 << 20
	stderrTail = 2 << 10
)

// errCancelled marks a run stopped because the harness is stopping; it
// leaves no record.
var errCancelled = errors.New("cancelled")

// execute runs one program under one configuration as a child process
// (bopgo is the bopgo executable) and returns its record. The error is
// errCancelled when ctx ended first.
func execute(ctx context.Context, bopgo string, run Run) (Record, error) {
	rec := run.identity()
	file, cleanup, err := inputFile(run.Program)
	if err != nil {
		rec.Verdict, rec.Reason = Error, err.Error()
		return rec, nil
	}
	defer cleanup()
	argv := commandLine(bopgo, run, file)
	cmd := exec.Command(argv[0], argv[1:]...)
	stdout := &capped{max: maxOutput}
	stderr := &tail{max: stderrTail}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second // grandchildren keeping stdout open do not hold us
	inOwnGroup(cmd)

	start := time.Now()
	if err := cmd.Start(); err != nil {
		rec.Verdict, rec.Reason = Error, err.Error()
		return rec, nil
	}
	killedFor, peak, waitErr, err := watch(ctx, cmd, run)
	if err != nil {
		return rec, err
	}
	rec.Seconds = time.Since(start).Seconds()
	st := cmd.ProcessState
	rec.ExitStatus = st.ExitCode()
	rec.CPUSeconds = (st.UserTime() + st.SystemTime()).Seconds()
	rec.PeakMemory = max(peak, maxRSS(st))

	switch {
	case killedFor == Timeout:
		rec.Verdict, rec.Reason = Timeout, fmt.Sprintf("killed after %v", run.Limits.Timeout)
	case killedFor == Memout:
		rec.Verdict, rec.Reason = Memout, fmt.Sprintf("killed above %d MiB resident", run.Limits.Memory>>20)
	default:
		interpret(&rec, run.Config, stdout.Bytes(), stderr.String(), waitErr)
	}
	rec.Wrong = IsWrong(rec.Verdict, rec.Expected)
	return rec, nil
}

// watch waits for the started cmd of run, killing its process group at
// the run's time limit, above its memory limit (polled), or when ctx
// ends (errCancelled). It returns why it killed the run (Timeout, Memout
// or "": not killed), the peak resident memory polled and Wait's error.
func watch(ctx context.Context, cmd *exec.Cmd, run Run) (killedFor string, peak uint64, waitErr error, err error) {
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()

	var deadline <-chan time.Time
	if t := run.Limits.Timeout; t > 0 {
		if run.Config.takesTimeout() {
			t += Grace
		}
		timer := time.NewTimer(t)
		defer timer.Stop()
		deadline = timer.C
	}
	// The watchdog reads /proc only when there is a limit to enforce; the
	// peak of an unlimited run comes from its rusage alone.
	var poll <-chan time.Time
	if run.Limits.Memory > 0 {
		ticker := time.NewTicker(memoryPoll)
		defer ticker.Stop()
		poll = ticker.C
	}
	for {
		select {
		case waitErr = <-waited:
			return killedFor, peak, waitErr, nil
		case <-ctx.Done():
			killGroup(cmd)
			<-waited
			return killedFor, peak, nil, errCancelled
		case <-deadline:
			killedFor = Timeout
			killGroup(cmd)
		case <-poll:
			rss := groupRSS(cmd)
			peak = max(peak, rss)
			if rss > run.Limits.Memory && killedFor == "" {
				killedFor = Memout
				killGroup(cmd)
			}
		}
	}
}

// commandLine is the child's argv. bopgo children get --json where they
// speak it, the program's label, their own time and memory limits (so they
// stop gracefully before the harness kills them), and "--" before the
// file so that no file name reads as a flag.
func commandLine(bopgo string, run Run, file string) []string {
	c := run.Config
	if c.Exec {
		return append(append([]string{}, c.Args...), file)
	}
	if c.Bopgo != "" {
		bopgo = c.Bopgo
	}
	argv := append([]string{bopgo}, c.Args...)
	if c.speaksJSON() {
		argv = append(argv, "--json")
	}
	if run.Program.Label != "" && c.takesLabel() {
		argv = append(argv, "-l", run.Program.Label)
	}
	if t := run.Limits.Timeout; t > 0 && c.takesTimeout() {
		argv = append(argv, "--timeout", t.String())
	}
	if m := run.Limits.Memory; m > 0 && c.takesMaxMemory() {
		// The child counts its heap, the watchdog the resident size, which
		// is larger: three quarters leaves the child room to stop itself.
		argv = append(argv, "--max-memory", strconv.FormatUint(m/4*3, 10))
	}
	return append(argv, "--", file)
}

// inputFile is the file to give the command: the program itself, or for a
// gzipped formula a decompressed copy (neither bopgo qbf nor DepQBF reads
// gzip), removed by cleanup.
func inputFile(p Program) (name string, cleanup func(), err error) {
	if !strings.HasSuffix(p.Path, ".gz") {
		return p.Path, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "bopgo-bench-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	in, err := os.Open(p.Path)
	if err != nil {
		cleanup()
		return "", nil, err
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("%s: %w", p.Path, err)
	}
	name = filepath.Join(dir, strings.TrimSuffix(filepath.Base(p.Path), ".gz"))
	out, err := os.Create(name)
	if err == nil {
		_, err = io.Copy(out, zr)
		err = errors.Join(err, out.Close())
	}
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("%s: %w", p.Path, err)
	}
	return name, cleanup, nil
}

// jsonResult is the part of docs/json.md the harness reads.
type jsonResult struct {
	Verdict string   `json:"verdict"`
	Reason  string   `json:"reason"`
	Engine  string   `json:"engine"`
	Errors  []string `json:"errors"`
	Limit   string   `json:"limit"`
	// What a safe or unsafe answer rests on.
	Unchecked bool `json:"unchecked"`
	Evidence  *struct {
		Kind    string `json:"kind"`
		Checked bool   `json:"checked"`
	} `json:"evidence"`
	Certificate *struct {
		Kind string `json:"kind"`
	} `json:"certificate"`
	Stats struct {
		States   int64 `json:"states"`
		SATCalls int64 `json:"sat_calls"`
		QBFCalls int64 `json:"qbf_calls"`
	} `json:"stats"`
}

// leadingFields reads the top-level fields of a JSON object that was cut
// short, up to the first one that does not parse whole.
func leadingFields(stdout []byte) (jsonResult, error) {
	var res jsonResult
	fields := map[string]any{ // the fields read, where they go
		"verdict": &res.Verdict, "reason": &res.Reason, "engine": &res.Engine, "limit": &res.Limit, "errors": &res.Errors,
		"unchecked": &res.Unchecked, "evidence": &res.Evidence, "certificate": &res.Certificate,
	}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return res, errors.New("not a JSON object")
	}
	for {
		key, err := dec.Token()
		if err != nil {
			return res, nil
		}
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return res, nil
		}
		name, _ := key.(string)
		dst, ok := fields[name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return res, err
		}
	}
}

// interpret fills the verdict of a run that ended by itself: from the JSON
// result for check and spin, otherwise from the exit status (10 sat, 20
// unsat, the SAT-competition convention of DepQBF and bopgo qbf) or the
// last verdict line on stdout (VERIFICATION ..., s cnf ...).
func interpret(rec *Record, c Config, stdout []byte, stderr string, waitErr error) {
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		rec.Verdict, rec.Reason = Error, waitErr.Error()
		return
	}
	if rec.ExitStatus < 0 {
		rec.Verdict, rec.Reason = Error, fmt.Sprintf("%v; %s", waitErr, lastLine(stderr))
		return
	}
	if c.speaksJSON() {
		var res jsonResult
		err := json.Unmarshal(stdout, &res)
		if err != nil && len(stdout) >= maxOutput {
			// Cut at maxOutput (a trace of hundreds of MB): the fields
			// before the trace still say the verdict.
			res, err = leadingFields(stdout)
		}
		if err == nil && res.Verdict != "" {
			rec.Engine, rec.Reason = res.Engine, res.Reason
			rec.States, rec.SATCalls, rec.QBFCalls = res.Stats.States, res.Stats.SATCalls, res.Stats.QBFCalls
			rec.Verdict = classifyUnknown(res.Verdict, res.Limit, res.Reason)
			if res.Evidence != nil {
				rec.Evidence, rec.Checked = res.Evidence.Kind, res.Evidence.Checked && !res.Unchecked
			}
			if res.Certificate != nil {
				rec.Certificate = res.Certificate.Kind
			}
			if res.Verdict == Error && len(res.Errors) > 0 {
				rec.Reason = res.Errors[0]
			}
			return
		}
	}
	if c.Exec || c.subcommand() == "qbf" {
		switch rec.ExitStatus {
		case 10:
			rec.Verdict = Sat
			return
		case 20:
			rec.Verdict = Unsat
			return
		}
	}
	if v, ok := verdictLine(stdout); ok {
		rec.Verdict, rec.Reason = v, lastLine(stderr)
		return
	}
	rec.Verdict = Error
	rec.Reason = fmt.Sprintf("exit status %d, no verdict", rec.ExitStatus)
	if l := lastLine(stderr); l != "" {
		rec.Reason += ": " + l
	}
}

// classifyUnknown splits bopgo's unknown by the limit that stopped it
// (docs/json.md): a time or memory limit is a verdict of its own. bopgo
// spin and older bopgo have no limit field; their reason says it.
func classifyUnknown(verdict, limit, reason string) string {
	if verdict != Unknown {
		return verdict
	}
	switch {
	case limit == "time", limit == "" && strings.HasPrefix(reason, "timeout"):
		return Timeout
	case limit == "memory", limit == "" && strings.HasPrefix(reason, "memory limit"):
		return Memout
	}
	return Unknown
}

var verdictLines = regexp.MustCompile(`(?m)^(VERIFICATION (SUCCESSFUL|FAILED|UNKNOWN)|s cnf (1|0|-1)\b.*|UNSAT|SAT|UNKNOWN)\s*$`)

// verdictLine finds the last verdict line of stdout.
func verdictLine(stdout []byte) (string, bool) {
	all := verdictLines.FindAllSubmatch(stdout, -1)
	if len(all) == 0 {
		return "", false
	}
	m := all[len(all)-1]
	switch {
	case string(m[2]) == "SUCCESSFUL":
		return Safe, true
	case string(m[2]) == "FAILED":
		return Unsafe, true
	case string(m[3]) == "1", string(m[1]) == "SAT":
		return Sat, true
	case string(m[3]) == "0", string(m[1]) == "UNSAT":
		return Unsat, true
	}
	return Unknown, true
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// capped keeps the first max bytes written.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) Bytes() []byte { return c.buf.Bytes() }

// tail keeps the last max bytes written.
type tail struct {
	buf []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte{}, t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string { return string(t.buf) }

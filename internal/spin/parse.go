package spin

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/bopgo/bopgo/verdict"
)

// panOutput is what a pan run printed.
type panOutput struct {
	errors         int
	message        string // the first "pan:1: ..." error line, without the prefix
	states         int64
	depth          int
	memory         float64
	depthTooSmall  bool
	outOfMemory    bool
	incomplete     bool // "Warning: Search not completed"
	vectorTooSmall int  // the size pan asked for
	summary        bool // the statistics block was printed
}

// The expressions are compiled on first use, not when the package is
// initialised: every bopgo run initialises it, and most never run SPIN.
var panRegexps = sync.OnceValue(func() *panExprs {
	return &panExprs{
		errors:  regexp.MustCompile(`depth reached (\d+), errors: (\d+)`),
		states:  regexp.MustCompile(`(?m)^\s*([0-9.e+]+) states, stored`),
		memory:  regexp.MustCompile(`(?m)^\s*([0-9.]+)\s+total actual memory usage`),
		message: regexp.MustCompile(`(?m)^pan:\d+: (.*?)(?: \(at depth \d+\))?$`),
		vector:  regexp.MustCompile(`VECTORSZ too small, recompile pan.c with -DVECTORSZ=N with N>(\d+)`),
	}
})

type panExprs struct{ errors, states, memory, message, vector *regexp.Regexp }

func parse(out string) panOutput {
	var p panOutput
	re := panRegexps()
	if m := re.errors.FindStringSubmatch(out); m != nil {
		p.summary = true
		p.depth, _ = strconv.Atoi(m[1])
		p.errors, _ = strconv.Atoi(m[2])
	}
	if m := re.states.FindStringSubmatch(out); m != nil {
		f, _ := strconv.ParseFloat(m[1], 64)
		p.states = int64(f)
	}
	if m := re.memory.FindStringSubmatch(out); m != nil {
		p.memory, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := re.message.FindStringSubmatch(out); m != nil {
		p.message = strings.TrimSpace(m[1])
	}
	if m := re.vector.FindStringSubmatch(out); m != nil {
		p.vectorTooSmall, _ = strconv.Atoi(m[1])
	}
	p.depthTooSmall = strings.Contains(out, "max search depth too small")
	p.outOfMemory = strings.Contains(out, "reached -DMEMLIM bound") || strings.Contains(out, "out of memory")
	p.incomplete = strings.Contains(out, "Search not completed")
	return p
}

// result interprets a pan run.
func (p panOutput) result() Result {
	r := Result{States: p.states, Depth: p.depth, Memory: p.memory}
	switch {
	case p.errors > 0 && strings.HasPrefix(p.message, "assertion violated"):
		r.Verdict, r.Reason = verdict.Unsafe, p.message
	case p.errors > 0 && strings.Contains(p.message, "too many processes"):
		r.Verdict, r.Limit, r.Reason = verdict.Unknown, verdict.Threads, "SPIN's limit of 255 processes reached (threads that ended but whose pid SPIN cannot reuse count)"
	case p.errors > 0:
		r.Verdict, r.Reason = verdict.Unknown, "pan stopped with an error: "+p.message
	case p.outOfMemory:
		r.Verdict, r.Limit, r.Reason = verdict.Unknown, verdict.Memory, "out of memory: pan reached its memory limit (raise --max-memory)"
	case p.depthTooSmall:
		// The depth bound grows while the stack fits in the memory
		// budget (runner.stackFits): memory is what stopped it.
		r.Verdict, r.Limit, r.Reason = verdict.Unknown, verdict.Memory, "search depth limit reached: the stack does not fit in the memory limit"
	case p.incomplete || !p.summary:
		r.Verdict, r.Reason = verdict.Unknown, "pan did not complete the search"
	default:
		r.Verdict = verdict.Safe
	}
	return r
}

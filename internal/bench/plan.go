package bench

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"
)

// Limits bound one run; zero is no limit.
type Limits struct {
	Timeout time.Duration // wall time
	Memory  uint64        // bytes of resident memory of the run's processes
}

// Run is one program under one configuration and limits.
type Run struct {
	Program Program
	Config  Config
	Limits  Limits
}

// Plan is every run of the programs under the configurations that accept
// them, in a deterministic order: by program path, then in the order the
// configurations were given.
func Plan(progs []Program, configs []Config, lim Limits) []Run {
	var runs []Run
	for _, p := range progs {
		for _, c := range configs {
			if c.Accepts(p.Kind) {
				runs = append(runs, Run{Program: p, Config: c, Limits: lim})
			}
		}
	}
	return runs
}

// identity is the record of a run before it has run: the fields that make
// up its key.
func (r Run) identity() Record {
	rec := Record{
		Program:  r.Program.Path,
		SHA256:   r.Program.SHA256,
		Label:    r.Program.Label,
		Config:   r.Config.Name,
		Exec:     r.Config.Exec,
		Bopgo:    r.Config.Bopgo,
		Args:     r.Config.Args,
		Memory:   r.Limits.Memory,
		Expected: r.Program.Expected,
	}
	if r.Limits.Timeout > 0 {
		rec.Timeout = r.Limits.Timeout.String()
	}
	return rec
}

// Key identifies the run: same key, same run, whichever shard or machine
// ran it.
func (r Run) Key() string { return r.identity().Key() }

// Key identifies the run that produced the record: the program (path,
// content and property), the configuration (name, command and flags) and
// the limits. The expected verdict is not part of it: correcting a
// manifest does not make finished runs stale.
func (rec Record) Key() string {
	cmd := ""
	switch {
	case rec.Exec:
		cmd = "exec:"
	case rec.Bopgo != "":
		cmd = "bopgo:" + rec.Bopgo + "\x1f"
	}
	return strings.Join([]string{rec.Program, rec.SHA256, rec.Label, rec.Config, cmd + strings.Join(rec.Args, "\x1f"), rec.Timeout, strconv.FormatUint(rec.Memory, 10)}, "\x00")
}

// Shard is a part i of n (1 ≤ i ≤ n) of the work.
type Shard struct{ I, N int }

// ParseShard reads "i/n".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n, e.g. 3/8", s)
	}
	return Shard{I: i, N: n}, nil
}

// Holds tells whether the run with this key belongs to the shard: the
// FNV-1a hash of the key, modulo n, is i-1. A hash, not a position in the
// list, so that a run stays in its shard when programs or configurations
// are added or removed: each shard's results file stays valid for resuming
// after the input changes.
func (s Shard) Holds(key string) bool {
	return s.N <= 1 || ShardOf(key, s.N) == s.I
}

// ShardOf is the shard i of n (1 ≤ i ≤ n) that holds the run with this key.
func ShardOf(key string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(max(n, 1))) + 1
}

// Select is the runs of the shard that are not done.
func Select(runs []Run, s Shard, done map[string]bool) []Run {
	var out []Run
	for _, r := range runs {
		k := r.Key()
		if s.Holds(k) && !done[k] {
			out = append(out, r)
		}
	}
	return out
}

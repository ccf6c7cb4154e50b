package gen

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// Family is a kind of random program: a generator of one configuration.
type Family struct {
	Name    string
	Program func(seed int64) string
	// Cost is how many seeds of a cheap family one seed of this one is
	// worth in Seeds: about the time every engine takes on its programs
	// (FuzzEngines' limits), relative to the tiny ones'.
	Cost int
}

// Families are the kinds of random programs that together have every
// feature of the language: the tiny ones of the differential tests,
// every dimension of Config (Full, TinyFull, FullBroadcast), recursion,
// Getafix's dialect (also with threads of one body), and wide steps (Wide, safe for odd seeds: the safe ones are the slow ones).
var Families = []Family{
	{"tiny", func(seed int64) string { return Program(seed, Tiny) }, 1},
	{"tiny-broadcast", func(seed int64) string { return Program(seed, TinyBroadcast) }, 1},
	{"tiny-full", func(seed int64) string { return Program(seed, TinyFull) }, 4},
	{"full", func(seed int64) string { return Program(seed, Full) }, 6},
	{"broadcast-full", func(seed int64) string { return Program(seed, FullBroadcast) }, 6},
	{"recursive", func(seed int64) string { return Recursive(seed, SmallRecursive) }, 1},
	{"threaded-recursive", func(seed int64) string { return Recursive(seed, ThreadedRecursive) }, 1},
	{"spawning-recursive", func(seed int64) string { return Recursive(seed, SpawningRecursive) }, 1},
	{"getafix", func(seed int64) string { return Getafix(seed, SmallGetafix) }, 10},
	{"getafix-symmetric", func(seed int64) string { return Getafix(seed, SymmetricGetafix) }, 10},
	{"wide", func(seed int64) string { return Wide(seed, seed%2 == 1) }, 10},
}

// FamilyNamed returns the family called name.
func FamilyNamed(name string) (Family, bool) {
	for _, f := range Families {
		if f.Name == name {
			return f, true
		}
	}
	return Family{}, false
}

// Seeds adds to a fuzz corpus (through add, e.g. (*testing.F).Add's
// adapter) the programs of the files matching glob and, for each family,
// the programs of seeds 0 to n/Cost-1 (one at least), so that every
// feature of the language is among them and each family costs about the
// same.
func Seeds(add func(src []byte), glob string, n int) {
	files, _ := filepath.Glob(glob)
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			add(src)
		}
	}
	for _, f := range Families {
		for seed := range int64(max(n/f.Cost, 1)) {
			add([]byte(f.Program(seed)))
		}
	}
}

// Count is how many random programs a test runs: full, or short under
// go test -short; BOPGO_SEEDS=N overrides both, and BOPGO_LONG (the
// runs before a release, README.md) makes full ten times larger. For
// tests only: testing's flags must be parsed.
func Count(full, short int) int {
	if n, err := strconv.Atoi(os.Getenv("BOPGO_SEEDS")); err == nil && n > 0 {
		return n
	}
	switch {
	case testing.Short():
		return short
	case os.Getenv("BOPGO_LONG") != "":
		return 10 * full
	}
	return full
}

// newRand is the source of a generator's choices for seed, shifted by
// BOPGO_SEED_OFFSET (none if unset): the tests number their seeds from
// 1, so without it a campaign that runs them again runs the programs it
// ran before. With an offset, a test's "seed N" is the program of seed N
// plus the offset, which the first generator to use it prints on stderr
// (to reproduce a failure, set the same offset).
func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(shifted(seed))) }

// shifted is seed shifted by BOPGO_SEED_OFFSET (newRand).
func shifted(seed int64) int64 {
	off, _ := strconv.ParseInt(os.Getenv("BOPGO_SEED_OFFSET"), 10, 64)
	if off != 0 {
		offsetSaid.Do(func() {
			fmt.Fprintf(os.Stderr, "internal/gen: seeds shifted by %d (BOPGO_SEED_OFFSET)\n", off)
		})
	}
	return seed + off
}

var offsetSaid sync.Once

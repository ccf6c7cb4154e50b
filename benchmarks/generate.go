package benchmarks

import (
	"fmt"
	"path"
	"strings"
)

// The committed instances of the families: benchmarks/families/<family>/
// with a MANIFEST.tsv, written by `go run ./benchmarks/cmd/genfamilies`
// and checked against this code by the package's tests.

// FamiliesDir is where the generated instances live, relative to the
// benchmarks directory.
const FamiliesDir = "families"

// Member is one generated program of a family.
type Member struct {
	Family   string
	Name     string // file name without .bp
	Params   string // e.g. "n=3 k=4"
	Expected string // "safe" or "unsafe"
	Evidence string
	Source   string
	// Size orders the members of a family from easy to hard; the tests
	// check the verdicts of the small ones with the explicit engine.
	Size int
}

// Path is the member's file, relative to FamiliesDir.
func (m Member) Path() string { return path.Join(m.Family, m.Name+".bp") }

func verdictWord(bug bool) string {
	if bug {
		return "unsafe"
	}
	return "safe"
}

func suffix(bug bool) string {
	if bug {
		return "bug"
	}
	return "safe"
}

// Members returns the generated instances: workers n=2..6, k in
// {0,2,4,8}; mutex n=2..6, k in {4,8}; wideparity v in {8,16,24,30};
// filter n=2..5; the families of shapes.go (shapeMembers) and of
// textbook.go (textbookMembers); each safe and with its bug.
func Members() []Member {
	var out []Member
	for _, bug := range []bool{false, true} {
		for n := 2; n <= 6; n++ {
			for _, k := range []int{0, 2, 4, 8} {
				ev := "by construction: a test-and-set lock (constrain !lock) guards the critical section, and inside is true only while the lock is held"
				if bug {
					ev = "by construction: the lock is taken without the test, so two of the n>=2 workers can be between taking it and the assert; the second finds inside set"
				}
				out = append(out, Member{Family: "workers", Name: fmt.Sprintf("workers-n%d-k%d-%s", n, k, suffix(bug)),
					Params: fmt.Sprintf("n=%d k=%d", n, k), Expected: verdictWord(bug), Evidence: ev, Source: Workers(n, k, bug), Size: n*10 + k})
			}
		}
		for n := 2; n <= 6; n++ {
			for _, k := range []int{4, 8} {
				ev := "by construction: as workers, with each worker its own procedure"
				if bug {
					ev = "by construction: as workers with the bug, with each worker its own procedure"
				}
				out = append(out, Member{Family: "mutex", Name: fmt.Sprintf("mutex-n%d-k%d-%s", n, k, suffix(bug)),
					Params: fmt.Sprintf("n=%d k=%d", n, k), Expected: verdictWord(bug), Evidence: ev, Source: Mutex(n, k, bug), Size: n*10 + k})
			}
		}
		for _, v := range []int{8, 16, 24, 30} {
			ev := "by construction: every step keeps the parity of the variables, which is even after the initialisation"
			if bug {
				ev = "by construction: all variables true has even parity for even v, so it is reachable, and from it the loop may flip the parity"
			}
			out = append(out, Member{Family: "wideparity", Name: fmt.Sprintf("wideparity-v%d-%s", v, suffix(bug)),
				Params: fmt.Sprintf("v=%d", v), Expected: verdictWord(bug), Evidence: ev, Source: WideParity(v, bug), Size: v})
		}
		for n := 2; n <= 5; n++ {
			ev := "by construction: the filter lock (Peterson for n threads) lets at most n-L threads past level L, so one at a time into the critical section"
			if bug {
				ev = "by construction: with all n threads competing, two pass level n-2 and nothing stops them at the last level"
			}
			out = append(out, Member{Family: "filter", Name: fmt.Sprintf("filter-n%d-%s", n, suffix(bug)),
				Params: fmt.Sprintf("n=%d", n), Expected: verdictWord(bug), Evidence: ev, Source: Filter(n, bug), Size: n})
		}
		out = append(out, shapeMembers(bug)...)
		out = append(out, textbookMembers(bug)...)
	}
	return out
}

// shapeMembers are the instances of the families of shapes.go:
// localworkers n=3..6, k in {2,4,8}; guardedworkers and tangledworkers n
// in {3,4,6}, k in {4,8}; sharedparity n in {2,3}, v in
// {8,16,24}; tokenring n in {4,6,8,10}; deepcount d in {6,10,14,18}.
func shapeMembers(bug bool) []Member {
	var out []Member
	for n := 3; n <= 6; n++ {
		for _, k := range []int{2, 4, 8} {
			ev := "by construction: a test-and-set lock (constrain !lock) guards the critical section, and inside is true only while the lock is held"
			if bug {
				ev = "by construction: the lock is taken without the test, so two of the n>=2 workers can be between taking it and the assert; the second finds inside set"
			}
			out = append(out, Member{Family: "localworkers", Name: fmt.Sprintf("localworkers-n%d-k%d-%s", n, k, suffix(bug)),
				Params: fmt.Sprintf("n=%d k=%d", n, k), Expected: verdictWord(bug), Evidence: ev, Source: LocalWorkers(n, k, bug), Size: n*10 + k})
		}
	}
	for _, n := range []int{3, 4, 6} {
		for _, k := range []int{4, 8} {
			ev := "by construction: as localworkers, whose lock the guard on l0 only delays"
			if bug {
				ev = "by construction: as localworkers with the bug; two workers whose l0 holds both pass the guard and take the lock without the test"
			}
			out = append(out, Member{Family: "guardedworkers", Name: fmt.Sprintf("guardedworkers-n%d-k%d-%s", n, k, suffix(bug)),
				Params: fmt.Sprintf("n=%d k=%d", n, k), Expected: verdictWord(bug), Evidence: ev, Source: GuardedWorkers(n, k, bug), Size: n*10 + k})
			ev = "by construction: as guardedworkers, whose lock the locals only delay"
			if bug {
				ev = "by construction: as guardedworkers with the bug; l0 can hold (l1 | * holds in one round, l1 & * in the next), so two workers pass the guard and take the lock without the test"
			}
			out = append(out, Member{Family: "tangledworkers", Name: fmt.Sprintf("tangledworkers-n%d-k%d-%s", n, k, suffix(bug)),
				Params: fmt.Sprintf("n=%d k=%d", n, k), Expected: verdictWord(bug), Evidence: ev, Source: TangledWorkers(n, k, bug), Size: n*10 + k})
		}
	}
	for _, n := range []int{2, 3} {
		for _, v := range []int{8, 16, 24} {
			ev := "by construction: every step flips two globals, so their parity stays even, as it is after main's initialisation"
			if bug {
				ev = "by construction: with n even, thread 0 can end its round with the pairs 0, 2, 4, ... flipped an odd number of times and the others an even number, all globals true, and then flips g0 alone"
			}
			if bug && !SharedParityUnsafe(n, v, bug) {
				ev = "by construction: with n odd, thread 0 ends its round with its pairs 0, n, ... flipped equally often, so never all globals true (pairs 0 and n differ in parity of index), and its extra flip is dead; the parity stays even"
			}
			out = append(out, Member{Family: "sharedparity", Name: fmt.Sprintf("sharedparity-n%d-v%d-%s", n, v, suffix(bug)),
				Params: fmt.Sprintf("n=%d v=%d", n, v), Expected: verdictWord(SharedParityUnsafe(n, v, bug)), Evidence: ev, Source: SharedParity(n, v, bug), Size: 100*n + v})
		}
	}
	for _, n := range []int{4, 6, 8, 10} {
		ev := "by construction: exactly one flag is true at any time (main sets one, each pass moves it), so the holder's successor never holds it"
		if bug {
			ev = "by construction: thread 0 may set its successor's flag and keep its own, and then asserts that the successor does not hold it"
		}
		out = append(out, Member{Family: "tokenring", Name: fmt.Sprintf("tokenring-n%d-%s", n, suffix(bug)),
			Params: fmt.Sprintf("n=%d", n), Expected: verdictWord(bug), Evidence: ev, Source: TokenRing(n, bug), Size: n})
	}
	for _, d := range []int{6, 10, 14, 18} {
		ev := "by construction: both counters start at zero and are incremented together"
		if bug {
			ev = "by construction: the second counter is incremented twice when the first reaches 2^d-2, and they differ on the next round"
		}
		out = append(out, Member{Family: "deepcount", Name: fmt.Sprintf("deepcount-d%d-%s", d, suffix(bug)),
			Params: fmt.Sprintf("d=%d", d), Expected: verdictWord(bug), Evidence: ev, Source: DeepCount(d, bug), Size: d})
	}
	return out
}

// Manifest is the MANIFEST.tsv of members, in the columns ReadManifest
// needs (and a few more).
func Manifest(members []Member) string {
	var b strings.Builder
	b.WriteString("path\tfamily\tparameters\texpected_verdict\tverdict_evidence\tdialect\tmax_threads\n")
	for _, m := range members {
		threads := "1"
		if m.Family != "wideparity" && m.Family != "deepcount" {
			var n int
			fmt.Sscanf(m.Params, "n=%d", &n)
			threads = fmt.Sprint(n + 1)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\tbopgo (generated)\t%s\n", m.Path(), m.Family, m.Params, m.Expected, m.Evidence, threads)
	}
	return b.String()
}

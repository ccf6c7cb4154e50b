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

// member is the instance params ("n=3 k=4") of family, safe or with its
// bug: named family-n3-k4-safe (or -bug), unsafe exactly when bug is
// set, and resting on the evidence safe or unsafe says.
func member(family, params string, bug bool, source string, size int, safe, unsafe string) Member {
	ev := safe
	if bug {
		ev = unsafe
	}
	name := family + "-" + strings.NewReplacer("=", "", " ", "-").Replace(params) + "-" + suffix(bug)
	return Member{Family: family, Name: name, Params: params, Expected: verdictWord(bug), Evidence: ev, Source: source, Size: size}
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
				out = append(out, member("workers", fmt.Sprintf("n=%d k=%d", n, k), bug, Workers(n, k, bug), n*10+k,
					"by construction: a test-and-set lock (constrain !lock) guards the critical section, and inside is true only while the lock is held",
					"by construction: the lock is taken without the test, so two of the n>=2 workers can be between taking it and the assert; the second finds inside set"))
			}
		}
		for n := 2; n <= 6; n++ {
			for _, k := range []int{4, 8} {
				out = append(out, member("mutex", fmt.Sprintf("n=%d k=%d", n, k), bug, Mutex(n, k, bug), n*10+k,
					"by construction: as workers, with each worker its own procedure",
					"by construction: as workers with the bug, with each worker its own procedure"))
			}
		}
		for _, v := range []int{8, 16, 24, 30} {
			out = append(out, member("wideparity", fmt.Sprintf("v=%d", v), bug, WideParity(v, bug), v,
				"by construction: every step keeps the parity of the variables, which is even after the initialisation",
				"by construction: all variables true has even parity for even v, so it is reachable, and from it the loop may flip the parity"))
		}
		for n := 2; n <= 5; n++ {
			out = append(out, member("filter", fmt.Sprintf("n=%d", n), bug, Filter(n, bug), n,
				"by construction: the filter lock (Peterson for n threads) lets at most n-L threads past level L, so one at a time into the critical section",
				"by construction: with all n threads competing, two pass level n-2 and nothing stops them at the last level"))
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
			out = append(out, member("localworkers", fmt.Sprintf("n=%d k=%d", n, k), bug, LocalWorkers(n, k, bug), n*10+k,
				"by construction: a test-and-set lock (constrain !lock) guards the critical section, and inside is true only while the lock is held",
				"by construction: the lock is taken without the test, so two of the n>=2 workers can be between taking it and the assert; the second finds inside set"))
		}
	}
	for _, n := range []int{3, 4, 6} {
		for _, k := range []int{4, 8} {
			out = append(out, member("guardedworkers", fmt.Sprintf("n=%d k=%d", n, k), bug, GuardedWorkers(n, k, bug), n*10+k,
				"by construction: as localworkers, whose lock the guard on l0 only delays",
				"by construction: as localworkers with the bug; two workers whose l0 holds both pass the guard and take the lock without the test"))
			out = append(out, member("tangledworkers", fmt.Sprintf("n=%d k=%d", n, k), bug, TangledWorkers(n, k, bug), n*10+k,
				"by construction: as guardedworkers, whose lock the locals only delay",
				"by construction: as guardedworkers with the bug; l0 can hold (l1 | * holds in one round, l1 & * in the next), so two workers pass the guard and take the lock without the test"))
		}
	}
	for _, n := range []int{2, 3} {
		for _, v := range []int{8, 16, 24} {
			m := member("sharedparity", fmt.Sprintf("n=%d v=%d", n, v), bug, SharedParity(n, v, bug), 100*n+v,
				"by construction: every step flips two globals, so their parity stays even, as it is after main's initialisation",
				"by construction: with n even, thread 0 can end its round with the pairs 0, 2, 4, ... flipped an odd number of times and the others an even number, all globals true, and then flips g0 alone")
			if bug && !SharedParityUnsafe(n, v, bug) {
				m.Expected = verdictWord(false)
				m.Evidence = "by construction: with n odd, thread 0 ends its round with its pairs 0, n, ... flipped equally often, so never all globals true (pairs 0 and n differ in parity of index), and its extra flip is dead; the parity stays even"
			}
			out = append(out, m)
		}
	}
	for _, n := range []int{4, 6, 8, 10} {
		out = append(out, member("tokenring", fmt.Sprintf("n=%d", n), bug, TokenRing(n, bug), n,
			"by construction: exactly one flag is true at any time (main sets one, each pass moves it), so the holder's successor never holds it",
			"by construction: thread 0 may set its successor's flag and keep its own, and then asserts that the successor does not hold it"))
	}
	for _, d := range []int{6, 10, 14, 18} {
		out = append(out, member("deepcount", fmt.Sprintf("d=%d", d), bug, DeepCount(d, bug), d,
			"by construction: both counters start at zero and are incremented together",
			"by construction: the second counter is incremented twice when the first reaches 2^d-2, and they differ on the next round"))
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

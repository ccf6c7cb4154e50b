package syntax

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestIsAsyncLabel compares isAsyncLabel with the regular expression it
// replaces, on fixed cases and on random strings over the characters
// that matter.
func TestIsAsyncLabel(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^ASYNC_[0-9]+$`)
	cases := []string{"", "ASYNC_", "ASYNC_0", "ASYNC_12", "ASYNC_1a", "async_1", "ASYNC_-1", "XASYNC_1", "ASYNC_1 ", "ASYNC__1", "ASYNC_٣"}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ASYNC_019a -"
	for range 5000 {
		b := []byte("ASYNC_")[:r.IntN(7)]
		for range r.IntN(4) {
			b = append(b, alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := isAsyncLabel(s), re.MatchString(s); got != want {
			t.Fatalf("isAsyncLabel(%q) = %v, the regexp says %v (seed 1, 2)", s, got, want)
		}
	}
}

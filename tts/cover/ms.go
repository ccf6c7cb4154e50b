package cover

import (
	"slices"
	"strconv"
	"strings"
)

// ms is a multiset of local states, sorted ascending, one entry a thread.
type ms []int32

// count is the number of threads in l.
func (m ms) count(l int32) int {
	i, found := slices.BinarySearch(m, l)
	if !found {
		return 0
	}
	j := i
	for j < len(m) && m[j] == l {
		j++
	}
	return j - i
}

// add returns m plus one thread in l (a new slice).
func (m ms) add(l int32) ms {
	i, _ := slices.BinarySearch(m, l)
	out := make(ms, 0, len(m)+1)
	out = append(out, m[:i]...)
	out = append(out, l)
	return append(out, m[i:]...)
}

// removeOne returns m minus one thread in l, or m itself when there is
// none in l (the clamped difference of the backward steps).
func (m ms) removeOne(l int32) ms {
	i, found := slices.BinarySearch(m, l)
	if !found {
		return m
	}
	out := make(ms, 0, len(m)-1)
	out = append(out, m[:i]...)
	return append(out, m[i+1:]...)
}

// leq reports multiset inclusion m ⊆ o.
func (m ms) leq(o ms) bool {
	if len(m) > len(o) {
		return false
	}
	j := 0
	for _, x := range m {
		for j < len(o) && o[j] < x {
			j++
		}
		if j == len(o) || o[j] != x {
			return false
		}
		j++
	}
	return true
}

// bounds lists each local of m with its number of threads, by local.
func (m ms) bounds() []Bound {
	var out []Bound
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		out = append(out, Bound{int(m[i]), j - i})
		i = j
	}
	return out
}

// mask is a 64-bit summary: m ⊆ o implies mask(m) &^ mask(o) == 0.
func (m ms) mask() uint64 {
	var b uint64
	for _, x := range m {
		b |= 1 << (uint(x) & 63)
	}
	return b
}

// key is m as a map key.
func (m ms) key(shared int32) string {
	var b strings.Builder
	b.Grow(4 * (len(m) + 1))
	w := func(x int32) {
		b.WriteByte(byte(x))
		b.WriteByte(byte(x >> 8))
		b.WriteByte(byte(x >> 16))
		b.WriteByte(byte(x >> 24))
	}
	w(shared)
	for _, x := range m {
		w(x)
	}
	return b.String()
}

func (m ms) ints() []int {
	out := make([]int, len(m))
	for i, x := range m {
		out[i] = int(x)
	}
	return out
}

func toMS(l []int) ms {
	out := make(ms, len(l))
	for i, x := range l {
		out[i] = int32(x)
	}
	slices.Sort(out)
	return out
}

func (m ms) String() string {
	parts := make([]string, len(m))
	for i, x := range m {
		parts[i] = strconv.Itoa(int(x))
	}
	return strings.Join(parts, ",")
}

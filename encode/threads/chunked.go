package threads

// chunked is a list that grows by chunks of chunkLen elements and is
// made one slice at the end (flat): Build makes hundreds of thousands of
// rules, and appending them to one slice copied it at every doubling.
// The copies of a slice of rules (which hold pointers) could not be
// interrupted by the garbage collector, whose workers spun waiting for
// them: on six guarded workers of eight locals, before the slicing cut
// their locals (530,004 rules), Build took 3.6 s; 1.7 s with the slice
// made large enough at first, and 1.5 to 1.9 s with chunks.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

const chunkLen = 1 << 12

func (c *chunked[T]) add(x T) {
	if c.n%chunkLen == 0 {
		c.chunks = append(c.chunks, make([]T, 0, chunkLen))
	}
	last := &c.chunks[len(c.chunks)-1]
	*last = append(*last, x)
	c.n++
}

func (c *chunked[T]) len() int { return c.n }

func (c *chunked[T]) at(i int) *T { return &c.chunks[i/chunkLen][i%chunkLen] }

// flat is the list as one slice, copied a chunk at a time.
func (c *chunked[T]) flat() []T {
	out := make([]T, 0, c.n)
	for _, ch := range c.chunks {
		out = append(out, ch...)
	}
	return out
}

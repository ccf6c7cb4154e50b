package cli

import (
	"fmt"
	"strconv"
	"strings"
)

// ByteSize is a flag value for sizes like 512MB, 2GiB or 1000000.
type ByteSize uint64

var sizeUnits = []struct {
	suffix string
	factor uint64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40},
	{"B", 1},
}

func (b *ByteSize) String() string { return strconv.FormatUint(uint64(*b), 10) }

func (b *ByteSize) Set(s string) error {
	t := strings.TrimSpace(s)
	factor := uint64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t = strings.TrimSpace(t[:len(t)-len(u.suffix)])
			factor = u.factor
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("invalid size %q (examples: 512MB, 2GiB, 1000000)", s)
	}
	*b = ByteSize(n * float64(factor))
	return nil
}

package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Conflict is a run recorded twice with different verdicts.
type Conflict struct{ Kept, Dropped Record }

func (c Conflict) String() string {
	return fmt.Sprintf("%s under %s: kept %s, dropped %s", c.Kept.Program, c.Kept.Config, c.Kept.Verdict, c.Dropped.Verdict)
}

// Dedup keeps the first record of each run, in the order given, and
// returns the records sorted (SortRecords) with the duplicates whose
// verdict differed from the kept one.
func Dedup(recs []Record) ([]Record, []Conflict) {
	first := map[string]int{}
	var out []Record
	var conflicts []Conflict
	for _, r := range recs {
		k := r.Key()
		if i, seen := first[k]; seen {
			if out[i].Verdict != r.Verdict {
				conflicts = append(conflicts, Conflict{Kept: out[i], Dropped: r})
			}
			continue
		}
		first[k] = len(out)
		out = append(out, r)
	}
	SortRecords(out)
	return out, conflicts
}

// WriteRecords writes the records as a results file, replacing name
// atomically (a temporary file renamed over it), so that a merge killed
// halfway leaves the old file.
func WriteRecords(name string, recs []Record) error {
	var b bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return writeFileAtomic(name, b.Bytes())
}

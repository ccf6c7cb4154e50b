package bench

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
)

// Results is a results file open for appending, with an optional CSV
// twin. The JSON Lines file is the record of truth: each record is one
// line, written with a single write on a file opened O_APPEND and synced
// before the next run is reported, so a killed harness loses at most the
// runs it was doing. The CSV is written the same way but second, so it can
// miss the last record of a killed run; bench report writes a complete CSV
// from the JSON Lines.
type Results struct {
	mu       sync.Mutex
	jsonl    *os.File
	csv      *os.File
	jsonName string
}

// OpenResults opens (creating if need be) the results file and the CSV
// file (if csvName is not empty), cuts off a torn last line left by a
// killed writer, and returns the records already there.
func OpenResults(name, csvName string) (*Results, []Record, error) {
	recs, err := repairAndRead(name)
	if err != nil {
		return nil, nil, err
	}
	r := &Results{jsonName: name}
	if r.jsonl, err = openAppend(name); err != nil {
		return nil, nil, err
	}
	if csvName != "" {
		if _, err := cutTornTail(csvName); err != nil {
			r.Close()
			return nil, nil, err
		}
		if r.csv, err = openAppend(csvName); err != nil {
			r.Close()
			return nil, nil, err
		}
		if info, err := r.csv.Stat(); err == nil && info.Size() == 0 {
			if err := r.writeCSV(csvHeader); err != nil {
				r.Close()
				return nil, nil, err
			}
		}
	}
	return r, recs, nil
}

func openAppend(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
}

// Append writes the record as one line and syncs it to disk.
func (r *Results) Append(rec Record) error {
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.jsonl.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("%s: %w", r.jsonName, err)
	}
	if err := r.jsonl.Sync(); err != nil {
		return fmt.Errorf("%s: %w", r.jsonName, err)
	}
	if r.csv != nil {
		return r.writeCSV(rec.csvRow())
	}
	return nil
}

func (r *Results) writeCSV(row []string) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(row)
	w.Flush()
	if _, err := r.csv.Write(b.Bytes()); err != nil {
		return err
	}
	return r.csv.Sync()
}

// Close closes the files.
func (r *Results) Close() error {
	var errs []error
	if r.jsonl != nil {
		errs = append(errs, r.jsonl.Close())
	}
	if r.csv != nil {
		errs = append(errs, r.csv.Close())
	}
	return errors.Join(errs...)
}

// repairAndRead reads the records of a results file, a missing file being
// empty, after cutting off a torn last line.
func repairAndRead(name string) ([]Record, error) {
	data, err := cutTornTail(name)
	if err != nil {
		return nil, err
	}
	return parseRecords(name, data)
}

// cutTornTail truncates a file that does not end in a newline after its
// last newline, and returns what remains. A writer killed in the middle of
// a line leaves such a tail; the run it belonged to has no record and is
// done again.
func cutTornTail(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(data) == 0 || data[len(data)-1] == '\n' {
		return data, nil
	}
	keep := bytes.LastIndexByte(data, '\n') + 1
	if err := os.Truncate(name, int64(keep)); err != nil {
		return nil, fmt.Errorf("cutting the torn last line of %s: %w", name, err)
	}
	return data[:keep], nil
}

// ReadRecords reads results files without changing them, in the order
// given; a torn last line (no final newline) is skipped and counted.
func ReadRecords(names ...string) (recs []Record, torn int, err error) {
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, 0, err
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			torn++
			data = data[:bytes.LastIndexByte(data, '\n')+1]
		}
		rs, err := parseRecords(name, data)
		if err != nil {
			return nil, 0, err
		}
		recs = append(recs, rs...)
	}
	return recs, torn, nil
}

// parseRecords decodes whole lines; a line that is not a record is an
// error naming it, file:line.
func parseRecords(name string, data []byte) ([]Record, error) {
	var recs []Record
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var rec Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Program == "" || rec.Config == "" || rec.Verdict == "" {
			if err == nil {
				err = errors.New("not a result record")
			}
			return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// Done is the set of keys of the records.
func Done(recs []Record) map[string]bool {
	done := make(map[string]bool, len(recs))
	for _, r := range recs {
		done[r.Key()] = true
	}
	return done
}

// SortRecords orders records by program, configuration and key.
func SortRecords(recs []Record) {
	slices.SortStableFunc(recs, func(a, b Record) int {
		if c := strings.Compare(a.Program, b.Program); c != 0 {
			return c
		}
		if c := strings.Compare(a.Config, b.Config); c != 0 {
			return c
		}
		return strings.Compare(a.Key(), b.Key())
	})
}

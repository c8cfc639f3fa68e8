package check

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// A baseline is the list of findings a project has accepted for now, so
// that a check on an existing code base reports only what is new (as
// detekt's and PMD's baselines do). Findings are matched by file and
// fingerprint, never by line, so that code moving above them does not
// make them new; a fingerprint listed n times accepts n findings.

// BaselineVersion is the version of the baseline file's format.
const BaselineVersion = 1

// BaselineEntry is one accepted finding.
type BaselineEntry struct {
	// File is relative to the directory of the baseline file, with
	// forward slashes.
	File        string `json:"file"`
	Kernel      string `json:"kernel"`
	Rule        Rule   `json:"rule"`
	Fingerprint string `json:"fingerprint"`
}

type baselineDoc struct {
	Version  int             `json:"version"`
	Tool     string          `json:"tool"`
	Findings []BaselineEntry `json:"findings"`
}

// Baseline is a baseline file read, with what is left of it to match.
type Baseline struct {
	mu   sync.Mutex // Apply may be called from several goroutines
	path string
	dir  string
	left map[string]int // file + fingerprint -> findings still to accept
}

// ReadBaseline reads a baseline file written by WriteBaseline.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc baselineDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: not a drfcheck baseline: %v", path, err)
	}
	if doc.Version != BaselineVersion {
		return nil, fmt.Errorf("%s: baseline version %d, want %d", path, doc.Version, BaselineVersion)
	}
	b := newBaseline(path)
	for _, e := range doc.Findings {
		b.left[e.File+"\x00"+e.Fingerprint]++
	}
	return b, nil
}

func newBaseline(path string) *Baseline {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		dir = filepath.Dir(path)
	}
	return &Baseline{path: path, dir: dir, left: map[string]int{}}
}

// rel is a checked file's name in a baseline.
func baselineFile(dir, file string) string {
	if abs, err := filepath.Abs(file); err == nil {
		if rel, err := filepath.Rel(dir, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

// Apply marks the findings of r, a report on the file at path, that the
// baseline accepts, as suppressed (External). Reports are to be applied in
// a fixed order within a file, as each entry accepts one finding.
func (b *Baseline) Apply(r *Report, path string, lines Lines) {
	file := baselineFile(b.dir, path)
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range r.Findings(lines) {
		if r.Suppressed(f.Rule, f.Index) != nil {
			continue
		}
		key := file + "\x00" + f.Fingerprint
		if b.left[key] > 0 {
			b.left[key]--
			r.Suppress(f.Rule, f.Index, &Suppression{Kind: External, Reason: "in the baseline " + b.path})
		}
	}
}

// BaselineEntries lists the findings of r, a report on the file at path,
// that no suppression accepts, named for a baseline file at baseline.
func BaselineEntries(baseline, path string, r *Report, lines Lines) []BaselineEntry {
	dir := newBaseline(baseline).dir
	var out []BaselineEntry
	for _, f := range r.Findings(lines) {
		if r.Suppressed(f.Rule, f.Index) == nil {
			out = append(out, BaselineEntry{File: baselineFile(dir, path), Kernel: r.Name, Rule: f.Rule, Fingerprint: f.Fingerprint})
		}
	}
	return out
}

// WriteBaseline writes a baseline file of the entries, sorted so that it
// diffs well under version control.
func WriteBaseline(path string, entries []BaselineEntry) error {
	sorted := append([]BaselineEntry{}, entries...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Kernel != b.Kernel {
			return a.Kernel < b.Kernel
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Fingerprint < b.Fingerprint
	})
	data, err := json.MarshalIndent(baselineDoc{Version: BaselineVersion, Tool: "drfcheck", Findings: sorted}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

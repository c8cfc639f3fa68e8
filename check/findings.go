package check

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sort"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// Rule names a kind of finding, as suppression comments, --fail-on and
// baselines spell it.
type Rule string

// The rules of findings.
const (
	RuleRace       Rule = "race"
	RuleDivergence Rule = "divergence"
	RuleUnknown    Rule = "unknown"
)

// Rules are the rules a suppression comment may name.
var Rules = []Rule{RuleRace, RuleDivergence, RuleUnknown}

// Finding is one race, barrier divergence or unknown of a report.
type Finding struct {
	Rule  Rule
	Index int // into the report's Races, Divergences or Unknowns
	// At are its positions: a race's two accesses, else one.
	At []protocol.Pos
	// Fingerprint identifies it across edits that move it: a hash of the
	// rule, the kernel, the array and the text of the accesses (or of the
	// line of a divergence or unknown), never of a line number. Two
	// findings of one kernel may share it (the same access text twice).
	Fingerprint string
}

// SuppressKind says what suppressed a finding, in SARIF's words.
type SuppressKind string

// Kinds of suppression.
const (
	InSource SuppressKind = "inSource" // a drfcheck:ignore comment
	External SuppressKind = "external" // a baseline file
)

// Suppression is why a finding does not count: it is still reported, as
// suppressed, with the justification.
type Suppression struct {
	Kind   SuppressKind
	Reason string
	At     protocol.Pos // the comment, or the baseline file (line 0)
}

type findingKey struct {
	rule  Rule
	index int
}

// Suppressed returns the suppression of a finding, or nil.
func (r *Report) Suppressed(rule Rule, index int) *Suppression {
	return r.suppressed[findingKey{rule, index}]
}

// SuppressedCount is the number of findings suppressed.
func (r *Report) SuppressedCount() int { return len(r.suppressed) }

// Suppress marks a finding as suppressed; the first suppression stays.
func (r *Report) Suppress(rule Rule, index int, s *Suppression) {
	if r.suppressed == nil {
		r.suppressed = map[findingKey]*Suppression{}
	}
	k := findingKey{rule, index}
	if r.suppressed[k] == nil {
		r.suppressed[k] = s
	}
}

// Effective is the verdict of the findings not suppressed: a kernel whose
// races are all suppressed and that has nothing else is DRF for the exit
// status (and counted as suppressed), one with an unsuppressed unknown left
// is Unknown.
func (r *Report) Effective() Verdict {
	if len(r.suppressed) == 0 {
		return r.Verdict
	}
	open := func(rule Rule, n int) bool {
		for i := 0; i < n; i++ {
			if r.Suppressed(rule, i) == nil {
				return true
			}
		}
		return false
	}
	switch {
	case r.Verdict == Unchecked:
		return Unchecked
	case open(RuleRace, len(r.Races)):
		return Racy
	case open(RuleDivergence, len(r.Divergences)):
		return Divergent
	case open(RuleUnknown, len(r.Unknowns)):
		return Unknown
	case r.Verdict == Unknown && len(r.Unknowns) == 0:
		return Unknown
	}
	return DRF
}

// Lines gives the text of a line of a source file ("" when there is none),
// for fingerprints and suppression comments.
type Lines func(file string, line int) string

// Findings lists the races, divergences and unknowns of a report with their
// fingerprints.
func (r *Report) Findings(lines Lines) []Finding {
	var out []Finding
	for i, race := range r.Races {
		a, b := race.Witness.Threads[0].Access, race.Witness.Threads[1].Access
		texts := []string{a.Mode.String() + " " + accessText(a, lines), b.Mode.String() + " " + accessText(b, lines)}
		sort.Strings(texts)
		out = append(out, Finding{Rule: RuleRace, Index: i, At: []protocol.Pos{a.At, b.At},
			Fingerprint: fingerprint(RuleRace, r.Name, race.Array, race.Level.String(), texts[0], texts[1])})
	}
	for i, d := range r.Divergences {
		at := d.Witness.Check.At
		out = append(out, Finding{Rule: RuleDivergence, Index: i, At: []protocol.Pos{at},
			Fingerprint: fingerprint(RuleDivergence, r.Name, strings.TrimSpace(lines(at.File, at.Line)))})
	}
	for i, u := range r.Unknowns {
		out = append(out, Finding{Rule: RuleUnknown, Index: i, At: []protocol.Pos{u.At},
			Fingerprint: fingerprint(RuleUnknown, r.Name, u.Array, strings.TrimSpace(lines(u.At.File, u.At.Line)), positions.ReplaceAllString(u.Reason, ""))})
	}
	return out
}

// positions are the "file:12:5" and ":12" of a message, left out of a
// fingerprint so that it survives the code moving.
var positions = regexp.MustCompile(`:\d+(:\d+)?`)

// accessText is an access as written: its CUDA text, or the line from its
// column to the end of the statement (.prot).
func accessText(a *protocol.Access, lines Lines) string {
	if a.Source != "" {
		return a.Source
	}
	line := lines(a.At.File, a.At.Line)
	if a.At.Col >= 1 && a.At.Col <= len(line) {
		line = line[a.At.Col-1:]
	}
	if i := strings.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	return a.Array + ": " + strings.TrimSpace(line)
}

func fingerprint(rule Rule, parts ...string) string {
	h := sha256.New()
	for _, p := range append([]string{string(rule)}, parts...) {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

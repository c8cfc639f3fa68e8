package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/version"
	"github.com/drfcheck/drfcheck/protocol"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the subset
// code-scanning services read: one result per race, its primary location
// one access and a related location the other.

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// projectURI is the project's home; helpURI its README, whose sections the
// rules link to.
const (
	projectURI = "https://github.com/drfcheck/drfcheck"
	helpURI    = projectURI + "/blob/main/README.md"
)

// srcRoot is the base of the locations: the working directory, where a CI
// job runs from the repository's root.
const srcRoot = "%SRCROOT%"

// Rule identifiers, stable across versions.
const (
	RuleRace       = "drfcheck/data-race"
	RuleDivergence = "drfcheck/barrier-divergence"
	RuleUnknown    = "drfcheck/unknown"
	RuleInput      = "drfcheck/input-error"
	RuleNote       = "drfcheck/note"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	Invocations        []sarifInvocation        `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult            `json:"results"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool           `json:"executionSuccessful"`
	ExitCode            int            `json:"exitCode"`
	Arguments           []string       `json:"arguments,omitempty"`
	WorkingDirectory    *sarifArtifact `json:"workingDirectory,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifText    `json:"shortDescription"`
	FullDescription      sarifText    `json:"fullDescription"`
	Help                 sarifText    `json:"help"`
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string             `json:"ruleId"`
	RuleIndex        int                `json:"ruleIndex"`
	Level            string             `json:"level"`
	Message          sarifText          `json:"message"`
	Locations        []sarifLocation    `json:"locations"`
	RelatedLocations []sarifLocation    `json:"relatedLocations,omitempty"`
	Fingerprints     map[string]string  `json:"partialFingerprints,omitempty"`
	Suppressions     []sarifSuppression `json:"suppressions,omitempty"`
	Properties       map[string]any     `json:"properties,omitempty"`
}

// sarifSuppression says why a result does not count: kind inSource for a
// drfcheck:ignore comment, external for a baseline.
type sarifSuppression struct {
	Kind          string         `json:"kind"`
	Justification string         `json:"justification,omitempty"`
	Location      *sarifLocation `json:"location,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

var sarifRules = []sarifRule{
	{ID: RuleRace, Name: "DataRace",
		ShortDescription:     sarifText{"Data race"},
		FullDescription:      sarifText{"Two threads access the same array element between two barriers, and at least one access is a write (or an atomic against a plain access)."},
		Help:                 sarifText{"Separate the two accesses with __syncthreads(), make them touch different elements, or make both atomic. The message names the threads, the loop iterations and the parameter values of one execution where they collide."},
		HelpURI:              helpURI + "#what-a-report-looks-like",
		DefaultConfiguration: sarifDefault{"error"}},
	{ID: RuleDivergence, Name: "BarrierDivergence",
		ShortDescription:     sarifText{"Barrier divergence"},
		FullDescription:      sarifText{"Threads of one block disagree on whether they reach a barrier: it sits under a condition, or in a loop whose bounds, that depend on the thread."},
		Help:                 sarifText{"Every thread of a block must reach every __syncthreads(): hoist the barrier out of the thread-dependent condition or loop."},
		HelpURI:              helpURI + "#what-a-report-looks-like",
		DefaultConfiguration: sarifDefault{"error"}},
	{ID: RuleUnknown, Name: "NotChecked",
		ShortDescription:     sarifText{"Part of the kernel could not be checked"},
		FullDescription:      sarifText{"A construct could not be modelled soundly, or the solver ran out of time; no race was found but data-race freedom is not proved."},
		Help:                 sarifText{"The message says what could not be checked. Simplifying the construct, fixing parameters with --param or giving the launch configuration often helps."},
		HelpURI:              helpURI + "#what-is-checked-and-how",
		DefaultConfiguration: sarifDefault{"warning"}},
	{ID: RuleNote, Name: "Note",
		ShortDescription:     sarifText{"A remark that changes no verdict"},
		FullDescription:      sarifText{"Two threads write the same value to one place (a benign pair, not counted as a race), no two threads satisfy the kernel's preconditions, or the verdict assumes that pointers the host code does not follow point to memory no other pointer argument overlaps."},
		Help:                 sarifText{"--benign-races reports benign pairs as races; a precondition no thread satisfies is usually a mistake in a __requires or __axiom."},
		HelpURI:              helpURI + "#aliasing",
		DefaultConfiguration: sarifDefault{"note"}},
	{ID: RuleInput, Name: "InputError",
		ShortDescription:     sarifText{"The file could not be checked"},
		FullDescription:      sarifText{"The file could not be read, parsed or analysed."},
		Help:                 sarifText{"Fix the error the message names."},
		HelpURI:              helpURI + "#usage",
		DefaultConfiguration: sarifDefault{"error"}},
}

func ruleIndex(id string) int {
	for i, r := range sarifRules {
		if r.ID == id {
			return i
		}
	}
	return -1
}

// WriteSARIF writes the run as a SARIF 2.1.0 log. Locations are relative
// to %SRCROOT%, the working directory, where they lie under it.
func WriteSARIF(w io.Writer, r *Run) error {
	v := version.Get()
	exit := r.ExitCode()
	inv := sarifInvocation{ExecutionSuccessful: exit != 2 || r.Count().Errors == 0, ExitCode: exit, Arguments: r.Args}
	s := &sarifWriter{lines: r.lines()}
	if wd, err := os.Getwd(); err == nil {
		s.root = wd
		inv.WorkingDirectory = &sarifArtifact{URI: dirURI(wd)}
	}
	run := sarifRun{
		Tool:        sarifTool{Driver: sarifDriver{Name: "drfcheck", Version: v.Version, InformationURI: projectURI, Rules: sarifRules}},
		Invocations: []sarifInvocation{inv},
		Results:     []sarifResult{},
	}
	if s.root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: dirURI(s.root)}}
	}
	for _, f := range r.Files {
		if !f.NoKernel {
			run.Results = append(run.Results, s.file(f)...)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifWriter makes the results of a run.
type sarifWriter struct {
	root  string // the absolute path %SRCROOT% stands for, or ""
	lines check.Lines
}

// dirURI is a directory as a file URI ending in a slash.
func dirURI(dir string) string {
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}).String()
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

func (s *sarifWriter) file(f *File) []sarifResult {
	var out []sarifResult
	for _, e := range f.BadSuppressions {
		out = append(out, s.result(RuleInput, "error", e.Msg, e.At))
	}
	if f.Err != nil {
		return append(out, s.inputErrors(f)...)
	}
	for _, k := range f.Kernels {
		var results []sarifResult
		fps := fingerprints(k, s.lines)
		finding := func(res sarifResult, rule check.Rule, i int) sarifResult {
			res.Fingerprints = map[string]string{fingerprintKey: fps[rule][i]}
			if sup := k.Suppressed(rule, i); sup != nil {
				ss := sarifSuppression{Kind: string(sup.Kind), Justification: sup.Reason}
				if sup.At.IsValid() {
					loc := s.location(sup.At, nil)
					ss.Location = &loc
				}
				res.Suppressions = []sarifSuppression{ss}
			}
			return res
		}
		for i, race := range k.Races {
			results = append(results, finding(s.race(k, race), check.RuleRace, i))
		}
		for i, d := range k.Divergences {
			results = append(results, finding(s.result(RuleDivergence, "error", divergenceText(k, d), d.Witness.Check.At), check.RuleDivergence, i))
		}
		for i, u := range k.Unknowns {
			results = append(results, finding(s.result(RuleUnknown, "warning", fmt.Sprintf("%s: cannot check: %s", k.Name, u.Reason), u.At), check.RuleUnknown, i))
		}
		for _, n := range k.Notes {
			results = append(results, s.result(RuleNote, "note", fmt.Sprintf("%s: %s", k.Name, n.Message), n.At))
		}
		// what the verdict rests on that the host code does not show: a
		// note of its own, so that a kernel found race-free says it too
		for _, a := range k.Source.Assumed {
			at := k.At
			if len(k.Source.Sites) > 0 {
				at = k.Source.Sites[0].At
			}
			results = append(results, s.result(RuleNote, "note", fmt.Sprintf("%s (%s): %s", k.Name, k.Verdict, AssumedText(a)), at))
		}
		addLaunch(results, k)
		out = append(out, results...)
	}
	return out
}

// addLaunch names the launch sites a kernel was checked for in its
// results' messages, as the text report does under the kernel.
func addLaunch(results []sarifResult, k *check.Report) {
	var sites []string
	for _, s := range k.Source.Sites {
		sites = append(sites, SiteText(s))
	}
	if len(sites) == 0 {
		return
	}
	for i := range results {
		results[i].Message.Text += " (" + strings.Join(sites, "; ") + ")"
		if results[i].Properties == nil {
			results[i].Properties = map[string]any{}
		}
		results[i].Properties["launch"] = sites
	}
}

// inputErrors makes one result per positioned error of a file.
func (s *sarifWriter) inputErrors(f *File) []sarifResult {
	var out []sarifResult
	for _, e := range positioned(f) {
		out = append(out, s.result(RuleInput, "error", e.Msg, e.At))
	}
	return out
}

// positioned are the errors of a file that could not be checked, each
// with a position (the file's first line when the error has none).
func positioned(f *File) protocol.ErrorList {
	var list protocol.ErrorList
	if el, ok := f.Err.(protocol.ErrorList); ok {
		list = el
	} else if e, ok := f.Err.(*protocol.Error); ok {
		list = protocol.ErrorList{e}
	} else {
		list = protocol.ErrorList{{At: protocol.Pos{File: f.Path, Line: 1, Col: 1}, Msg: f.Err.Error()}}
	}
	out := make(protocol.ErrorList, len(list))
	for i, e := range list {
		out[i] = e
		if !e.At.IsValid() {
			out[i] = &protocol.Error{At: protocol.Pos{File: f.Path, Line: 1, Col: 1}, Msg: e.Msg}
		}
	}
	return out
}

func (s *sarifWriter) result(rule, level, msg string, at protocol.Pos) sarifResult {
	return sarifResult{RuleID: rule, RuleIndex: ruleIndex(rule), Level: level,
		Message: sarifText{msg}, Locations: []sarifLocation{s.location(at, nil)}}
}

// fingerprintKey names drfcheck's fingerprints (check.Finding): the rule,
// the kernel, the array and the text of the accesses, never a line, so
// that an alert stays one alert when code moves above it.
const fingerprintKey = "drfcheck/v2"

func (s *sarifWriter) location(at protocol.Pos, msg *sarifText) sarifLocation {
	line := at.Line
	if line < 1 {
		line = 1
	}
	return sarifLocation{Message: msg, PhysicalLocation: sarifPhysical{
		ArtifactLocation: s.artifact(at.File),
		Region:           sarifRegion{StartLine: line, StartColumn: at.Col},
	}}
}

// artifact names a file relative to %SRCROOT% when it lies under it, else
// as a file URI.
func (s *sarifWriter) artifact(file string) sarifArtifact {
	if s.root != "" {
		abs, err := filepath.Abs(file)
		if err == nil {
			if rel, err := filepath.Rel(s.root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return sarifArtifact{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
			}
			return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()}
		}
	}
	return sarifArtifact{URI: filepath.ToSlash(file)}
}

func (s *sarifWriter) race(k *check.Report, r *check.Race) sarifResult {
	w := r.Witness
	a, b := w.Threads[0], w.Threads[1]
	res := s.result(RuleRace, "error", raceText(k, r), a.Access.At)
	id := 1
	other := sarifText{fmt.Sprintf("the other access: %s", accessText(k, r, 1))}
	rel := s.location(b.Access.At, &other)
	rel.ID = &id
	res.RelatedLocations = []sarifLocation{rel}
	res.Properties = map[string]any{"array": r.Array, "level": r.Level.String(), "kernel": k.Name}
	return res
}

// raceText describes a race in one sentence, with the witness.
func raceText(k *check.Report, r *check.Race) string {
	if protocol.IsInvariant(r.Array) {
		f := failing(r)
		return fmt.Sprintf("barrier invariant may not hold in %s for %s %s", k.Name, termsOf(k).thread, tidText(f.ThreadIdx, k.Launch.BlockDim))
	}
	w := r.Witness
	var params []string
	for _, p := range w.Params {
		params = append(params, fmt.Sprintf("%s = %d", p.Name, p.Value))
	}
	with := ""
	if len(params) > 0 {
		with = " with " + strings.Join(params, ", ")
	}
	text := fmt.Sprintf("data race on '%s' in %s%s: %s, while %s [at line %d](1)%s",
		r.Array, k.Name, betweenText(k, r), accessText(k, r, 0), accessText(k, r, 1), w.Threads[1].Access.At.Line, with)
	for _, f := range fenceText(r) {
		text += "; " + f
	}
	return text
}

// accessText describes one side of a race: "thread 1 writes tile[1] (r = 1)".
func accessText(k *check.Report, r *check.Race, i int) string {
	t := r.Witness.Threads[i]
	verb := map[protocol.Mode]string{protocol.Read: "reads", protocol.Write: "writes", protocol.Atomic: "atomically updates"}[t.Access.Mode]
	if t.Access.BlockScope {
		verb = "atomically updates (block scope)"
	}
	words := termsOf(k)
	s := fmt.Sprintf("%s %s", words.thread, tidText(t.ThreadIdx, k.Launch.BlockDim))
	if r.Level.String() == "grid" {
		s += " of " + words.block + " " + tidText(t.BlockIdx, k.Launch.GridDim)
	}
	s += " " + verb + " " + indexText(r.Array, t.Access.ShapedIndex(t.Index))
	var loops []string
	for _, l := range t.Loops {
		loops = append(loops, fmt.Sprintf("%s = %d", l.Name, l.Value))
	}
	if len(loops) > 0 {
		s += " (" + strings.Join(loops, ", ") + ")"
	}
	return s
}

func divergenceText(k *check.Report, d *check.Divergence) string {
	w := d.Witness
	what := "conditional"
	if w.Check.Loop {
		what = "loop"
	}
	return fmt.Sprintf("barrier divergence in %s: %s %s and %s disagree at this %s, so one of them reaches a barrier the other does not",
		k.Name, termsOf(k).threads, tidText(w.Threads[0].ThreadIdx, k.Launch.BlockDim), tidText(w.Threads[1].ThreadIdx, k.Launch.BlockDim), what)
}

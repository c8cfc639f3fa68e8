package report

import (
	"encoding/json"
	"io"
	"time"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/internal/version"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/smtgen"
)

// SchemaVersion is the version of the JSON output, documented in
// docs/json.md. It changes when a field changes meaning or disappears, not
// when one is added.
const SchemaVersion = 1

// JSON is the document --format=json writes.
type JSON struct {
	Version int    `json:"version"`
	Tool    string `json:"tool"`
	// ToolVersion and Commit name the build (internal/version).
	ToolVersion string     `json:"tool_version"`
	Commit      string     `json:"commit,omitempty"`
	ExitCode    int        `json:"exit_code"`
	ElapsedMS   float64    `json:"elapsed_ms"`
	Summary     JSONCounts `json:"summary"`
	Files       []JSONFile `json:"files"`
}

// JSONCounts tallies the run.
type JSONCounts struct {
	Files     int `json:"files"`
	Kernels   int `json:"kernels"`
	DRF       int `json:"drf"`
	Racy      int `json:"racy"`
	Divergent int `json:"divergent"`
	Unknown   int `json:"unknown"`
	Unchecked int `json:"unchecked"`
	Errors    int `json:"errors"`
	HostOnly  int `json:"hostOnly"`
	// Suppressed counts kernels whose findings are all suppressed.
	Suppressed int `json:"suppressed"`
	// BadSuppressions counts malformed suppression comments.
	BadSuppressions int `json:"badSuppressions"`
}

// JSONFile is one input file.
type JSONFile struct {
	Path  string     `json:"path"`
	Error *JSONError `json:"error,omitempty"`
	// HostOnly: a file of a directory run without kernels (not an error)
	HostOnly bool         `json:"hostOnly,omitempty"`
	Kernels  []JSONKernel `json:"kernels"`
	// BadSuppressions are malformed drfcheck:ignore comments.
	BadSuppressions []JSONNote `json:"badSuppressions,omitempty"`
}

// JSONError is why a file could not be checked.
type JSONError struct {
	Message string `json:"message"`
}

// JSONKernel is the outcome for one kernel.
type JSONKernel struct {
	Name string `json:"name"`
	// Language is the kernel's: "cuda", or "opencl", whose local ids and
	// group ids the witnesses' threadIdx and blockIdx are
	Language    string           `json:"language"`
	Verdict     string           `json:"verdict"`
	Launch      JSONLaunch       `json:"launch"`
	Levels      []string         `json:"levels"`
	Arrays      []string         `json:"arrays"`
	Races       []JSONRace       `json:"races"`
	Divergences []JSONDivergence `json:"divergences"`
	Unknowns    []JSONUnknown    `json:"unknowns"`
	Notes       []JSONNote       `json:"notes"`
	Queries     int              `json:"queries"`
	ElapsedMS   float64          `json:"elapsed_ms"`
}

// JSONNote is a remark that changes no verdict (check.Note).
type JSONNote struct {
	JSONPos
	Message string `json:"message"`
}

// JSONLaunch is a launch configuration; null stands for any size.
type JSONLaunch struct {
	BlockDim [3]*int64 `json:"blockDim"`
	GridDim  [3]*int64 `json:"gridDim"`
	// From says where it came from: flags, header, site or default.
	From  string     `json:"from"`
	Sites []JSONSite `json:"sites,omitempty"`
	Facts []string   `json:"facts,omitempty"`
	// Assumed are what the verdict rests on that the host code does not
	// show: pointers taken not to overlap.
	Assumed []string `json:"assumed,omitempty"`
	Notes   []string `json:"notes,omitempty"`
}

// JSONSite is a launch in the host code.
type JSONSite struct {
	JSONPos
	Config string `json:"config"`
	Via    string `json:"via,omitempty"`
	Text   string `json:"text"`
}

// JSONPos is a source position.
type JSONPos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// JSONValue is a named integer.
type JSONValue struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
}

// JSONRace is one data race with its witness.
type JSONRace struct {
	Level       string      `json:"level"`
	Array       string      `json:"array"`
	Accesses    [2]JSONAcc  `json:"accesses"`
	Params      []JSONValue `json:"params"`
	BlockDim    [3]int64    `json:"blockDim"`
	GridDim     [3]int64    `json:"gridDim"`
	Assumptions []string    `json:"assumptions"`
	Replayed    bool        `json:"replayed"`
	// Wrap says which index wraps around 2^32 in the witness (check.Race.Wrap)
	Wrap string `json:"wrap,omitempty"`
	// Fences say which barriers between the accesses do not order the
	// array's memory (check.Race.Unfenced)
	Fences []string `json:"fences,omitempty"`
	JSONFinding
}

// JSONFinding is what every race, divergence and unknown carries: its
// fingerprint and its suppression.
type JSONFinding struct {
	Fingerprint string           `json:"fingerprint"`
	Suppression *JSONSuppression `json:"suppression,omitempty"`
}

// JSONSuppression says why a finding does not count.
type JSONSuppression struct {
	// Kind is inSource (a drfcheck:ignore comment) or external (a
	// baseline file), as in SARIF.
	Kind          string   `json:"kind"`
	Justification string   `json:"justification"`
	At            *JSONPos `json:"at,omitempty"`
}

// JSONAcc is one side of a race: an access and the thread that makes it.
type JSONAcc struct {
	JSONPos
	Mode      string      `json:"mode"`
	Scope     string      `json:"scope,omitempty"`
	Source    string      `json:"source,omitempty"`
	Index     []int64     `json:"index"`
	ThreadIdx [3]int64    `json:"threadIdx"`
	BlockIdx  [3]int64    `json:"blockIdx"`
	Loops     []JSONValue `json:"loops"`
	Locals    []JSONValue `json:"locals"`
}

// JSONDivergence is barrier divergence with its witness.
type JSONDivergence struct {
	JSONPos
	Kind     string              `json:"kind"`
	Threads  [2]JSONDivergentThr `json:"threads"`
	Params   []JSONValue         `json:"params"`
	Binders  []JSONValue         `json:"loops"`
	BlockDim [3]int64            `json:"blockDim"`
	GridDim  [3]int64            `json:"gridDim"`
	JSONFinding
}

// JSONDivergentThr is one thread of a divergence.
type JSONDivergentThr struct {
	ThreadIdx [3]int64    `json:"threadIdx"`
	BlockIdx  [3]int64    `json:"blockIdx"`
	Locals    []JSONValue `json:"locals"`
	Cond      *bool       `json:"cond,omitempty"`
	Bounds    []int64     `json:"bounds,omitempty"`
	Trips     *int64      `json:"trips,omitempty"` // iterations run, where the check compares them
}

// JSONUnknown is a part that could not be checked.
type JSONUnknown struct {
	JSONPos
	Reason string `json:"reason"`
	Array  string `json:"array,omitempty"`
	JSONFinding
}

// WriteJSON writes the run as one JSON document.
func WriteJSON(w io.Writer, r *Run) error {
	c := r.Count()
	v := version.Get()
	doc := JSON{
		Version: SchemaVersion, Tool: "drfcheck", ToolVersion: v.Version, Commit: v.Commit, ExitCode: r.ExitCode(), ElapsedMS: ms(r.Elapsed),
		Summary: JSONCounts(c),
		Files:   []JSONFile{},
	}
	for _, f := range r.Files {
		if !f.NoKernel {
			doc.Files = append(doc.Files, jsonFile(f, r.lines()))
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func jsonFile(f *File, lines check.Lines) JSONFile {
	jf := JSONFile{Path: f.Path, HostOnly: f.HostOnly, Kernels: []JSONKernel{}}
	if f.Err != nil {
		jf.Error = &JSONError{Message: f.Err.Error()}
	}
	for _, k := range f.Kernels {
		jf.Kernels = append(jf.Kernels, jsonKernel(k, lines))
	}
	for _, e := range f.BadSuppressions {
		jf.BadSuppressions = append(jf.BadSuppressions, JSONNote{JSONPos: jsonPos(e.At), Message: e.Msg})
	}
	return jf
}

func jsonKernel(k *check.Report, lines check.Lines) JSONKernel {
	fps := fingerprints(k, lines)
	lang := "cuda"
	if k.OpenCL {
		lang = "opencl"
	}
	jk := JSONKernel{Language: lang,
		Name: k.Name, Verdict: k.Verdict.String(), Arrays: k.Arrays, Queries: k.Queries, ElapsedMS: ms(k.Elapsed),
		Launch: JSONLaunch{BlockDim: dimPtrs(k.Launch.BlockDim), GridDim: dimPtrs(k.Launch.GridDim),
			From: k.Source.From, Facts: k.Source.Facts, Assumed: k.Source.Assumed, Notes: k.Source.Notes},
		Levels: []string{}, Races: []JSONRace{}, Divergences: []JSONDivergence{}, Unknowns: []JSONUnknown{}, Notes: []JSONNote{},
	}
	if jk.Arrays == nil {
		jk.Arrays = []string{}
	}
	for _, s := range k.Source.Sites {
		jk.Launch.Sites = append(jk.Launch.Sites, JSONSite{JSONPos: jsonPos(s.At), Config: s.Config, Via: s.Via, Text: SiteText(s)})
	}
	for _, l := range k.Levels {
		jk.Levels = append(jk.Levels, l.String())
	}
	finding := func(rule check.Rule, i int) JSONFinding {
		return JSONFinding{Fingerprint: fps[rule][i], Suppression: jsonSuppression(k.Suppressed(rule, i))}
	}
	for i, r := range k.Races {
		jr := jsonRace(r)
		jr.JSONFinding = finding(check.RuleRace, i)
		jk.Races = append(jk.Races, jr)
	}
	for i, d := range k.Divergences {
		jd := jsonDivergence(d)
		jd.JSONFinding = finding(check.RuleDivergence, i)
		jk.Divergences = append(jk.Divergences, jd)
	}
	for i, u := range k.Unknowns {
		jk.Unknowns = append(jk.Unknowns, JSONUnknown{JSONPos: jsonPos(u.At), Reason: u.Reason, Array: u.Array, JSONFinding: finding(check.RuleUnknown, i)})
	}
	for _, n := range k.Notes {
		jk.Notes = append(jk.Notes, JSONNote{JSONPos: jsonPos(n.At), Message: n.Message})
	}
	return jk
}

func jsonSuppression(s *check.Suppression) *JSONSuppression {
	if s == nil {
		return nil
	}
	js := &JSONSuppression{Kind: string(s.Kind), Justification: s.Reason}
	if s.At.IsValid() {
		p := jsonPos(s.At)
		js.At = &p
	}
	return js
}

func dimPtrs(d [3]int64) [3]*int64 {
	var out [3]*int64
	for i, n := range d {
		if n > 0 {
			v := n
			out[i] = &v
		}
	}
	return out
}

func jsonPos(p protocol.Pos) JSONPos { return JSONPos{File: p.File, Line: p.Line, Col: p.Col} }

func jsonValues(vs []smtgen.Value) []JSONValue {
	out := []JSONValue{}
	for _, v := range vs {
		out = append(out, JSONValue{Name: v.Name, Value: v.Value})
	}
	return out
}

func jsonRace(r *check.Race) JSONRace {
	w := r.Witness
	jr := JSONRace{Level: r.Level.String(), Array: r.Array, Params: jsonValues(w.Params),
		BlockDim: w.BlockDim, GridDim: w.GridDim, Assumptions: []string{}, Replayed: true}
	for i, t := range w.Threads {
		jr.Accesses[i] = JSONAcc{
			JSONPos: jsonPos(t.Access.At), Mode: jsonMode(t.Access), Scope: jsonScope(t.Access), Source: t.Access.Source,
			Index: t.Access.ShapedIndex(t.Index), ThreadIdx: t.ThreadIdx, BlockIdx: t.BlockIdx,
			Loops: jsonValues(t.Loops), Locals: jsonValues(t.Locals),
		}
	}
	for _, c := range r.Choices {
		jr.Assumptions = append(jr.Assumptions, c.Why)
	}
	if h := hintText(r.Hint); h != "" {
		jr.Assumptions = append(jr.Assumptions, h)
	}
	jr.Wrap = r.Wrap
	jr.Fences = fenceText(r)
	return jr
}

func jsonDivergence(d *check.Divergence) JSONDivergence {
	w := d.Witness
	jd := JSONDivergence{JSONPos: jsonPos(w.Check.At), Kind: "conditional", Params: jsonValues(w.Params),
		Binders: jsonValues(w.Binders), BlockDim: w.BlockDim, GridDim: w.GridDim}
	if w.Check.Loop {
		jd.Kind = "loop"
	}
	for i, t := range w.Threads {
		jt := JSONDivergentThr{ThreadIdx: t.ThreadIdx, BlockIdx: t.BlockIdx, Locals: jsonValues(t.Locals), Bounds: t.Bounds}
		if !w.Check.Loop {
			c := t.Cond
			jt.Cond = &c
		}
		if w.Check.Trips != nil {
			n := max(t.Trips, 0)
			jt.Trips = &n
		}
		jd.Threads[i] = jt
	}
	return jd
}

// jsonMode is the mode of an access as the user wrote it: a block-scope
// atomic stays an atomic (with scope "block") at the grid level, where it
// is checked as a write.
func jsonMode(a *protocol.Access) string {
	if a.BlockScope {
		return protocol.Atomic.Word()
	}
	return a.Mode.Word()
}

func jsonScope(a *protocol.Access) string {
	if a.BlockScope {
		return "block"
	}
	return ""
}

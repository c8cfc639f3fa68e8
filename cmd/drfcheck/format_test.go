package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/report"
	"github.com/drfcheck/drfcheck/protocol"
)

// run runs the binary and returns its standard output.
func runBinary(t *testing.T, args ...string) []byte {
	t.Helper()
	out, err := exec.Command(binary, args...).Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return out
}

// paths lists the key paths of a JSON value: "a.b", "a[].c".
func paths(v any, prefix string, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			paths(x, p, out)
		}
	case []any:
		for _, x := range v {
			if _, scalar := x.(map[string]any); !scalar {
				if _, arr := x.([]any); !arr {
					out[prefix+"[]"] = true
					continue
				}
			}
			paths(x, prefix+"[]", out)
		}
	}
}

// The fields of --format=json are exactly those docs/json.md documents.
func TestJSONSchema(t *testing.T) {
	doc, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| (\\w+) \\| (.*) \\|$")
	documented, optional := map[string]bool{}, map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
		if strings.HasPrefix(m[3], "(optional") {
			optional[m[1]] = true
		}
	}
	if len(documented) < 20 {
		t.Fatalf("found only %d documented fields", len(documented))
	}
	// Inputs that between them produce every kind of finding.
	out := runBinary(t, "--format=json",
		"../../testdata/protocols/claim1/test1_transpose_racy.prot",
		"../../testdata/protocols/constructs/divergence_if.prot",
		"../../testdata/protocols/constructs/divergence_loop.prot",
		"../../testdata/protocols/constructs/divergence_local_in_loop.prot",
		"../../testdata/protocols/constructs/mixed_emptiness_unknown.prot",
		"../../testdata/protocols/constructs/uniform_sync_if_racy.prot",
		"../../testdata/protocols/constructs/local_unknown_racy.prot",
		"../../testdata/protocols/bad/dimensions.prot",
		"../../testdata/cuda/benign/same_value_drf.cu", // notes
		"../../testdata/cuda/wrap/row_index_racy.cu",   // a wrap note
		"../../testdata/cuda/suppress/line_racy.cu")    // suppressions
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	emitted := map[string]bool{}
	paths(v, "", emitted)
	// Parent objects are implied by their fields.
	for p := range emitted {
		if strings.HasSuffix(p, "[]") || isParent(p, emitted) {
			continue
		}
		if !documented[p] && !isParent(p, documented) {
			t.Errorf("field %s is written but not documented in docs/json.md", p)
		}
	}
	for p := range documented {
		if !emitted[p] && !optional[p] {
			t.Errorf("documented field %s was not written", p)
		}
	}
}

// isParent reports whether p is an object or array whose fields or
// elements are listed in all.
func isParent(p string, all map[string]bool) bool {
	for q := range all {
		if strings.HasPrefix(q, p+".") || strings.HasPrefix(q, p+"[]") {
			return true
		}
	}
	return false
}

// The SARIF log has what code-scanning services require: version 2.1.0, the
// schema, the rules, and for each result a rule, a message and a physical
// location with a region line; a race's related location is the other
// access.
func TestSARIF(t *testing.T) {
	out := runBinary(t, "--format=sarif",
		"../../testdata/protocols/claim1/test1_transpose_racy.prot",
		"../../testdata/protocols/constructs/divergence_if.prot",
		"../../testdata/protocols/constructs/mixed_emptiness_unknown.prot",
		"../../testdata/protocols/bad/dimensions.prot")
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string                `json:"id"`
						ShortDescription struct{ Text string } `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				RelatedLocations []struct {
					ID               int `json:"id"`
					PhysicalLocation struct {
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("version %q, schema %q, %d runs", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.ShortDescription.Text == "" {
			t.Errorf("rule %s has no description", r.ID)
		}
	}
	sort.Strings(ids)
	kinds := map[string]int{}
	for _, r := range run.Results {
		kinds[r.RuleID]++
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result of %s has rule index %d", r.RuleID, r.RuleIndex)
		}
		if r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result of %s: message %q, %d locations", r.RuleID, r.Message.Text, len(r.Locations))
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI == "" || loc.Region.StartLine < 1 {
			t.Errorf("result of %s: location %+v", r.RuleID, loc)
		}
		if r.RuleID == "drfcheck/data-race" {
			// Listing 2.3: the write at line 10 and the read at line 12.
			if len(r.RelatedLocations) != 1 || loc.Region.StartLine != 10 || r.RelatedLocations[0].PhysicalLocation.Region.StartLine != 12 {
				t.Errorf("race locations: %d and %+v", loc.Region.StartLine, r.RelatedLocations)
			}
		}
	}
	for _, rule := range []string{"drfcheck/data-race", "drfcheck/barrier-divergence", "drfcheck/unknown", "drfcheck/input-error"} {
		if kinds[rule] == 0 {
			t.Errorf("no result for rule %s (rules: %v)", rule, ids)
		}
	}
}

// checkFormats checks that the three formats of one run carry the same
// facts for every race: the text names both positions, quotes both lines
// and shows the witness's index, and SARIF has a result whose location is
// the first access and whose related location is the second. checkTestdata
// asks it of every testdata file with races, from the run that checks the
// file's expectations (--format=json, --output text=..., --output
// sarif=...).
func checkFormats(t *testing.T, doc report.JSON, text string, sarifData []byte) {
	t.Helper()
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation sarifPhys `json:"physicalLocation"`
				} `json:"locations"`
				Related []struct {
					PhysicalLocation sarifPhys `json:"physicalLocation"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarifData, &sarif); err != nil {
		t.Fatal(err)
	}
	races := 0
	for _, k := range doc.Files[0].Kernels {
		for _, r := range k.Races {
			races++
			a, b := r.Accesses[0], r.Accesses[1]
			if r.Suppression != nil {
				// one line in the text: where, what, and why
				head := fmt.Sprintf("%s:%d:%d: note: suppressed data race on '%s' (", a.File, a.Line, a.Col, r.Array)
				if !strings.Contains(text, head) || !strings.Contains(text, r.Suppression.Justification) {
					t.Errorf("text lacks %q with %q", head, r.Suppression.Justification)
				}
				continue
			}
			if protocol.IsInvariant(r.Array) {
				// a barrier invariant that may fail: its own
				// words, at the invariant
				head := fmt.Sprintf("%s:%d:%d: error: barrier invariant may not hold", a.File, a.Line, a.Col)
				if !strings.Contains(text, head) {
					t.Errorf("text lacks %q", head)
				}
				continue
			}
			head := fmt.Sprintf("%s:%d:%d: error: data race on '%s'", a.File, a.Line, a.Col, r.Array)
			if !strings.Contains(text, head) {
				t.Errorf("text lacks %q", head)
			}
			for _, acc := range r.Accesses {
				if !strings.Contains(text, fmt.Sprintf(" %d | ", acc.Line)) {
					t.Errorf("text does not quote line %d", acc.Line)
				}
			}
			idx := r.Array
			for _, i := range a.Index {
				idx += fmt.Sprintf("[%d]", i)
			}
			if !strings.Contains(text, idx) {
				t.Errorf("text lacks the index %s", idx)
			}
			found := false
			for _, res := range sarif.Runs[0].Results {
				if res.RuleID != "drfcheck/data-race" || len(res.Related) != 1 {
					continue
				}
				p, q := res.Locations[0].PhysicalLocation, res.Related[0].PhysicalLocation
				if p.Region.StartLine == a.Line && p.Region.StartColumn == a.Col &&
					q.Region.StartLine == b.Line && q.Region.StartColumn == b.Col &&
					strings.Contains(res.Message.Text, idx) {
					found = true
				}
			}
			if !found {
				t.Errorf("no SARIF result for the race %d:%d / %d:%d on %s", a.Line, a.Col, b.Line, b.Col, idx)
			}
			// the launch sites checked are named in every format
			for _, site := range k.Launch.Sites {
				if !strings.Contains(text, site.Text) {
					t.Errorf("text lacks %q", site.Text)
				}
				named := false
				for _, res := range sarif.Runs[0].Results {
					if res.RuleID == "drfcheck/data-race" && strings.Contains(res.Message.Text, site.Text) {
						named = true
					}
				}
				if !named {
					t.Errorf("no SARIF race result names %q", site.Text)
				}
			}
		}
	}
	if races == 0 {
		t.Errorf("no race in the JSON output")
	}
}

type sarifPhys struct {
	ArtifactLocation struct{ URI string } `json:"artifactLocation"`
	Region           struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
	} `json:"region"`
}

package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// The SARIF log meets the constraints of the SARIF 2.1.0 schema
// (sarif-schema-2.1.0.json of the OASIS standard) on every object drfcheck
// writes: required properties, enumerations, minimums and URI formats. No
// JSON-schema validator is vendored; these are the schema's rules for the
// properties used, checked over a run with every kind of result.
func TestSARIFSchema(t *testing.T) {
	t.Chdir("../..") // %SRCROOT% is the working directory
	out := runBinary(t, "--format=sarif",
		"testdata/protocols/claim1/test1_transpose_racy.prot",
		"testdata/protocols/constructs/divergence_if.prot",
		"testdata/protocols/constructs/mixed_emptiness_unknown.prot",
		"testdata/protocols/bad/dimensions.prot",
		"testdata/protocols/suppress/partial_racy.prot",
		"testdata/cuda/benign/same_value_drf.cu",
		"testdata/cuda/suppress/line_racy.cu")
	var log map[string]any
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	v := &sarifValidator{t: t}
	v.log(log)
	for _, what := range []string{"result", "suppression", "relatedLocation", "partialFingerprints", "originalUriBaseIds", "invocation", "helpUri"} {
		if v.seen[what] == 0 {
			t.Errorf("the run has no %s to check", what)
		}
	}
}

type sarifValidator struct {
	t    *testing.T
	seen map[string]int
}

func (v *sarifValidator) errorf(path, format string, args ...any) {
	v.t.Helper()
	v.t.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
}

func (v *sarifValidator) see(what string) {
	if v.seen == nil {
		v.seen = map[string]int{}
	}
	v.seen[what]++
}

// object checks that x is an object with the required properties.
func (v *sarifValidator) object(path string, x any, required ...string) map[string]any {
	v.t.Helper()
	m, ok := x.(map[string]any)
	if !ok {
		v.errorf(path, "not an object: %v", x)
		return nil
	}
	for _, r := range required {
		if _, ok := m[r]; !ok {
			v.errorf(path, "lacks the required property %s", r)
		}
	}
	return m
}

func (v *sarifValidator) array(path string, x any) []any {
	if x == nil {
		return nil
	}
	a, ok := x.([]any)
	if !ok {
		v.errorf(path, "not an array")
	}
	return a
}

func (v *sarifValidator) str(path string, x any, allowed ...string) string {
	s, ok := x.(string)
	if !ok {
		v.errorf(path, "not a string: %v", x)
	} else if len(allowed) > 0 && !slices.Contains(allowed, s) {
		v.errorf(path, "%q is not one of %v", s, allowed)
	}
	return s
}

func (v *sarifValidator) integer(path string, x any, min float64) {
	n, ok := x.(float64)
	if !ok || n != float64(int64(n)) || n < min {
		v.errorf(path, "want an integer >= %v, got %v", min, x)
	}
}

func (v *sarifValidator) uri(path string, x any, absolute bool) {
	s := v.str(path, x)
	u, err := url.Parse(s)
	if err != nil || absolute && !u.IsAbs() {
		v.errorf(path, "%q is not a valid %s URI", s, map[bool]string{true: "absolute", false: "relative or absolute"}[absolute])
	}
}

func (v *sarifValidator) log(log map[string]any) {
	v.object("sarifLog", log, "version", "runs")
	v.str("sarifLog.version", log["version"], "2.1.0")
	v.uri("sarifLog.$schema", log["$schema"], true)
	for i, r := range v.array("runs", log["runs"]) {
		v.run(fmt.Sprintf("runs[%d]", i), r)
	}
}

func (v *sarifValidator) run(path string, x any) {
	run := v.object(path, x, "tool")
	tool := v.object(path+".tool", run["tool"], "driver")
	driver := v.object(path+".tool.driver", tool["driver"], "name")
	v.str(path+".tool.driver.name", driver["name"])
	v.str(path+".tool.driver.version", driver["version"])
	v.uri(path+".tool.driver.informationUri", driver["informationUri"], true)
	rules := v.array(path+".tool.driver.rules", driver["rules"])
	for i, r := range rules {
		p := fmt.Sprintf("%s.tool.driver.rules[%d]", path, i)
		rule := v.object(p, r, "id")
		for _, m := range []string{"shortDescription", "fullDescription", "help"} {
			v.object(p+"."+m, rule[m], "text")
		}
		if rule["helpUri"] != nil {
			v.see("helpUri")
			v.uri(p+".helpUri", rule["helpUri"], true)
		}
		def := v.object(p+".defaultConfiguration", rule["defaultConfiguration"])
		v.str(p+".defaultConfiguration.level", def["level"], "none", "note", "warning", "error")
	}
	for i, inv := range v.array(path+".invocations", run["invocations"]) {
		v.see("invocation")
		p := fmt.Sprintf("%s.invocations[%d]", path, i)
		m := v.object(p, inv, "executionSuccessful")
		if _, ok := m["executionSuccessful"].(bool); !ok {
			v.errorf(p, "executionSuccessful is not a boolean")
		}
		if m["workingDirectory"] != nil {
			v.artifact(p+".workingDirectory", m["workingDirectory"], nil)
		}
	}
	bases := map[string]bool{}
	if run["originalUriBaseIds"] != nil {
		v.see("originalUriBaseIds")
		for id, a := range v.object(path+".originalUriBaseIds", run["originalUriBaseIds"]) {
			bases[id] = true
			m := v.object(path+".originalUriBaseIds."+id, a, "uri")
			// a base URI is absolute (or relative to another base) and ends in a slash
			v.uri(path+".originalUriBaseIds."+id+".uri", m["uri"], true)
			if !strings.HasSuffix(v.str(path+".originalUriBaseIds."+id+".uri", m["uri"]), "/") {
				v.errorf(path+".originalUriBaseIds."+id, "the uri does not end in a slash")
			}
		}
	}
	results := v.array(path+".results", run["results"])
	if results == nil {
		v.errorf(path, "results is missing: an empty run has an empty array")
	}
	for i, r := range results {
		v.result(fmt.Sprintf("%s.results[%d]", path, i), r, len(rules), bases)
	}
}

func (v *sarifValidator) result(path string, x any, rules int, bases map[string]bool) {
	v.see("result")
	res := v.object(path, x, "message")
	v.object(path+".message", res["message"], "text")
	if res["ruleIndex"] != nil {
		v.integer(path+".ruleIndex", res["ruleIndex"], -1)
		if n, _ := res["ruleIndex"].(float64); int(n) >= rules {
			v.errorf(path, "ruleIndex %v beyond the %d rules", n, rules)
		}
	}
	v.str(path+".level", res["level"], "none", "note", "warning", "error")
	for i, l := range v.array(path+".locations", res["locations"]) {
		v.location(fmt.Sprintf("%s.locations[%d]", path, i), l, bases)
	}
	for i, l := range v.array(path+".relatedLocations", res["relatedLocations"]) {
		v.see("relatedLocation")
		p := fmt.Sprintf("%s.relatedLocations[%d]", path, i)
		v.location(p, l, bases)
		if m, _ := l.(map[string]any); m != nil && m["id"] != nil {
			v.integer(p+".id", m["id"], -1)
		}
	}
	if res["partialFingerprints"] != nil {
		v.see("partialFingerprints")
		for k, f := range v.object(path+".partialFingerprints", res["partialFingerprints"]) {
			v.str(path+".partialFingerprints."+k, f)
		}
	}
	sups := v.array(path+".suppressions", res["suppressions"])
	for i, s := range sups {
		v.see("suppression")
		p := fmt.Sprintf("%s.suppressions[%d]", path, i)
		m := v.object(p, s, "kind")
		v.str(p+".kind", m["kind"], "inSource", "external")
		if m["justification"] != nil {
			v.str(p+".justification", m["justification"])
		}
		if m["location"] != nil {
			v.location(p+".location", m["location"], bases)
		}
	}
}

func (v *sarifValidator) location(path string, x any, bases map[string]bool) {
	loc := v.object(path, x)
	phys := v.object(path+".physicalLocation", loc["physicalLocation"], "artifactLocation")
	v.artifact(path+".physicalLocation.artifactLocation", phys["artifactLocation"], bases)
	region := v.object(path+".physicalLocation.region", phys["region"], "startLine")
	v.integer(path+".physicalLocation.region.startLine", region["startLine"], 1)
	if region["startColumn"] != nil {
		v.integer(path+".physicalLocation.region.startColumn", region["startColumn"], 1)
	}
}

func (v *sarifValidator) artifact(path string, x any, bases map[string]bool) {
	a := v.object(path, x, "uri")
	if base, ok := a["uriBaseId"]; ok {
		if !bases[v.str(path+".uriBaseId", base)] {
			v.errorf(path, "uriBaseId %v is not among originalUriBaseIds", base)
		}
		v.uri(path+".uri", a["uri"], false)
		if strings.HasPrefix(v.str(path+".uri", a["uri"]), "/") {
			v.errorf(path, "a uri relative to a base must not start with a slash")
		}
		return
	}
	v.uri(path+".uri", a["uri"], bases != nil)
}

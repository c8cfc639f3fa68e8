package check

import (
	"reflect"
	"testing"
)

func TestParseDirective(t *testing.T) {
	for _, tc := range []struct {
		line       string
		found      bool
		rules      []Rule
		reason     string
		standalone bool
		err        bool
	}{
		{"x = a[i];", false, nil, "", false, false},
		{"// an ordinary comment", false, nil, "", false, false},
		{"// drfcheck:ignored race no", false, nil, "", false, false},
		{"  // drfcheck:ignore race the two halves never meet", true, []Rule{RuleRace}, "the two halves never meet", true, false},
		{"a[i] = 1; // drfcheck:ignore race,unknown why // want race", true, []Rule{RuleRace, RuleUnknown}, "why", false, false},
		{"//drfcheck:ignore divergence  uniform in practice ", true, []Rule{RuleDivergence}, "uniform in practice", true, false},
		{"// drfcheck:ignore", true, nil, "", true, true},
		{"// drfcheck:ignore race", true, []Rule{RuleRace}, "", true, true},
		{"// drfcheck:ignore race // want race", true, []Rule{RuleRace}, "", true, true},
		{"// drfcheck:ignore all of it", true, nil, "", true, true},
	} {
		d, found := parseDirective(tc.line)
		if found != tc.found {
			t.Errorf("%q: found %v, want %v", tc.line, found, tc.found)
			continue
		}
		if !found {
			continue
		}
		if (d.err != "") != tc.err || d.standalone != tc.standalone || (!tc.err && (!reflect.DeepEqual(d.rules, tc.rules) || d.reason != tc.reason)) {
			t.Errorf("%q: rules %v, reason %q, standalone %v, err %q", tc.line, d.rules, d.reason, d.standalone, d.err)
		}
	}
}

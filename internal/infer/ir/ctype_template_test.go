package ir

import (
	"slices"
	"testing"
)

// TestTemplateArgs checks how spelled template arguments are split and
// matched against the arguments clang gives an instance.
func TestTemplateArgs(t *testing.T) {
	splits := []struct {
		in   string
		want []string
	}{
		{"int", []string{"int"}},
		{"unsigned int, 1", []string{"unsigned int", "1"}},
		{"box<int, 2>, float *", []string{"box<int, 2>", "float *"}},
		{"int (*)(int, int), 3", []string{"int (*)(int, int)", "3"}},
	}
	for _, tc := range splits {
		if got := splitArgs(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("splitArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	agree := []struct {
		spelled, instance []string
		want              bool
	}{
		{[]string{"float", "layout::rows"}, []string{"float", "1"}, true}, // an enumerator matches a value
		{[]string{"float", "(thread_scope)1U"}, []string{"float", "1"}, true},
		{[]string{"float", "2"}, []string{"float", "1"}, false}, // two numbers must be equal
		{[]string{"int", "layout::rows"}, []string{"float", "1"}, false},
		{[]string{"ns::vec", "1"}, []string{"ns::vec", "1"}, true},
		{[]string{"ns::A"}, []string{"ns::B"}, false}, // types must be spelled alike
		{[]string{"float", "1U"}, []string{"float", "1"}, true},
		{[]string{"int", "false"}, []string{"int", "true"}, false},
		// an enumerator of the file matches its own value only
		{[]string{"int", "cuda::thread_scope_block"}, []string{"int", "2"}, true},
		{[]string{"int", "cuda::thread_scope_block"}, []string{"int", "1"}, false},
		{[]string{"int", "::cuda::thread_scope_device"}, []string{"int", "1"}, true},
	}
	ts := &types{enumVal: map[string]int64{"cuda::thread_scope_block": 2, "cuda::thread_scope_device": 1, "layout::rows": 1}}
	for _, tc := range agree {
		if got := ts.typesAgree(tc.spelled, tc.instance); got != tc.want {
			t.Errorf("typesAgree(%q, %q) = %v, want %v", tc.spelled, tc.instance, got, tc.want)
		}
	}
}

package clang

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestCompact checks that compact keeps a JSON text's meaning and every
// byte of its strings, escapes included, while dropping the indentation.
func TestCompact(t *testing.T) {
	cases := []struct{ in, want string }{
		{"{\n  \"a\": 1,\n  \"b\": [ 1 , 2 ]\n}", `{"a":1,"b":[1,2]}`},
		{`{ "s": "a b\t c" }`, `{"s":"a b\t c"}`},
		{`{ "s": "quote \" inside { }" , "t" : 1 }`, `{"s":"quote \" inside { }","t":1}`},
		{`{ "s": "ends in a backslash \\" , "t": " x " }`, `{"s":"ends in a backslash \\","t":" x "}`},
		{"[\r\n\t]", `[]`},
		{`"  "`, `"  "`},
	}
	for _, tc := range cases {
		got := string(compact([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("compact(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		var a, b any
		if err := json.Unmarshal([]byte(tc.in), &a); err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if err := json.Unmarshal([]byte(got), &b); err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("compact(%q) decodes to %v (%v), want %v", tc.in, b, err, a)
		}
	}
}

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

func TestStd(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, DefaultStd},
		{[]string{"-DX", "-isystem", "/x"}, DefaultStd},
		{[]string{"-std=c++20"}, "-std=c++20"},
		{[]string{"-std=c++14", "--std=c++11"}, "-std=c++11"},
		{[]string{"-std", "c++20"}, "-std=c++20"},
	} {
		if got := Std(c.flags); got != c.want {
			t.Errorf("Std(%q) = %q, want %q", c.flags, got, c.want)
		}
	}
}

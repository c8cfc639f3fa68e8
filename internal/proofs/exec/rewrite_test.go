package exec

import (
	"strings"
	"testing"
)

func TestRewriteShared(t *testing.T) {
	tag := "struct __drf_tag_"
	lay := "&::ns::__drf_layout>()"
	tests := []struct {
		name, src string
		want      []string // substrings of the result, in order
		not       []string // must not appear
	}{
		{"array", "void k() {\n  __shared__ int s[64];\n}",
			[]string{"auto &s = ::drf::shared_var<int[64], " + tag + "1, " + lay + ";"}, []string{"__shared__"}},
		{"scalar", "void k() { __shared__ float x; }",
			[]string{"auto &x = ::drf::shared_var<float, " + tag + "1, " + lay}, nil},
		{"2d unsigned int", "void k() { __shared__ unsigned int t[16][17]; }",
			[]string{"shared_var<unsigned int[16][17], "}, nil},
		{"constant expressions", "void k() { __shared__ float t[TILE * 2][TILE+1]; }",
			[]string{"shared_var<float[TILE * 2][TILE + 1], "}, nil},
		{"volatile before", "void k() { volatile __shared__ int v[8]; }",
			[]string{"auto &v = ::drf::shared_var<volatile int[8], "}, []string{"volatile auto"}},
		{"volatile after", "void k() { __shared__ volatile int v[8]; }",
			[]string{"shared_var<volatile int[8], "}, nil},
		{"struct and vector", "void k() { __shared__ Pair ps[4]; __shared__ int4 q[2]; }",
			[]string{"shared_var<Pair[4], " + tag + "1", "shared_var<int4[2], " + tag + "2"}, nil},
		{"several declarators", "void k() { __shared__ int a[4], b, c[2][3]; }",
			[]string{"auto &a = ::drf::shared_var<int[4], " + tag + "1", "auto &b = ::drf::shared_var<int, " + tag + "2",
				"auto &c = ::drf::shared_var<int[2][3], " + tag + "3"}, nil},
		{"static and align", "void k() { static __shared__ __align__(16) float f[4]; }",
			[]string{"auto &f = ::drf::shared_var<float[4], "}, []string{"static", "__align__"}},
		{"template type", "template <class T, int N> void k() { __shared__ T s[N]; }",
			[]string{"shared_var<T[N], "}, nil},
		{"pointer", "void k() { __shared__ int *p; }",
			[]string{"auto &p = ::drf::shared_var<int *, "}, nil},
		{"extern", "void k() { extern __shared__ float buf[]; }",
			[]string{"float *buf = (float *)::drf::dyn_shared();"}, nil},
		{"extern 2d", "void k() { extern __shared__ int m[][8]; }",
			[]string{"int (*m)[8] = (int (*)[8])::drf::dyn_shared();"}, nil},
		{"extern volatile aligned", "void k() { extern __shared__ __align__(8) volatile char raw[]; }",
			[]string{"volatile char *raw = (volatile char *)::drf::dyn_shared();"}, nil},
		{"comments and strings", "void k() {\n  // __shared__ int no[1];\n  const char *s = \"__shared__ int no2[1];\";\n  /* __shared__ */ __shared__ int yes[2];\n}",
			[]string{"// __shared__ int no[1];", "\"__shared__ int no2[1];\"", "auto &yes = "}, nil},
		{"in a macro", "#define SH __shared__\nvoid k() { }",
			[]string{"#define SH __shared__"}, nil},
		{"includes", "#include <cuda_runtime.h>\n#include \"helper.h\"\nvoid k() { }",
			[]string{"void k() { }"}, []string{"include", "helper"}},
	}
	for _, tc := range tests {
		got, err := prepareSource(tc.src, "ns")
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		rest := got.text
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %q not found in\n%s", tc.name, w, got.text)
				break
			}
			rest = rest[i+len(w):]
		}
		for _, n := range tc.not {
			if strings.Contains(got.text, n) {
				t.Errorf("%s: %q should not be in\n%s", tc.name, n, got.text)
			}
		}
		if a, b := strings.Count(tc.src, "\n"), strings.Count(got.text, "\n"); a != b {
			t.Errorf("%s: %d lines became %d:\n%s", tc.name, a, b, got.text)
		}
	}
}

// A declaration over several lines keeps the line numbers of what follows.
func TestRewriteKeepsLines(t *testing.T) {
	src := "void k() {\n  __shared__\n    int s[4]\n  ;\n  s[0] = 1; // line 5\n}"
	got, err := prepareSource(src, "ns")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got.text, "\n")
	if len(lines) < 5 || !strings.Contains(lines[4], "s[0] = 1; // line 5") {
		t.Errorf("line 5 moved:\n%s", got.text)
	}
}

func TestRewriteErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"namespace scope", "__shared__ int s[4];\nvoid k() {}", "namespace scope"},
		{"initializer", "void k() { __shared__ int s = 0; }", "initializer"},
		{"unsized", "void k() { __shared__ int s[]; }", "needs a size"},
		{"extern sized", "void k() { extern __shared__ int s[4]; }", "unknown first size"},
		{"unbalanced open", "void k() { if (1) { }", "unbalanced"},
		{"unbalanced close", "void k() { } }", "unbalanced"},
		{"no semicolon", "void k() { __shared__ int s[4] }", "without ';'"},
	}
	for _, tc := range tests {
		_, err := prepareSource(tc.src, "ns")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestMacrosUndefined(t *testing.T) {
	got, err := prepareSource("#define N 4\n  #  define F(x) ((x) + 1)\nvoid k() {}", "ns")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.macros, ",") != "N,F" {
		t.Errorf("macros = %v, want N, F", got.macros)
	}
}

func TestMask(t *testing.T) {
	src := "a /* b { */ c // d }\n'{' \"}\\\"\" e"
	m := mask(src)
	if len(m) != len(src) {
		t.Fatalf("mask changed the length")
	}
	if strings.ContainsAny(m, "{}bd") || !strings.Contains(m, "a") || !strings.Contains(m, "c") || !strings.Contains(m, "e") {
		t.Errorf("mask(%q) = %q", src, m)
	}
}

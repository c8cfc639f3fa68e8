package clang

import "testing"

func TestHelperFunction(t *testing.T) {
	tests := []struct {
		name, typ string
		want      bool
	}{
		{"lerpf", "float (float, float, float)", true},   // drfcheck_fallback.h
		{"length", "float (float2)", true},               // helper_math.h
		{"fminf", "float4 (float4, float4)", true},       // helper_math.h
		{"saturate", "float (float)", true},              // drfcheck_fallback.h
		{"length", "float (float5)", false},              // no such overload
		{"lerpf", "float (float, float)", false},         // arity
		{"mystery", "float (float)", false},              // not a helper
		{"operator+=", "void (float2 &, float2)", false}, // writes through a reference
	}
	for _, tc := range tests {
		if got := HelperFunction(tc.name, tc.typ); got != tc.want {
			t.Errorf("HelperFunction(%q, %q) = %v, want %v", tc.name, tc.typ, got, tc.want)
		}
	}
}

func TestHelperType(t *testing.T) {
	tests := []struct {
		ret, params, want string
		ok                bool
	}{
		{"float", "float2 v", "float (float2)", true},
		{"float4", "float4 a, float4 b", "float4 (float4, float4)", true},
		{"uint", "unsigned int a", "uint (unsigned int)", true},
		{"void", "float2 &a, float2 b", "", false},
		{"float", "const float *p", "", false},
		{"float", "", "float ()", true},
	}
	for _, tc := range tests {
		got, ok := helperType(tc.ret, tc.params)
		if got != tc.want || ok != tc.ok {
			t.Errorf("helperType(%q, %q) = %q, %v; want %q, %v", tc.ret, tc.params, got, ok, tc.want, tc.ok)
		}
	}
}

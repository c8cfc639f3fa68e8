package cudagen

import (
	"strings"
	"testing"
)

// TestNamedConsts: decimal literals from 1 to 1024 become constants of
// namespace scope, the others and those of identifiers, floats, hex,
// strings, comments and preprocessor lines stay as written.
func TestNamedConsts(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a[tid * 4 + 1] = 2u;", "a[tid * K_4 + K_1] = KU_2;"},
		{"float4 v2 = 0.5f + 1.0f + 2e3f;", "float4 v2 = 0.5f + 1.0f + 2e3f;"},
		{"p = 0; m = 0x1Fu; k = -3;", "p = 0; m = 0x1Fu; k = -K_3;"},
		{"x = 2048 + 1024; // 4 more", "x = 2048 + K_1024; // 4 more"},
		{"#pragma unroll 4", "#pragma unroll 4"},
		{`printf("%d", 5);`, `printf("%d", 5);`},
		{"int a[8]; case 3: s.f_1 = 7;", "int a[K_8]; case K_3: s.f_1 = K_7;"},
	} {
		out := withNamedConsts(tc.in + "\n")
		got := strings.TrimSuffix(out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:], "\n")
		if got != tc.want {
			t.Errorf("withNamedConsts(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	src := withNamedConsts("#include <cuda.h>\n__global__ void k(int *a) { a[threadIdx.x * 2] = 1u; }\n")
	want := "const int K_2 = 2;\nconst unsigned int KU_1 = 1u;\n#include <cuda.h>\n__global__ void k(int *a) { a[threadIdx.x * K_2] = KU_1; }\n"
	if src != want {
		t.Errorf("withNamedConsts = %q, want %q", src, want)
	}
}

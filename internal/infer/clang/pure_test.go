package clang

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPureSet checks the prelude's list of pure functions: the integer
// intrinsics and the math library are on it, the warp functions (whose
// results depend on the other threads of the warp), the clocks and the
// functions that write through a pointer are not.
func TestPureSet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.cu")
	src := []byte("__global__ void k(int *o) { o[0] = __popc(1u) + __reduce_add_sync(0xffffffffu, 1u); }\n")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	tu, _, err := Parse(path, src, Options{})
	if err != nil {
		t.Skipf("clang: %v", err)
	}
	for _, c := range []struct {
		name, typ string
		pure      bool
	}{
		{"__popc", "int (unsigned int)", true},
		{"__brev", "unsigned int (unsigned int)", true},
		{"sqrtf", "float (float)", true},
		{"__float_as_int", "int (float)", true},
		{"__float2int_rn", "int (float)", true},
		{"__reduce_add_sync", "unsigned int (unsigned int, unsigned int)", false},
		{"__activemask", "unsigned int ()", false},
		{"clock64", "long long ()", false},
		{"sincosf", "void (float, float *, float *)", false},
		{"frexpf", "float (float, int *)", false},
	} {
		if got := tu.Pure(c.name, c.typ); got != c.pure {
			t.Errorf("Pure(%s, %s) = %v, want %v", c.name, c.typ, got, c.pure)
		}
	}
}

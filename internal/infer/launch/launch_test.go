package launch

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// sitesOf parses a CUDA file and returns its launch sites.
func sitesOf(t *testing.T, src string) []*Site {
	t.Helper()
	path := filepath.Join(t.TempDir(), "main.cu")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tu, _, err := clang.Parse(path, []byte(src), clang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Sites(tu)
}

// describe prints the facts of a site compactly: the constant sizes, the
// parameter values, the assumptions, the aliases and how many notes.
func describe(s *Site, params int) string {
	f := s.Facts(params)
	var vals []string
	for i, v := range f.Values {
		vals = append(vals, fmt.Sprintf("$%d=%d", i, v))
	}
	sort.Strings(vals)
	var pre []string
	for _, c := range f.Pre {
		pre = append(pre, printer.Node(c))
	}
	var al []string
	for _, a := range f.Aliases {
		off := "?"
		if a.Known {
			off = fmt.Sprint(a.Off)
		}
		al = append(al, fmt.Sprintf("$%s=$%s+%s", a.Slot, a.To, off))
	}
	return fmt.Sprintf("%s block=%v grid=%v vals=[%s] pre=[%s] alias=[%s] notes=%d",
		s.Name, f.Block, f.Grid, strings.Join(vals, " "), strings.Join(pre, "; "), strings.Join(al, " "), len(f.Notes))
}

const kernels = `
__global__ void k(int *a, int n) { a[threadIdx.x] = n; }
__global__ void k2(float *a, const float *b) { a[threadIdx.x] = b[threadIdx.x]; }
template <int B> __global__ void kt(int *a, int n) { a[threadIdx.x % B] = n; }
int divUp(int a, int b) { return (a + b - 1) / b; }
int opaque();
#include <cstdlib>
#include <cstdio>
#define BS 128
const int N = 1024;
`

func TestSites(t *testing.T) {
	for _, tc := range []struct {
		name, main string
		want       []string // one per site, in order
	}{
		{"constants", `k<<<4, 256>>>(a, 10);`,
			[]string{"k block=[256 1 1] grid=[4 1 1] vals=[$1=10] pre=[] alias=[] notes=0"}},
		{"macro and const global", `k<<<N / BS, BS>>>(a, N);`,
			[]string{"k block=[128 1 1] grid=[8 1 1] vals=[$1=1024] pre=[] alias=[] notes=0"}},
		{"dim3 variables and members", `dim3 b; b.x = 16; b.y = 8; dim3 g(2, 3); k<<<g, b>>>(a, 1);`,
			[]string{"k block=[16 8 1] grid=[2 3 1] vals=[$1=1] pre=[] alias=[] notes=0"}},
		{"straight-line variables", `int n = 1000; int t = 256; int blocks = (n + t - 1) / t; k<<<blocks, t>>>(a, n);`,
			[]string{"k block=[256 1 1] grid=[4 1 1] vals=[$1=1000] pre=[] alias=[] notes=0"}},
		{"covering grid of an argument", `int n = atoi(argv[1]); k<<<(n + 255) / 256, 256>>>(a, n);`,
			[]string{"k block=[256 1 1] grid=[0 1 1] vals=[] pre=[!($1 + 255 <= 2147483647) || gridDim.x == ($1 + 255) / 256] alias=[] notes=0"}},
		{"helper function inlined", `int n = atoi(argv[1]); k<<<divUp(n, 64), 64>>>(a, n);`,
			[]string{"k block=[64 1 1] grid=[0 1 1] vals=[] pre=[!($1 + 64 <= 2147483647) || gridDim.x == ($1 + 64 - 1) / 64] alias=[] notes=0"}},
		{"assigned in a branch: forgotten, still the argument", `int n = 100; if (argc > 2) n = 200; k<<<1, n>>>(a, n);`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[blockDim.x == $1] alias=[] notes=0"}},
		{"assigned in both straight-line and after the branch", `int n = 100; if (argc > 2) n = 200; n = 32; k<<<1, n>>>(a, n);`,
			[]string{"k block=[32 1 1] grid=[1 1 1] vals=[$1=32] pre=[] alias=[] notes=0"}},
		{"loop variable", `for (int s = 32; s <= 1024; s *= 2) k<<<1, s>>>(a, s);`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[blockDim.x == $1] alias=[] notes=0"}},
		{"address taken: never a constant", `int n = 5; scanf("%d", &n); k<<<1, n>>>(a, n);`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[blockDim.x == $1] alias=[] notes=0"}},
		{"a size that is no argument", `int n = atoi(argv[1]); k<<<n, 32>>>(a, 0);`,
			[]string{"k block=[32 1 1] grid=[0 1 1] vals=[$1=0] pre=[] alias=[] notes=0"}},
		{"an opaque call", `k<<<opaque(), 32>>>(a, 1);`,
			[]string{"k block=[32 1 1] grid=[0 1 1] vals=[$1=1] pre=[] alias=[] notes=1"}},
		{"a size no launch accepts", `k<<<0, 2048>>>(a, 1);`,
			[]string{"k block=[0 1 1] grid=[0 1 1] vals=[$1=1] pre=[] alias=[] notes=2"}},
		{"an argument computed from another", `int n = atoi(argv[1]); k<<<1, 2 * n>>>(a, n);`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[!(2 * $1 >= -2147483648 && 2 * $1 <= 2147483647) || blockDim.x == 2 * $1] alias=[] notes=0"}},
		{"the same pointer twice", `k2<<<1, 32>>>(f, f);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+0] notes=0"}},
		{"overlapping pointers", `k2<<<1, 32>>>(f + 3, f + 1);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+-8] notes=0"}},
		{"an unknown offset", `int m = atoi(argv[1]); k2<<<1, 32>>>(f, f + m);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+?] notes=0"}},
		{"a copy of a pointer", `float *g = f; k2<<<1, 32>>>(g, f);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+0] notes=0"}},
		{"a copy of an allocated pointer", `float *g; cudaMalloc(&g, 64); float *h = g; k2<<<1, 32>>>(g, h);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+0] notes=0"}},
		{"an allocated pointer reassigned: followed", `float *g, *h; cudaMalloc(&g, 64); cudaMalloc(&h, 64); h = g; k2<<<1, 32>>>(g, h);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[$1=$0+0] notes=0"}},
		{"distinct pointers", `float *g; k2<<<1, 32>>>(g, f);`,
			[]string{"k2 block=[32 1 1] grid=[1 1 1] vals=[] pre=[] alias=[] notes=0"}},
		{"cudaLaunchKernel", `int n = 7; void *args[] = {&a, &n}; cudaLaunchKernel((void *)k, dim3(2), dim3(64), args, 0, 0);`,
			[]string{"k block=[64 1 1] grid=[2 1 1] vals=[$1=7] pre=[] alias=[] notes=0"}},
		{"a template instantiation", `kt<32><<<1, 32>>>(a, 3);`,
			[]string{"kt<32> block=[32 1 1] grid=[1 1 1] vals=[$1=3] pre=[] alias=[] notes=0"}},
		{"a side effect in the launch", `int n = 3; k<<<1, 32>>>(a, n++);`,
			[]string{"k block=[0 0 0] grid=[0 0 0] vals=[] pre=[] alias=[] notes=2"}},
		{"in a lambda: nothing tracked", `int n = 64; auto go = [&]() { k<<<1, n>>>(a, n); }; n = 128; go();`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[blockDim.x == $1] alias=[] notes=0"}},
		{"goto: nothing tracked", `int n = 64; again: k<<<1, n>>>(a, n); n = 128; if (argc) goto again;`,
			[]string{"k block=[0 1 1] grid=[1 1 1] vals=[] pre=[blockDim.x == $1] alias=[] notes=0"}},
		{"two sites", `k<<<1, 32>>>(a, 1); k<<<2, 64>>>(a, 2);`,
			[]string{"k block=[32 1 1] grid=[1 1 1] vals=[$1=1] pre=[] alias=[] notes=0",
				"k block=[64 1 1] grid=[2 1 1] vals=[$1=2] pre=[] alias=[] notes=0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := kernels + "int main(int argc, char **argv) { int *a; float *f;\n" + tc.main + "\nreturn 0; }\n"
			sites := sitesOf(t, src)
			var got []string
			for _, s := range sites {
				got = append(got, describe(s, len(s.Args)))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			for _, s := range sites {
				if s.At.Line < 1 || s.Config == "" {
					t.Errorf("site without a position or configuration: %+v", s)
				}
			}
		})
	}
}

// Bad input gives no site or unknown values, never a panic.
func TestSitesNoPanic(t *testing.T) {
	for _, src := range []string{
		"int main() { return 0; }",
		"__global__ void k(int *a) {} int main() { void (*p)(int *) = k; p<<<1, 1>>>(0); }",
		"__global__ void k(int *a) {} int main() { cudaLaunchKernel((void *)k, 1, 1, 0); }",
		"__global__ void k(int a) {} int f(int x) { return f(x); } int main() { k<<<f(1), 1>>>(1); }",
	} {
		for _, s := range sitesOf(t, src) {
			_ = s.Facts(len(s.Args))
			_ = s.Facts(len(s.Args) + 1)
		}
	}
}

// describeSlots prints the pointers a site passes: each slot with ? when
// its memory is not known (its distinctness is an assumption), ~ for the
// null pointer, and the aliases.
func describeSlots(s *Site, params int) string {
	f := s.Facts(params)
	var sl []string
	for _, x := range f.Slots {
		mark := ""
		switch {
		case x.Null:
			mark = "~"
		case !x.Known:
			mark = "?"
		}
		sl = append(sl, x.Path+mark)
	}
	var al []string
	for _, a := range f.Aliases {
		off := "?"
		if a.Known {
			off = fmt.Sprint(a.Off)
		}
		al = append(al, fmt.Sprintf("%s=%s+%s", a.Slot, a.To, off))
	}
	pre := ""
	for _, c := range f.Pre {
		pre += " pre: " + printer.Node(c)
	}
	return fmt.Sprintf("%s%s slots=[%s] alias=[%s]", s.Name, viaText(s), strings.Join(sl, " "), strings.Join(al, " ")) + pre
}

func viaText(s *Site) string {
	if v := s.Via(); v != "" {
		return " (" + v + ")"
	}
	return ""
}

// The pointers of a launch followed through the host code: reassigned
// after cudaMalloc, on a path, in a loop, through argument arrays changed
// after their initializer, struct fields and arrays of pointers, wrappers
// and helpers that allocate; what the host code does not show is marked
// as not known (its distinctness an assumption).
func TestHostPointers(t *testing.T) {
	const kernels = `
__global__ void k2(int *a, int *b) { a[threadIdx.x] = 1; b[threadIdx.x + 1] = 2; }
struct Bufs { int *x; int *y; int *c[2]; int n; };
__global__ void ks(Bufs p) { p.x[threadIdx.x] = p.n; }
__global__ void kc(int *a, unsigned char w) { a[threadIdx.x] = w; }
int *getBuf();
int *g_buf;
#include <cstdlib>
`
	for _, tc := range []struct {
		name, host string
		want       []string
		extra      string // host functions
	}{
		{"reassigned after cudaMalloc", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); b = a; k2<<<1, 32>>>(a, b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+0]"}, ""},
		{"distinct allocations", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); k2<<<1, 32>>>(a, b);`,
			[]string{"k2 slots=[0 1] alias=[]"}, ""},
		{"an offset", `int *a; cudaMalloc(&a, 256); int *b = a; b += 1; k2<<<1, 32>>>(a, b); k2<<<1, 32>>>(a + 2, b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+4]", "k2 slots=[0 1] alias=[1=0+-4]"}, ""},
		{"reassigned on a path", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); if (argc > 1) b = a; k2<<<1, 32>>>(a, b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"reassigned in a loop", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); for (int i = 0; i < argc; i++) { k2<<<1, 32>>>(a, b); b = a; }`,
			[]string{"k2 slots=[0 1] alias=[]", "k2 slots=[0 1] alias=[1=0+0]"}, ""},
		{"a double buffer swapped in a loop", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); int *src = a, *dst = b; for (int i = 0; i < argc; i++) { k2<<<1, 32>>>(dst, src); int *t = src; src = dst; dst = t; } k2<<<1, 32>>>(src, dst);`,
			[]string{"k2 slots=[0 1] alias=[]", "k2 slots=[0 1] alias=[]", "k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"a pointer walking a loop", `int *a; cudaMalloc(&a, 256); int *p = a; for (int i = 0; i < argc; i++) { k2<<<1, 32>>>(a, p); p += 4; }`,
			[]string{"k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"strong update in a loop's body", `int *a, *b; cudaMalloc(&a, 256); for (int i = 0; i < argc; i++) { cudaMalloc(&b, 256); k2<<<1, 32>>>(a, b); b = a; }`,
			[]string{"k2 slots=[0 1] alias=[]", "k2 slots=[0 1] alias=[]"}, ""},
		{"left by a break", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); while (argc) { b = a; break; } k2<<<1, 32>>>(a, b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"a switch's case", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); switch (argc) { case 1: b = a; break; case 2: k2<<<1, 32>>>(a, b); } k2<<<1, 32>>>(a, b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+?]", "k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"a conditional", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); k2<<<1, 32>>>(a, argc > 1 ? a : b);`,
			[]string{"k2 slots=[0 1] alias=[1=0+?]"}, ""},
		{"an argument array changed", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); void *args[] = {&a, &b}; args[1] = &a; cudaLaunchKernel((void *)k2, dim3(1), dim3(32), args, 0, 0);`,
			[]string{"k2 slots=[0 1] alias=[1=0+0]"}, ""},
		{"an argument array reads at the launch", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); void *args[] = {&a, &b}; b = a; cudaLaunchKernel((void *)k2, dim3(1), dim3(32), args, 0, 0);`,
			[]string{"k2 slots=[0 1] alias=[1=0+0]"}, ""},
		{"an argument array at an index not known", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); void *args[] = {&a, &b}; args[argc % 2] = &a; cudaLaunchKernel((void *)k2, dim3(1), dim3(32), args, 0, 0);`,
			[]string{"k2 slots=[] alias=[]"}, ""},
		{"struct fields", `int *a; cudaMalloc(&a, 256); Bufs p; p.x = a; p.y = a; p.c[0] = a + 1; p.c[1] = nullptr; ks<<<1, 32>>>(p);`,
			[]string{"ks slots=[0.x 0.y 0.c[0] 0.c[1]~] alias=[0.y=0.x+0 0.c[0]=0.x+4]"}, ""},
		{"a struct's initializer and copy", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); Bufs p = {a, b, {b, a}, 3}; Bufs q = p; q.y = a; ks<<<1, 32>>>(q);`,
			[]string{"ks slots=[0.x 0.y 0.c[0] 0.c[1]] alias=[0.y=0.x+0 0.c[1]=0.x+0]"}, ""},
		{"a wrapper called twice", `int *a, *b; cudaMalloc(&a, 256); cudaMalloc(&b, 256); run(a, a); run(a, b);`,
			[]string{"k2 (in run, called at main.cu:12:55) slots=[0 1] alias=[1=0+0]", "k2 (in run, called at main.cu:12:66) slots=[0 1] alias=[]"},
			"void run(int *x, int *y) { k2<<<1, 32>>>(x, y); }"},
		{"a wrapper no code calls", ``,
			[]string{"k2 slots=[0? 1?] alias=[]"},
			"void run(int *x, int *y) { k2<<<1, 32>>>(x, y); }"},
		{"a member read through this", ``,
			[]string{"k2 slots=[0? 1?] alias=[1=0+0]"},
			"struct Solver { int *d; void step() { k2<<<1, 32>>>(d, d); } };"},
		{"recursion: the call not followed is a root too", `int *a; cudaMalloc(&a, 256); rec(a, 3);`,
			[]string{"k2 (in rec, called at main.cu:12:30) slots=[0 1] alias=[1=0+4]", "k2 slots=[0? 1?] alias=[1=0+4]"},
			"void rec(int *x, int n) { if (n > 0) rec(x, n - 1); k2<<<1, 32>>>(x, x + 1); }"},
		{"a launch in a kernel", ``,
			[]string{"k2 slots=[0? 1?] alias=[]"},
			"__global__ void parent(int *p, int *q) { k2<<<1, 32>>>(p, q); }"},
		{"a helper that allocates", `int *a = make(), *b = make(); k2<<<1, 32>>>(a, b); int *c = a; k2<<<1, 32>>>(c, a);`,
			[]string{"k2 slots=[0 1] alias=[]", "k2 slots=[0 1] alias=[1=0+0]"},
			"int *make() { int *p; cudaMalloc(&p, 64); return p; }"},
		{"memory the host code does not show", `int *a; cudaMalloc(&a, 256); k2<<<1, 32>>>(a, getBuf()); k2<<<1, 32>>>(g_buf, a); int *p = getBuf(); k2<<<1, 32>>>(p, p);`,
			[]string{"k2 slots=[0 1?] alias=[]", "k2 slots=[0? 1] alias=[]", "k2 slots=[0? 1?] alias=[1=0+0]"}, ""},
		{"a narrowed argument is another value", `int n = atoi(argv[1]); int *a; cudaMalloc(&a, 256); kc<<<1, n>>>(a, n);`,
			[]string{"kc slots=[0] alias=[] pre: !(blockDim.x >= 0 && blockDim.x <= 255) || $1 == blockDim.x"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := kernels + `
` + tc.extra + `
int main(int argc, char **argv) {
` + tc.host + "\nreturn 0; }\n"
			var got []string
			for _, s := range sitesOf(t, src) {
				d := describeSlots(s, len(s.Types))
				if i := strings.Index(d, "main.cu:"); i >= 0 {
					if j := strings.LastIndex(d[:i], " "); j >= 0 {
						d = d[:j+1] + d[i:] // the file's name, not its directory
					}
				}
				got = append(got, d)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

package ir

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// funcPtrPrelude declares the functions the kernels of the function
// pointer tests point to: twice and half store through their pointer,
// other has another signature, and fn is the pointer type of the first two.
const funcPtrPrelude = `
__device__ void twice(float *v, int i) { v[i] = 2 * v[i]; }
__device__ void half(float *v, int i) { v[i] = v[i] / 2; }
__device__ void other(float *v) { v[0] = 0; }
typedef void (*fn)(float *, int);
`

// TestFuncPtrTargets checks which functions a call through a function
// pointer runs (the inlined regions, by function), or why it is unknown:
// the set of functions the pointer may hold, as the assignments, casts,
// conditionals, calls and __requires of the kernel give it.
func TestFuncPtrTargets(t *testing.T) {
	for _, tc := range []struct {
		name, kernel string
		calls        []string // the functions inlined, sorted
		unknown      string   // the reason of the one Unknown, "" when none
	}{
		{"a name", `__global__ void k(float *v) { fn f = twice; f(v, threadIdx.x); }`, []string{"twice"}, ""},
		{"an address, called as *f", `__global__ void k(float *v) { fn f = &half; (*f)(v, threadIdx.x); }`, []string{"half"}, ""},
		{"a conditional", `__global__ void k(float *v) { fn f = threadIdx.x < 4 ? twice : half; f(v, threadIdx.x); }`, []string{"half", "twice"}, ""},
		{"an assignment on a branch", `__global__ void k(float *v, int n) { fn f = twice; if (n > 2) f = half; f(v, threadIdx.x); }`, []string{"half", "twice"}, ""},
		{"through void *", `__global__ void k(float *v) { void *p = (void *)twice; fn f = (fn)p; f(v, threadIdx.x); }`, []string{"twice"}, ""},
		{"null left out", `__global__ void k(float *v, int n) { fn f = 0; if (n) f = half; f(v, threadIdx.x); }`, []string{"half"}, ""},
		{"only null", `__global__ void k(float *v) { fn f = nullptr; f(v, threadIdx.x); }`, nil, "a call through a function pointer (a null pointer)"},
		{"a device function's parameter", `__device__ void apply(fn g, float *v) { g(v, threadIdx.x); }
__global__ void k(float *v) { apply(half, v); }`, []string{"apply", "half"}, ""},
		{"a device function's result", `__device__ fn pick(int i) { if (i) return twice; return half; }
__global__ void k(float *v, int n) { fn f = pick(n); f(v, threadIdx.x); }`, []string{"half", "pick", "twice"}, ""},
		{"a parameter", `__global__ void k(float *v, fn f) { f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a function pointer parameter of the kernel, which no __requires restricts to known functions)"},
		{"a parameter restricted by |", `__global__ void k(float *v, fn f) { __requires(f == twice | f == half); f(v, threadIdx.x); }`, []string{"half", "twice"}, ""},
		{"a parameter restricted by ||, reversed", `__global__ void k(float *v, fn f) { __requires(twice == f || &half == f); f(v, threadIdx.x); }`, []string{"half", "twice"}, ""},
		{"a parameter restricted by ==", `__global__ void k(float *v, fn f) { __requires(f == half); f(v, threadIdx.x); }`, []string{"half"}, ""},
		{"a parameter restricted by && with another condition", `__global__ void k(float *v, fn f, int n) { __requires(f == half && n > 0); f(v, threadIdx.x); }`, []string{"half"}, ""},
		{"two __requires intersect", `__global__ void k(float *v, fn f) { __requires(f == half | f == twice); __requires(f == half); f(v, threadIdx.x); }`, []string{"half"}, ""},
		{"a disjunction with another condition restricts nothing", `__global__ void k(float *v, fn f, int n) { __requires(f == half || n > 0); f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a function pointer parameter of the kernel, which no __requires restricts to known functions)"},
		{"a __requires under a condition restricts nothing", `__global__ void k(float *v, fn f, int n) { if (n) { __requires(f == half); } f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a function pointer parameter of the kernel, which no __requires restricts to known functions)"},
		{"a parameter assigned in the kernel", `__global__ void k(float *v, fn f, int n) { __requires(f == half); if (n) f = twice; f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a function pointer parameter of the kernel, which no __requires restricts to known functions)"},
		{"loaded from memory", `__global__ void k(float *v, fn *table) { fn f = table[threadIdx.x]; f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a pointer loaded from memory)"},
		{"made from an integer", `__global__ void k(float *v) { fn f = (fn)5; f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (a pointer made from an integer)"},
		{"moved by arithmetic", `__global__ void k(float *v) { char *p = (char *)half; p += 4; fn f = (fn)p; f(v, threadIdx.x); }`, nil,
			"a call through a function pointer (arithmetic on a pointer to function half)"},
		{"another signature", `__global__ void k(float *v) { fn f = (fn)other; f(v, threadIdx.x); }`, nil,
			"a call through a function pointer of type void (*)(float *, int) to other, of type void (float *)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tu := parse(t, "fp.cu", funcPtrPrelude+tc.kernel+"\n")
			f, err := Lower(tu, Kernels(tu)[0])
			if err != nil {
				t.Fatal(err)
			}
			calls, unknowns := callsOf(f)
			if !slices.Equal(calls, tc.calls) {
				t.Errorf("calls %v, want %v\n%s", calls, tc.calls, Config{}.Print(f))
			}
			want := []string(nil)
			if tc.unknown != "" {
				want = []string{tc.unknown}
			}
			if !slices.Equal(unknowns, want) {
				t.Errorf("unknowns %q, want %q", unknowns, want)
			}
		})
	}
}

var copySuffix = regexp.MustCompile(`_[0-9]+$`)

// callsOf returns the functions inlined in f (sorted, once each) and the
// reasons of its Unknown statements.
func callsOf(f *Func) ([]string, []string) {
	var calls, unknowns []string
	Inspect(f, func(n Node) bool {
		switch n := n.(type) {
		case *Region:
			if name := copySuffix.ReplaceAllString(n.Name, ""); n.Call && !slices.Contains(calls, name) {
				calls = append(calls, name)
			}
		case *Unknown:
			unknowns = append(unknowns, n.Reason)
		}
		return true
	})
	slices.Sort(calls)
	return calls, unknowns
}

// TestFuncPtrLowering checks the IR of calls through function pointers:
// one function is a plain inlined call; several are an if chain on the
// pointer's guards (a thread-dependent condition, a uniform parameter of
// its own for a kernel parameter), the result kept in a temporary; a
// comparison of function addresses is decided.
func TestFuncPtrLowering(t *testing.T) {
	for _, tc := range []struct {
		name, kernel, want string
	}{
		{"one function", `
__device__ int inc(int x) { return x + 1; }
__global__ void k(int *a) {
  int (*f)(int) = inc;
  a[threadIdx.x] = f(threadIdx.x);
}`, `
kernel k
  global a i32[?]
{
  x = i32(threadIdx.x)
  region inc {
    inc_ret = x + 1
  }
  store i32 [a + 4 * threadIdx.x] = inc_ret
}
`},
		{"chosen per thread", `
__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }
__global__ void k(int *a) {
  int (*f)(int) = threadIdx.x % 2 ? inc : dec;
  a[threadIdx.x] = f(threadIdx.x);
}`, `
kernel k
  global a i32[?]
{
  if threadIdx.x % 2 != 0 {
    x_1 = i32(threadIdx.x)
    region inc {
      inc_ret = x_1 + 1
    }
    call_ret = inc_ret
  } else {
    x = i32(threadIdx.x)
    region dec {
      dec_ret = x - 1
    }
    call_ret = dec_ret
  }
  store i32 [a + 4 * threadIdx.x] = call_ret
}
`},
		{"a restricted parameter, compared", `
__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }
__global__ void k(int *a, int (*f)(int)) {
  __requires(f == inc || f == dec);
  if (f == inc) a[threadIdx.x] = f(1);
}`, `
kernel k
  param f.fn i32
  global a i32[?]
{
  requires (f.fn == 0 ? true : false) || (f.fn == 0 ? false : true)
  if f.fn == 0 ? true : false {
    if f.fn == 0 {
      x_1 = 1
      region inc {
        inc_ret = x_1 + 1
      }
      call_ret = inc_ret
    } else {
      x = 1
      region dec {
        dec_ret = x - 1
      }
      call_ret = dec_ret
    }
    store i32 [a + 4 * threadIdx.x] = call_ret
  }
}
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tu := parse(t, "fp.cu", tc.kernel+"\n")
			got := lowerAll(t, tu, Config{})
			if strings.TrimSpace(got) != strings.TrimSpace(tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

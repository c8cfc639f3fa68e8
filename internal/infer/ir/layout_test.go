package ir

import (
	"fmt"
	"strings"
	"testing"
)

// TestVectorLayouts checks the rule that lays out CUDA's vector types and
// dim3 (computeLayout) against clang's layout of the prelude's
// definitions: the one place where a layout is not asked of clang.
func TestVectorLayouts(t *testing.T) {
	var names []string
	for comp := range vectorTypes {
		for n := 1; n <= 4; n++ {
			names = append(names, fmt.Sprintf("%s%d", comp, n))
		}
	}
	names = append(names, "dim3", "uint3")
	tu := parse(t, "vectors.cu", "__global__ void k() {}\n")
	var sites []*probeSite
	for _, name := range names {
		s := &probeSite{spell: name}
		s.items = append(s.items, probeItem{"size", "sizeof(" + name + ")"}, probeItem{"align", "alignof(" + name + ")"})
		count := int(name[len(name)-1] - '0')
		if name == "dim3" {
			count = 3
		}
		for _, f := range "xyzw"[:count] {
			s.items = append(s.items, probeItem{string(f), "__builtin_offsetof(" + name + ", " + string(f) + ")"})
		}
		sites = append(sites, s)
	}
	out, err := tu.Probe(probeSource(tu.Src, sites))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]int64{}
	for _, m := range probeRE.FindAllStringSubmatch(string(out), -1) {
		var nums []int64
		for _, f := range strings.Split(m[1], ",") {
			var v int64
			fmt.Sscan(strings.TrimSpace(f), &v)
			nums = append(nums, v)
		}
		got[names[nums[0]]] = nums[1:]
	}
	ts := newTypes(tu)
	for _, name := range names {
		r := ts.computeLayout(name)
		want := []int64{r.size(), r.align()}
		for _, f := range r.fields {
			want = append(want, f.off)
		}
		if fmt.Sprint(got[name]) != fmt.Sprint(want) {
			t.Errorf("%s: clang lays it out as %v (size, align, offsets), the rule as %v", name, got[name], want)
		}
	}
}

// TestRecordLayouts checks layouts taken from clang: attributes, packing,
// unions, anonymous members, unnamed records, template instances and
// base classes, each against the numbers C++ gives (worked out by hand
// in the comments), and the records clang gives no layout for.
func TestRecordLayouts(t *testing.T) {
	src := `
struct __align__(16) A16 { int a; };                 // size 16
struct alignas(8) A8 { char c; };                    // size 8
struct F { char c; alignas(8) int x; };              // x at 8, size 16
#pragma pack(push, 1)
struct P { char c; int x; };                         // x at 1, size 5
#pragma pack(pop)
#pragma pack(push, 2)
struct P2 { char c; int x; double d; };              // x at 2, d at 6, size 14
#pragma pack(pop)
union U { int w; short h[2]; };                      // all at 0, size 4
struct Q { int k; union { float f; int i; }; struct { short a, b; } s; char t; }; // anon at 4, s at 8 (a 0, b 2), t at 12, size 16
template <class T, int N> struct box { T v[N]; char c; };
struct B { int b0; short b1; };
struct D : B { char d; };                            // b0 0, b1 4, d 8 (a POD base keeps its tail padding), size 12
typedef struct { double x; char y; } TD;             // y at 8, size 16
struct Bits { int a : 3; int b; };                   // no layout: a bit-field
typedef float __align__(16) f16;
struct G { char c; f16 x; };                         // x at 16, size 32
namespace ns { struct N { char c; long long l; }; }  // l at 8
__global__ void k() { box<float, 4> b; box<char, 3> c; }
`
	tu := parse(t, "records.cu", "#define __align__(n) __attribute__((aligned(n)))\n"+src)
	ts := newTypes(tu)
	cases := []struct {
		name string
		want string // size align; then name@offset for each field
	}{
		{"A16", "16 16 a@0"},
		{"A8", "8 8 c@0"},
		{"F", "16 8 c@0 x@8"},
		{"P", "5 1 c@0 x@1"},
		{"P2", "14 2 c@0 x@2 d@6"},
		{"U", "4 4 w@0 h@0"},
		{"Q", "16 4 k@0 @4 s@8 t@12"},
		{"box<float, 4>", "20 4 v@0 c@16"},
		{"box<char, 3>", "4 1 v@0 c@3"},
		{"D", "12 4 b0@0 b1@4 d@8"}, // B is POD: its tail padding is not reused
		{"TD", "16 8 x@0 y@8"},
		{"Bits", "none"},
		{"G", "32 16 c@0 x@16"},
		{"ns::N", "16 8 c@0 l@8"},
	}
	for _, tc := range cases {
		r := ts.computeLayout(tc.name)
		got := "none"
		if r != nil {
			got = fmt.Sprintf("%d %d", r.size(), r.align())
			for _, f := range r.fields {
				got += fmt.Sprintf(" %s@%d", f.name, f.off)
			}
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	// the anonymous union and the unnamed struct of Q, laid out inside it
	q := ts.computeLayout("Q")
	if q == nil {
		return
	}
	for _, tc := range []struct {
		field, want string
	}{{"", "f@0 i@0"}, {"s", "a@0 b@2"}} {
		f, _ := q.field(tc.field)
		var got []string
		if f.t.rec != nil {
			for _, g := range f.t.rec.fields {
				got = append(got, fmt.Sprintf("%s@%d", g.name, g.off))
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Q.%s: got %q, want %q", tc.field, got, tc.want)
		}
	}
}

// TestCellType checks the cell of memory of structs: the first scalar,
// unless a scalar straddles two such cells.
func TestCellType(t *testing.T) {
	i32 := ctype{kind: cScalar, ir: I32, size: 4, align: 4}
	i8 := ctype{kind: cScalar, ir: Type{Int, 1, true}, size: 1, align: 1}
	i16 := ctype{kind: cScalar, ir: Type{Int, 2, true}, size: 2, align: 2}
	rec := func(size int64, fs ...field) ctype {
		return ctype{kind: cStruct, size: size, rec: &record{fields: fs, bytes: size}}
	}
	cases := []struct {
		name string
		t    ctype
		want int64
	}{
		{"natural", rec(8, field{t: i32}, field{t: i8, off: 4}), 4},
		{"aligned 16", rec(16, field{t: i32}), 4},
		{"packed int then char", rec(5, field{t: i32}, field{t: i8, off: 4}), 1},
		{"packed short at 1", rec(3, field{t: i8}, field{t: i16, off: 1}), 1},
		{"pack(2)", rec(6, field{t: i32}, field{t: i16, off: 4}), 2},
	}
	for _, tc := range cases {
		if got := cellType(tc.t).Size; got != tc.want {
			t.Errorf("%s: a cell of %d bytes, want %d", tc.name, got, tc.want)
		}
	}
}

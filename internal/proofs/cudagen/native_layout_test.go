package cudagen

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestLayoutNative checks the layout family's rule (LType.layout) against
// clang++: random structs and unions with __align__, alignas fields and
// #pragma pack are printed as the generator prints them, with a program
// that prints their sizes, alignments and field offsets.
func TestLayoutNative(t *testing.T) {
	clang := clangxx(t)
	g := &gen{lr: rand.New(rand.NewSource(21)), p: &Program{}}
	p := &printer{}
	var want []string
	var body strings.Builder
	for len(g.p.Layouts) < 200 {
		l := g.layoutType()
		l.print(p)
		offs, size, align := l.layout()
		fmt.Fprintf(&body, "  printf(\"%%zu %%zu\\n\", sizeof(%s), alignof(%s));\n", l.Name, l.Name)
		want = append(want, fmt.Sprintf("%d %d", size, align))
		for i, f := range l.Fields {
			fmt.Fprintf(&body, "  printf(\"%%zu\\n\", __builtin_offsetof(%s, %s));\n", l.Name, f.Name)
			want = append(want, fmt.Sprint(offs[i]))
		}
	}
	prog := "#include <cstdio>\n#define __align__(n) alignas(n)\n" + p.b.String() + "int main() {\n" + body.String() + "}\n"
	got := runNative(t, clang, prog)
	if len(got) != len(want) {
		t.Fatalf("%d lines from clang++, %d expected", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: clang++ says %q, the rule %q", i, got[i], want[i])
		}
	}
}

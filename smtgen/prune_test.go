package smtgen

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

func expr(t *testing.T, src string) protocol.Expr {
	t.Helper()
	f, err := parser.ParseFile("e.prot", []byte("shared A; rd A["+src+"];"))
	if err != nil {
		t.Fatal(err)
	}
	return f.Body.Stmts[0].(*protocol.Access).Index[0]
}

// pruneBinders keeps the binders a question mentions, those their bounds
// mention, and one binder (the outermost) per range among the rest.
func TestPruneBinders(t *testing.T) {
	for _, tc := range []struct {
		name    string
		binders string // "x 0 N; y x x+2"
		used    string
		want    string
	}{
		{"nested 0..N, nothing used", "a 0 N; b 0 N; c 0 N", "", "a"},
		{"one used", "a 0 N; b 0 N; c 0 N", "c", "a c"},
		{"bounds of a used binder", "a 0 N; b a a+1; c 0 M", "b", "a b c"},
		{"distinct ranges", "a 0 N; b 0 M; c 1 N", "", "a b c"},
		{"duplicate inner ranges over an outer binder", "a 0 N; b a a+2; c a a+2", "", "a b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var bs []protocol.Binder
			for _, part := range strings.Split(tc.binders, ";") {
				f := strings.Fields(part)
				bs = append(bs, protocol.Binder{Var: f[0], Lo: expr(t, f[1]), Hi: expr(t, f[2])})
			}
			used := map[string]bool{}
			for _, v := range strings.Fields(tc.used) {
				used[v] = true
			}
			var got []string
			for _, b := range pruneBinders(bs, used) {
				got = append(got, b.Var)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("kept %v, want %s", got, tc.want)
			}
		})
	}
}

// The oracle answers nested loops' questions alike once pruned, and from
// its memory: the answers stay right.
func TestOracleMemo(t *testing.T) {
	s := NewSolver(0)
	f, _ := parser.ParseFile("in.prot", []byte(`param N; shared A;`))
	info, _ := protocol.Check(f)
	o := s.Oracle(Env{Info: info, Launch: Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}}}).(*oracle)
	empty := &protocol.Cmp{Op: protocol.Ge, X: expr(t, "0"), Y: expr(t, "N")}
	var binders []protocol.Binder
	for i, name := range []string{"a", "b", "c"} {
		ok, err := o.Satisfiable(wellformed.Query{Binders: binders, Goal: empty})
		if err != nil || ok != (i == 0) {
			t.Errorf("inside %d loops over 0..N, 0..N may be empty: %v, %v", i, ok, err)
		}
		binders = append(binders, protocol.Binder{Var: name, Lo: expr(t, "0"), Hi: expr(t, "N")})
	}
	if len(o.memo) != 2 {
		var keys []string
		for k := range o.memo {
			keys = append(keys, k)
		}
		t.Errorf("%d questions asked, want 2 (no binder, one binder): %q", len(o.memo), keys)
	}
}

package symexec

import (
	"slices"
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// TestCyclesOf: the variables of a loop that start from constants and
// that each iteration sets from their own values alone, run until their
// state comes back. Expected sequences worked by hand: p = 1 - p from 0 is
// 0, 1, 0, ...; q = (q + 1) % 3 from 0 is 0, 1, 2, ...; h = h / 2 from 20
// is 20, 10, 5, 2, 1, then 0 for ever; two selectors swapped with their
// numberings crossed (s = d == 0 ? 1 : 0, d = s == 0 ? 1 : 0) from 0 and 0
// are 0, 1, 0, ... both. A counter (i + 1) never comes back, and a
// variable that reads a value loaded in the loop (r = r + x) is not a
// function of the group, so neither has states; neither keeps the others
// from having theirs.
func TestCyclesOf(t *testing.T) {
	at := protocol.Pos{}
	vars := map[string]*ir.Var{}
	entry, head, end := env{}, env{}, env{}
	keys := map[*ir.Var]bool{}
	h := func(name string) protocol.Expr { return head[vars[name]].(intVal).e }
	add := func(name string, first int64) {
		v := &ir.Var{Name: name, CName: name, T: ir.I32}
		vars[name], keys[v] = v, true
		entry[v] = intVal{lit(at, first)}
		head[v] = intVal{&protocol.Var{At: at, Name: name + "_head"}}
	}
	for _, v := range []struct {
		name  string
		first int64
	}{{"p", 0}, {"q", 0}, {"h", 20}, {"s", 0}, {"d", 0}, {"i", 0}, {"r", 0}} {
		add(v.name, v.first)
	}
	set := func(name string, e protocol.Expr) { end[vars[name]] = intVal{e} }
	bin := func(op protocol.BinOp, x, y protocol.Expr) protocol.Expr {
		return &protocol.Binary{At: at, Op: op, X: x, Y: y}
	}
	flip := func(x protocol.Expr) protocol.Expr {
		return &protocol.Ite{At: at, Cond: &protocol.Cmp{At: at, Op: protocol.Eq, X: x, Y: lit(at, 0)}, Then: lit(at, 1), Else: lit(at, 0)}
	}
	set("p", bin(protocol.Sub, lit(at, 1), h("p")))
	set("q", bin(protocol.Mod, bin(protocol.Add, h("q"), lit(at, 1)), lit(at, 3)))
	set("h", bin(protocol.Div, h("h"), lit(at, 2)))
	set("s", flip(h("d")))
	set("d", flip(h("s")))
	set("i", bin(protocol.Add, h("i"), lit(at, 1)))
	set("r", bin(protocol.Add, h("r"), &protocol.Var{At: at, Name: "x_loaded"}))

	got := cyclesOf(keys, entry, head, end)
	want := map[string]states{
		"p": {cycle: []int64{0, 1}},
		"q": {cycle: []int64{0, 1, 2}},
		"h": {prefix: []int64{20, 10, 5, 2, 1}, cycle: []int64{0}},
		"s": {cycle: []int64{0, 1}},
		"d": {cycle: []int64{0, 1}},
	}
	for name, v := range vars {
		st, ok := got[v]
		w, wanted := want[name]
		switch {
		case ok != wanted:
			t.Errorf("%s: states found %v, want %v", name, ok, wanted)
		case ok && (!slices.Equal(st.prefix, w.prefix) || !slices.Equal(st.cycle, w.cycle)):
			t.Errorf("%s: %v, want %v", name, st, w)
		}
	}
}

// TestStatesAt: the value after count iterations, from the prefix then
// around the cycle (20, 10, then 0, 1, 0, 1, ...).
func TestStatesAt(t *testing.T) {
	at := protocol.Pos{}
	s := states{prefix: []int64{20, 10}, cycle: []int64{0, 1}}
	for count, want := range []int64{20, 10, 0, 1, 0, 1, 0} {
		got, ok := litValue(s.at(at, lit(at, int64(count))))
		if !ok || got != want {
			t.Errorf("after %d iterations: %d (%v), want %d", count, got, ok, want)
		}
	}
}

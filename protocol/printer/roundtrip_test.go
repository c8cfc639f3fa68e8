package printer_test

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// roundTrip checks the printer's contract on a parsed file: the printed text
// parses to an Equal file, and printing that gives the same text.
func roundTrip(t *testing.T, f *protocol.File) {
	t.Helper()
	text := printer.File(f)
	again, err := parser.ParseFile(f.Name, []byte(text))
	if err != nil {
		t.Fatalf("printed file does not parse: %v\n%s", err, text)
	}
	if !protocol.Equal(f, again) {
		t.Fatalf("round trip changed the file:\n%s", text)
	}
	if text2 := printer.File(again); text2 != text {
		t.Fatalf("printing is not a fixpoint:\n%s\n---\n%s", text, text2)
	}
}

func TestRoundTripTestdata(t *testing.T) {
	paths, err := filepath.Glob("../parser/testdata/*.prot")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(path, src)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, f)
		})
	}
}

// TestRoundTripRandom prints random trees, which exercise combinations of
// precedence, associativity and negative literals that no hand-written
// table covers, and parses them back.
func TestRoundTripRandom(t *testing.T) {
	g := &gen{rand.New(rand.NewSource(1))}
	for i := 0; i < 1000; i++ {
		e := g.expr(4)
		text := printer.Node(e)
		again, err := parser.ParseExpr("r", text)
		if err != nil || !protocol.Equal(e, again) || printer.Node(again) != text {
			t.Fatalf("expression %q: %v", text, err)
		}
		c := g.cond(4)
		text = printer.Node(c)
		againC, err := parser.ParseCond("r", text)
		if err != nil || !protocol.Equal(c, againC) || printer.Node(againC) != text {
			t.Fatalf("condition %q: %v", text, err)
		}
	}
	for i := 0; i < 200; i++ {
		f := &protocol.File{Name: "r", Body: g.block(3)}
		for _, k := range []protocol.DeclKind{protocol.Param, protocol.Local, protocol.Shared, protocol.Global} {
			if g.r.Intn(2) == 0 {
				f.Decls = append(f.Decls, &protocol.Decl{Kind: k, Names: []protocol.Ident{{Name: g.name()}, {Name: "z"}}})
			}
		}
		roundTrip(t, f)
	}
}

// FuzzRoundTrip checks the round trip on whatever parses.
func FuzzRoundTrip(f *testing.F) {
	paths, _ := filepath.Glob("../parser/testdata/*.prot")
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := parser.ParseFile("fuzz.prot", src)
		if err != nil {
			return
		}
		roundTrip(t, file)
	})
}

// gen makes random trees of the shape the parser produces.
type gen struct{ r *rand.Rand }

func (g *gen) name() string { return []string{"a", "b", "N", "i", "x_1"}[g.r.Intn(5)] }

func (g *gen) literal() int64 {
	switch g.r.Intn(6) {
	case 0:
		return math.MinInt64
	case 1:
		return math.MaxInt64
	case 2:
		return -g.r.Int63n(100)
	}
	return g.r.Int63n(100)
}

func (g *gen) expr(depth int) protocol.Expr {
	if depth == 0 || g.r.Intn(4) == 0 {
		switch g.r.Intn(3) {
		case 0:
			return lit(g.literal())
		case 1:
			return v(g.name())
		}
		return &protocol.Builtin{Kind: protocol.BuiltinKind(g.r.Intn(4)), Dim: g.r.Intn(3)}
	}
	switch g.r.Intn(5) {
	case 0:
		return neg(g.expr(depth - 1))
	case 1:
		return ite(g.cond(depth-1), g.expr(depth-1), g.expr(depth-1))
	case 2:
		call := &protocol.Call{Func: []string{"f", "g"}[g.r.Intn(2)]}
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			call.Args = append(call.Args, g.expr(depth-1))
		}
		return call
	}
	return bin(protocol.BinOp(g.r.Intn(5)), g.expr(depth-1), g.expr(depth-1))
}

func (g *gen) cond(depth int) protocol.Cond {
	if depth == 0 || g.r.Intn(5) == 0 {
		return &protocol.BoolLit{Value: g.r.Intn(2) == 0}
	}
	switch g.r.Intn(4) {
	case 0:
		return not(g.cond(depth - 1))
	case 1:
		return logic(protocol.LogicOp(g.r.Intn(2)), g.cond(depth-1), g.cond(depth-1))
	}
	return cmp(protocol.CmpOp(g.r.Intn(6)), g.expr(depth-1), g.expr(depth-1))
}

func (g *gen) block(depth int) *protocol.Block {
	b := &protocol.Block{}
	for n := g.r.Intn(4); n > 0; n-- {
		b.Stmts = append(b.Stmts, g.stmt(depth))
	}
	return b
}

func (g *gen) stmt(depth int) protocol.Stmt {
	choice := g.r.Intn(6)
	if depth == 0 {
		choice = g.r.Intn(3)
	}
	switch choice {
	case 0:
		return &protocol.Sync{}
	case 1:
		a := &protocol.Access{Mode: protocol.Mode(g.r.Intn(3)), Array: "A"}
		for n := 1 + g.r.Intn(3); n > 0; n-- {
			a.Index = append(a.Index, g.expr(2))
		}
		return a
	case 2:
		return &protocol.Assume{Cond: g.cond(2)}
	case 3:
		l := &protocol.Loop{Var: g.name(), Lo: g.expr(2), Hi: g.expr(2), Body: g.block(depth - 1)}
		if g.r.Intn(2) == 0 {
			l.Step = g.expr(1)
		}
		return l
	case 4:
		s := &protocol.If{Cond: g.cond(2), Then: g.block(depth - 1)}
		if g.r.Intn(2) == 0 {
			s.Else = g.block(depth - 1) // sometimes a lone If: printed as else-if
		}
		return s
	}
	return g.block(depth - 1)
}

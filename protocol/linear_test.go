package protocol_test

import (
	"math/rand"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

func TestLinearDiff(t *testing.T) {
	tests := []struct{ x, y, want string }{
		{"n * v + n", "n * v + i", "n - i"},
		{"65536 * (b + k * g) + 65536", "65536 * (b + k * g) + (t + j * d)", "-t - j * d + 65536"},
		{"x + 3", "x", "3"},
		{"x", "x", "0"},
		{"2 * x + y", "x - y", "x + 2 * y"},
		{"a * b + 1", "b * a", "a * b - b * a + 1"}, // products are atoms, compared as written
		{"-(x - 4)", "0", "-x + 4"},
		{"x / 2", "1", "x / 2 - 1"},
	}
	for _, tt := range tests {
		x, y := parse(t, tt.x), parse(t, tt.y)
		got := protocol.LinearDiff(protocol.Pos{}, x, y)
		if s := printer.Node(got); s != tt.want {
			t.Errorf("LinearDiff(%s, %s) = %s, want %s", tt.x, tt.y, s, tt.want)
		}
		for range 20 {
			env := map[string]int64{}
			for _, v := range []string{"a", "b", "d", "g", "i", "j", "k", "n", "t", "v", "x", "y"} {
				env[v] = rand.Int63n(2001) - 1000
			}
			if a, b := value(t, got, env), value(t, x, env)-value(t, y, env); a != b {
				t.Errorf("LinearDiff(%s, %s) = %s is %d at %v, the difference is %d", tt.x, tt.y, printer.Node(got), a, env, b)
			}
		}
	}
}

// TestLinearDiffOverflow: coefficients that do not fit are left alone.
func TestLinearDiffOverflow(t *testing.T) {
	x := parse(t, "4611686018427387904 * (4 * x)")
	got := protocol.LinearDiff(protocol.Pos{}, x, parse(t, "0"))
	if s := printer.Node(got); s != "4611686018427387904 * (4 * x)" {
		t.Errorf("got %s", s)
	}
}

func parse(t *testing.T, s string) protocol.Expr {
	t.Helper()
	e, err := parser.ParseExpr("test", s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// value evaluates the arithmetic of the tests.
func value(t *testing.T, e protocol.Expr, env map[string]int64) int64 {
	switch e := e.(type) {
	case *protocol.IntLit:
		return e.Value
	case *protocol.Var:
		return env[e.Name]
	case *protocol.Neg:
		return -value(t, e.X, env)
	case *protocol.Binary:
		x, y := value(t, e.X, env), value(t, e.Y, env)
		switch e.Op {
		case protocol.Add:
			return x + y
		case protocol.Sub:
			return x - y
		case protocol.Mul:
			return x * y
		case protocol.Div:
			if y == 0 {
				return 0
			}
			return x / y
		}
	}
	t.Fatalf("cannot evaluate %s", printer.Node(e))
	return 0
}

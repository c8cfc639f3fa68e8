package protocol_test

import (
	"math/rand"
	"slices"
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
		case protocol.Mod:
			if y == 0 {
				return 0
			}
			return x % y
		}
	}
	t.Fatalf("cannot evaluate %s", printer.Node(e))
	return 0
}

// TestRadix: x is low + m*high, with the constant's remainder in low
// (floored, so in 0..m-1 for a negative constant too), checked on random
// values; Radices lists the radices whose lower terms are digits, largest
// first.
func TestRadix(t *testing.T) {
	tests := []struct {
		x         string
		m         int64
		low, high string
		coeffs    []int64
	}{
		{"y * 64 + x", 64, "x", "y", []int64{64}},
		{"q * 2048 + r * 4 + e + c * 128", 128, "4 * r + e", "16 * q + c", []int64{2048, 128, 4}},
		{"q * 2048 + r * 4 + e + c * 128", 4, "e", "512 * q + r + 32 * c", []int64{2048, 128, 4}},
		{"y * 32 - 4", 32, "28", "y - 1", []int64{32}},
		{"y * 32 + 70", 32, "6", "y + 2", []int64{32}},
		{"-(y * 8) + x", 8, "x", "-y", []int64{8}},
		{"x / 2 * 6 + x % 2", 6, "x % 2", "x / 2", []int64{6}},
		{"x + y", 16, "x + y", "0", nil},
		// no radix whose lower terms are digits: -3 * y is negative, and
		// 4 * x is no digit below 3
		{"4 * x - 3 * y", 4, "-3 * y", "x", nil},
	}
	for _, tt := range tests {
		x := parse(t, tt.x)
		low, high, ok := protocol.Radix(protocol.Pos{}, x, tt.m)
		if !ok {
			t.Fatalf("Radix(%s, %d) failed", tt.x, tt.m)
		}
		if l, h := printer.Node(low), printer.Node(high); l != tt.low || h != tt.high {
			t.Errorf("Radix(%s, %d) = %s, %s, want %s, %s", tt.x, tt.m, l, h, tt.low, tt.high)
		}
		if got := protocol.Radices(x); !slices.Equal(got, tt.coeffs) {
			t.Errorf("Radices(%s) = %v, want %v", tt.x, got, tt.coeffs)
		}
		for range 20 {
			env := map[string]int64{}
			for _, v := range []string{"c", "e", "q", "r", "x", "y"} {
				env[v] = rand.Int63n(2001) - 1000
			}
			if a, b := value(t, low, env)+tt.m*value(t, high, env), value(t, x, env); a != b {
				t.Errorf("Radix(%s, %d): low + m*high is %d at %v, x is %d", tt.x, tt.m, a, env, b)
			}
		}
	}
}

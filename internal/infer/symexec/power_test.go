package symexec

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// The cases below are what C says of each expression: a power of two
// shifted right by a constant is one or 0 whatever its type; blockDim.x is
// one only when the launch makes it so; a halving loop from a non-negative
// value while v != 0 ends exactly when v > 0 would.

func powerExec() *exec {
	return &exec{k: newKernel("k.cu")}
}

func TestPow2If(t *testing.T) {
	x := powerExec()
	x.k.pow2["@size"] = true
	size := &protocol.Var{At: at, Name: "@size"}
	bdim := &protocol.Builtin{At: at, Kind: protocol.BlockDim}
	tidx := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	n := &protocol.Var{At: at, Name: "n"}
	for _, c := range []struct {
		name       string
		e          protocol.Expr
		ok, always bool
	}{
		{"a loop's power of two", size, true, true},
		{"size / 2", div(at, size, lit(at, 2)), true, true},
		{"size >> 1", &protocol.Binary{At: at, Op: protocol.Shr, X: size, Y: lit(at, 1)}, true, true},
		{"size << 2", &protocol.Binary{At: at, Op: protocol.Shl, X: size, Y: lit(at, 2)}, true, true},
		{"size >> n, n of any sign", &protocol.Binary{At: at, Op: protocol.Shr, X: size, Y: n}, false, false},
		{"blockDim.x, a power of two only if the launch says so", bdim, true, false},
		{"blockDim.x / 2", div(at, bdim, lit(at, 2)), true, false},
		{"blockDim.x / size", div(at, bdim, size), true, false},
		{"threadIdx.x", tidx, false, false},
		{"size - 1", sub(at, size, lit(at, 1)), false, false},
		{"3", lit(at, 3), false, false},
	} {
		cond, ok := x.pow2If(c.e)
		if ok != c.ok || ok && (cond == nil) != c.always {
			t.Errorf("%s: pow2If = %v, %v; want ok %v, unconditional %v", c.name, cond, ok, c.ok, c.always)
		}
		if x.pow2Known(c.e) != (c.ok && c.always) {
			t.Errorf("%s: pow2Known = %v", c.name, !(c.ok && c.always))
		}
	}
	// the condition of blockDim.x holds exactly for 1, 2, ..., 1024
	cond, _ := x.pow2If(bdim)
	for v := int64(0); v <= 2048; v++ {
		want := v >= 1 && v <= 1024 && v&(v-1) == 0
		if got := holds(t, cond, bdim, v); got != want {
			t.Errorf("blockDim.x = %d: condition %v, want %v", v, got, want)
		}
	}
}

// holds evaluates a condition on the comparisons of one expression with
// literals, with e = v.
func holds(t *testing.T, c protocol.Cond, e protocol.Expr, v int64) bool {
	t.Helper()
	switch c := c.(type) {
	case *protocol.Not:
		return !holds(t, c.X, e, v)
	case *protocol.Logic:
		if c.Op == protocol.And {
			return holds(t, c.X, e, v) && holds(t, c.Y, e, v)
		}
		return holds(t, c.X, e, v) || holds(t, c.Y, e, v)
	case *protocol.Cmp:
		k, ok := litValue(c.Y)
		if !ok || !equal(c.X, e) {
			t.Fatalf("unexpected comparison %v", c)
		}
		switch c.Op {
		case protocol.Eq:
			return v == k
		case protocol.Ne:
			return v != k
		}
	}
	t.Fatalf("unexpected condition %T", c)
	return false
}

func TestSignedShiftOfPower(t *testing.T) {
	x := powerExec()
	x.k.pow2["@size"] = true
	size := &protocol.Var{At: at, Name: "@size"}
	// int size >> 1: size is a power of two, so not negative: size / 2,
	// not the floor division of a value of any sign
	got := x.intOp(at, ">>", size, lit(at, 1), ir.I32)
	if want := div(at, size, lit(at, 2)); !equal(got, want) {
		t.Errorf("size >> 1 = %v, want %v", got, want)
	}
	if !x.pow2Known(got) {
		t.Errorf("size >> 1 = %v is not known to be a power of two", got)
	}
	// an int m of any sign keeps the floor division
	m := &protocol.Var{At: at, Name: "m"}
	if _, ok := x.intOp(at, ">>", m, lit(at, 1), ir.I32).(*protocol.Ite); !ok {
		t.Errorf("m >> 1 of a signed m of any sign is not the floor division")
	}
}

func TestHalvingWhileNotZero(t *testing.T) {
	size := &protocol.Var{At: at, Name: "@size"}
	for _, c := range []struct {
		name     string
		s        shape
		loNonNeg bool
		fits     bool
		op       protocol.CmpOp
	}{
		{"halving from a non-negative start while != 0", shape{kind: divShape, factor: 2, op: protocol.Ne, bound: lit(at, 0), lo: div(at, size, lit(at, 2))}, true, true, protocol.Gt},
		{"halving from a start of any sign while != 0 (-1 >> 1 is -1)", shape{kind: divShape, factor: 2, op: protocol.Ne, bound: lit(at, 0), lo: size}, false, false, protocol.Ne},
		{"halving while != 1 (from 0 it never ends): not shaped", shape{kind: divShape, factor: 2, op: protocol.Ne, bound: lit(at, 1), lo: size}, true, false, protocol.Ne},
		{"halving while > 0", shape{kind: divShape, factor: 2, op: protocol.Gt, bound: lit(at, 0), lo: size}, false, true, protocol.Gt},
	} {
		s := c.s
		if fits := directionFits(&s, c.loNonNeg); fits != c.fits || fits && s.op != c.op {
			t.Errorf("%s: directionFits = %v with %v, want %v with %v", c.name, fits, s.op, c.fits, c.op)
		}
	}
}

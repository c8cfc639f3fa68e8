package smtgen

import (
	"math"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
)

// TestBoundAndLeast: from a first model far from the least (x = 5000,
// y = 3000, with x >= 37 and y >= 3 asserted), bound asserts 64, the
// least power of two above both (x >= 37 needs more than 32), and least
// then finds x = 37 and y = 3; values read from memory (zeroFirst) too.
func TestBoundAndLeast(t *testing.T) {
	for _, enc := range []Encoding{Ints, BitVectors} {
		for _, zeroFirst := range []bool{false, true} {
			s := newSolver(10*time.Second, enc)
			e := newEncoder(s.ctx, Env{}, enc)
			x, y := e.int("x"), e.int("y")
			s.s.Assert(e.ge(x, e.lit(37)))
			s.s.Assert(e.ge(y, e.lit(3)))
			s.s.Assert(e.le(x, e.lit(1<<30)))
			s.s.Assert(e.le(y, e.lit(1<<30)))
			s.s.Push()
			s.s.Assert(e.eq(x, e.lit(5000)))
			s.s.Assert(e.eq(y, e.lit(3000)))
			if st, err := s.check(); st != Fails || err != nil {
				t.Fatalf("first model: %v %v", st, err)
			}
			m := s.s.Model()
			s.s.Pop()
			if s.bound(e, &m, []string{"x", "y"}) != Fails {
				t.Fatalf("encoding %d: no bound", enc)
			}
			// 64 is asserted: the query keeps a model, and none above it
			if st, _ := s.check(); st != Fails {
				t.Errorf("encoding %d: bound left no model (%v)", enc, st)
			}
			s.s.Push()
			s.s.Assert(e.gt(x, e.lit(64)))
			if st, _ := s.check(); st != Holds {
				t.Errorf("encoding %d: x > 64 after bound: %v, want no model", enc, st)
			}
			s.s.Pop()
			for _, c := range []struct {
				v    num
				want int64
			}{{x, 37}, {y, 3}} {
				if !s.least(e, &m, c.v, zeroFirst) {
					t.Fatalf("encoding %d: least undecided", enc)
				}
				if got := modelNum(m, c.v); got != c.want {
					t.Errorf("encoding %d, zeroFirst %v: least %d, want %d", enc, zeroFirst, got, c.want)
				}
				// what least asserted keeps the model it returned
				if st, _ := s.check(); st != Fails || modelNum(s.s.Model(), c.v) != c.want {
					t.Errorf("encoding %d, zeroFirst %v: after least, %v", enc, zeroFirst, st)
				}
			}
		}
	}
}

// TestBoundEach: where one constant must exceed every bound of smallModel
// (x >= 2^30 here, an index near 2^32 in a race), the others are still
// made small: y goes from the first model's 3000 to its least, 3, and x
// keeps a value the query allows. Before, the joint bound failed and the
// model was returned as the solver first found it.
func TestBoundEach(t *testing.T) {
	for _, enc := range []Encoding{Ints, BitVectors} {
		s := newSolver(10*time.Second, enc)
		e := newEncoder(s.ctx, Env{Info: &protocol.Info{}}, enc)
		x, y := e.int("x"), e.int("y")
		s.s.Assert(e.ge(x, e.lit(1<<30)))
		s.s.Assert(e.le(x, e.lit(1<<40)))
		s.s.Assert(e.ge(y, e.lit(3)))
		s.s.Assert(e.le(y, e.lit(1<<30)))
		s.s.Push()
		s.s.Assert(e.eq(x, e.lit(1<<35)))
		s.s.Assert(e.eq(y, e.lit(3000)))
		if st, err := s.check(); st != Fails || err != nil {
			t.Fatalf("first model: %v %v", st, err)
		}
		m := s.s.Model()
		s.s.Pop()
		// bound's failure asserts nothing: m is still a model
		if st := s.bound(e, &m, []string{"x", "y"}); st != Holds {
			t.Errorf("encoding %d: joint bound %v, want none (Holds)", enc, st)
		}
		got := s.smallFrom(e, m)
		if v := modelNum(got, y); v != 3 {
			t.Errorf("encoding %d: y = %d, want 3", enc, v)
		}
		if v := modelNum(got, x); v < 1<<30 || v > 1<<40 {
			t.Errorf("encoding %d: x = %d, outside the query's range", enc, v)
		}
	}
}

// TestMagnitude: the measure a witness is minimized by is |x| without a
// taint, and in the bit-vector encoding the least int64 is the greatest
// (its negation overflows). With abs, |-2^63| was a free value, so least
// on an unconstrained access choice found 0 at -2^63: the witness was
// then inexact by that term alone, and a portfolio waited for the integer
// encoding to time out (30 s) on a race the bit-vector one had in 0.5 s.
func TestMagnitude(t *testing.T) {
	for _, tc := range []struct{ x, want int64 }{
		{0, 0}, {5, 5}, {-5, 5}, {math.MaxInt64, math.MaxInt64}, {math.MinInt64, math.MaxInt64},
	} {
		s := newSolver(10*time.Second, BitVectors)
		e := newEncoder(s.ctx, Env{}, BitVectors)
		x := e.int("x")
		s.s.Assert(e.eq(x, e.lit(tc.x)))
		mag := e.magnitude(x)
		if mag.tainted {
			t.Errorf("magnitude of %d is tainted", tc.x)
		}
		if st, err := s.check(); st != Fails || err != nil {
			t.Fatalf("%d: %v %v", tc.x, st, err)
		}
		if got := modelNum(s.s.Model(), mag); got != tc.want {
			t.Errorf("magnitude of %d = %d, want %d", tc.x, got, tc.want)
		}
	}
	// an unconstrained value minimized by its magnitude is 0
	s := newSolver(10*time.Second, BitVectors)
	e := newEncoder(s.ctx, Env{}, BitVectors)
	x := e.int("x")
	s.s.Assert(e.ne(x, e.lit(0)).Or(e.eq(x, e.lit(0))))
	if st, _ := s.check(); st != Fails {
		t.Fatal("no model")
	}
	m := s.s.Model()
	if !s.least(e, &m, e.magnitude(x), false) || modelNum(m, x) != 0 {
		t.Errorf("least |x| left x = %d, want 0", modelNum(m, x))
	}
}

// TestExactIsTheQuerys: a witness is exact when the terms of its query
// do not overflow in its model; a term made after the query was decided
// (to read or minimize the model) does not count.
func TestExactIsTheQuerys(t *testing.T) {
	s := newSolver(10*time.Second, BitVectors)
	e := newEncoder(s.ctx, Env{}, BitVectors)
	x := e.int("x")
	sum := e.add(x, e.lit(1)) // overflows at x = MaxInt64: tainted
	s.s.Assert(e.ge(sum, e.lit(0)))
	s.s.Assert(e.eq(x, e.lit(3)))
	if st, _ := s.check(); st != Fails {
		t.Fatal("no model")
	}
	e.seal()
	// made after the query: its taint holds in the model (3 * 2^62
	// overflows)
	later := e.arith(protocol.Mul, x, e.lit(1<<62))
	if !later.tainted {
		t.Fatal("the product is not tainted")
	}
	m := s.s.Model()
	if !e.exact(m) {
		t.Error("inexact by a term made after the query")
	}
	e.queryTaints = -1 // unsealed
	if e.exact(m) {
		t.Error("exact though a term of the query (all, unsealed) overflows")
	}
}

// TestAppsOnce: an application met twice (read by both threads, or at
// two sites) is minimized once: again, every check of its bisection
// fails, 33 of them for a value near 2^32.
func TestAppsOnce(t *testing.T) {
	for _, enc := range []Encoding{Ints, BitVectors} {
		s := newSolver(10*time.Second, enc)
		e := newEncoder(s.ctx, Env{}, enc)
		read := func(arg int64) *protocol.Call {
			return &protocol.Call{Func: "d_u32", Args: []protocol.Expr{&protocol.IntLit{Value: arg}}}
		}
		for _, x := range []protocol.Expr{read(4), read(4), read(8), read(4)} {
			e.expr(x, scope{thread: 1})
		}
		if len(e.apps) != 2 {
			t.Errorf("encoding %d: %d applications to minimize, want 2 (d_u32(4), d_u32(8))", enc, len(e.apps))
		}
	}
}

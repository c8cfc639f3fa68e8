package smtgen

import (
	"testing"
	"time"
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
			if !s.bound(e, &m, []string{"x", "y"}) {
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

package cudagen

import (
	"errors"
	"strings"
	"testing"
)

// TestInterpreterWrap checks the interpreter's verdicts on wrap-around
// indices (genwrap.go): 32-bit unsigned products and sums that wrap, a
// negative int converted to unsigned, widenings to unsigned long long of a
// wrapped value and of a negative int, and 64-bit products that do not
// wrap. Each racy kernel is race-free in unbounded integers.
func TestInterpreterWrap(t *testing.T) {
	x := func() Expr { return tidx(0) }
	ull := func(e Expr) Expr { return &Cast{T: tULong, X: e} }
	tests := []struct {
		name    string
		threads int
		n       int64 // the int parameter
		stmt    func(b *kb) Stmt
		want    Verdict
		race    string
		size    int // the shared array's size
	}{
		// 8 * 2^30 wraps to 0: threads 0 and 4 meet (unbounded: 0, 4, 8, ...)
		{"(x * 2^30) >> 28, 8 threads", 8, 0, func(b *kb) Stmt {
			return set(b.S(bin(">>", bin("*", x(), uintLit(1<<30)), intLit(28))), b.T())
		}, Racy, "s[0]", 13},
		{"(x * 2^30) >> 28, 4 threads", 4, 0, func(b *kb) Stmt {
			return set(b.S(bin(">>", bin("*", x(), uintLit(1<<30)), intLit(28))), b.T())
		}, DRF, "", 13},
		// x - 1 modulo 2^32 then % 48: thread 0 gets 2^32 - 1 = 15 (mod 48), as thread 16
		{"(x + 0xFFFFFFFFu) % 48u, 48 threads", 48, 0, func(b *kb) Stmt {
			return set(b.S(bin("%", bin("+", x(), uintLit(0xFFFFFFFF)), uintLit(48))), b.T())
		}, Racy, "s[15]", 47},
		{"(x + 0xFFFFFFFFu) & 63u, 64 threads", 64, 0, func(b *kb) Stmt {
			return set(b.S(bin("&", bin("+", x(), uintLit(0xFFFFFFFF)), uintLit(63))), b.T())
		}, DRF, "", 64},
		// every even thread's product wraps to 0
		{"if (x * 2^31 == 0) s[0]", 4, 0, func(b *kb) Stmt {
			return iff(bin("==", bin("*", x(), uintLit(1<<31)), uintLit(0)), set(b.S(intLit(0)), b.T()))
		}, Racy, "s[0]", 1},
		{"if (x + 0xFFFFFFFFu < 0xFFFFFFFFu) s[0]: an overflow test", 3, 0, func(b *kb) Stmt {
			return iff(bin("<", bin("+", x(), uintLit(0xFFFFFFFF)), uintLit(0xFFFFFFFF)), set(b.S(intLit(0)), b.T()))
		}, Racy, "s[0]", 1},
		{"if (x + 0xFFFFFFFDu == 0u) s[0]: one thread", 8, 0, func(b *kb) Stmt {
			return iff(bin("==", bin("+", x(), uintLit(0xFFFFFFFD)), uintLit(0)), set(b.S(intLit(0)), b.T()))
		}, DRF, "", 1},
		// the wrapped 32-bit product widened: 0, 2^31 % 48 = 32, 0
		{"(unsigned long long)(x * 2^31) % 48u, 3 threads", 3, 0, func(b *kb) Stmt {
			return set(b.S(bin("%", ull(bin("*", x(), uintLit(1<<31))), uintLit(48))), b.T())
		}, Racy, "s[0]", 33},
		// the product in 64 bits: 0, 32, 16
		{"(unsigned long long)x * 2^31 % 48u, 3 threads", 3, 0, func(b *kb) Stmt {
			return set(b.S(bin("%", bin("*", ull(x()), uintLit(1<<31)), uintLit(48))), b.T())
		}, DRF, "", 33},
		// n = -3 converted to 2^32 - 3: threads 0, 1, 2 get 13, 14, 15 (2^32 = 16 mod 40), as 16, 17, 18
		{"(x + n) % 40u, n = -3", 40, -3, func(b *kb) Stmt {
			return set(b.S(bin("%", bin("+", x(), ref(b.n)), uintLit(40))), b.T())
		}, Racy, "s[13]", 37},
		{"(x + n) % 64u, n = -3", 64, -3, func(b *kb) Stmt {
			return set(b.S(bin("%", bin("+", x(), ref(b.n)), uintLit(64))), b.T())
		}, DRF, "", 64},
		// sign-extended to 2^64 - 3 + tid: 2^64 = 16 mod 40 too
		{"(unsigned long long)(tid + n) % 40u, n = -3", 40, -3, func(b *kb) Stmt {
			return set(b.S(bin("%", ull(bin("+", b.T(), ref(b.n))), uintLit(40))), b.T())
		}, Racy, "s[13]", 37},
		// thread 0 gets (2^64 - 1) % 13 = 2 (2^64 = 3 mod 13), as thread 3;
		// in 32 bits it would be (2^32 - 1) % 13 = 2^32 mod 13 - 1 = 8, as thread 9
		{"(unsigned long long)(tid + n) % 13u, n = -1, 12 threads", 12, -1, func(b *kb) Stmt {
			return set(b.S(bin("%", ull(bin("+", b.T(), ref(b.n))), uintLit(13))), b.T())
		}, Racy, "s[2]", 11},
		{"(tid + n) % 13u, n = -1, 12 threads", 12, -1, func(b *kb) Stmt {
			return set(b.S(bin("%", &Cast{T: tUint, X: bin("+", b.T(), ref(b.n))}, uintLit(13))), b.T())
		}, Racy, "s[8]", 11},
		// (int)(x * 2^30) < 0 for x % 4 in {2, 3}: two writers per group of 4
		{"if ((int)(x * 2^30) < 0) s[x / 4u]", 8, 0, func(b *kb) Stmt {
			return iff(bin("<", &Cast{T: tInt, X: bin("*", x(), uintLit(1<<30))}, intLit(0)), set(b.S(bin("/", x(), uintLit(4))), b.T()))
		}, Racy, "", 2},
		{"if (x * 2^30 == 2^31) s[x / 4u]", 8, 0, func(b *kb) Stmt {
			return iff(bin("==", bin("*", x(), uintLit(1<<30)), uintLit(1<<31)), set(b.S(bin("/", x(), uintLit(4))), b.T()))
		}, DRF, "", 2},
		// (unsigned char) of the top byte
		{"(unsigned char)((x * 0x9E3779B9u) >> 24)", 16, 0, func(b *kb) Stmt {
			return set(b.S(&Cast{T: tUChar, X: bin(">>", bin("*", x(), uintLit(0x9E3779B9)), intLit(24))}), b.T())
		}, DRF, "", 0},
	}
	for _, tc := range tests {
		b := newKB(tc.threads, 1, tc.n, [2]int64{})
		c, err := b.add(tc.stmt(b)).run(t)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if c.Expect != tc.want || !strings.Contains(c.Race, tc.race) {
			t.Errorf("%s: %s (%s), want %s (%s)\n%s", tc.name, c.Expect, c.Race, tc.want, tc.race, c.Source)
		}
		if tc.size > 0 && b.s.Dims[0] != tc.size {
			t.Errorf("%s: s has %d elements, want %d\n%s", tc.name, b.s.Dims[0], tc.size, c.Source)
		}
	}
}

// TestInterpreterWrapRejects checks that the 64-bit arithmetic keeps C's
// undefined behaviour out.
func TestInterpreterWrapRejects(t *testing.T) {
	tests := []struct {
		name string
		n    int64
		e    func(b *kb) Expr
		kind errKind
	}{
		{"long long overflow", 2000000000, func(b *kb) Expr {
			ll := func() Expr { return &Cast{T: tLong, X: ref(b.n)} }
			return bin("*", bin("*", ll(), ll()), ll())
		}, errUB},
		{"a 64-bit shift by 64", 64, func(b *kb) Expr {
			return bin("<<", &Cast{T: tULong, X: tidx(0)}, ref(b.n))
		}, errUB},
		{"unsigned long long wraps to a huge index", 0, func(b *kb) Expr {
			return bin("-", &Cast{T: tULong, X: tidx(0)}, uintLit(1))
		}, errNegIndex},
	}
	for _, tc := range tests {
		b := newKB(4, 1, tc.n, [2]int64{})
		var s Stmt
		if tc.kind == errNegIndex {
			s = set(b.S(tc.e(b)), intLit(1))
		} else {
			s = &Decl{V: local("x"), Init: &Cast{T: tInt, X: tc.e(b)}}
		}
		_, err := b.add(s).run(t)
		var re *runError
		if !errors.As(err, &re) || re.kind != tc.kind {
			t.Errorf("%s: %v, want an error of kind %d", tc.name, err, tc.kind)
		}
	}
	// a local of a 64-bit type is not a kernel of the package
	b := newKB(4, 1, 0, [2]int64{})
	_, err := b.add(&Decl{V: &Var{Name: "w", Kind: VLocal, T: tULong}, Init: tidx(0)}).run(t)
	if err == nil || !strings.Contains(err.Error(), "64-bit") {
		t.Errorf("a 64-bit local: %v, want a rejection", err)
	}
}

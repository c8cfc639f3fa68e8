package symexec

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

func TestTypeRange(t *testing.T) {
	for _, c := range []struct {
		t    ir.Type
		want interval
	}{
		{ir.Type{Kind: ir.Int, Size: 4}, interval{0, 1<<32 - 1}},
		{ir.Type{Kind: ir.Int, Size: 4, Signed: true}, interval{-1 << 31, 1<<31 - 1}},
		{ir.Type{Kind: ir.Int, Size: 1}, interval{0, 255}},
		{ir.Type{Kind: ir.Int, Size: 2, Signed: true}, interval{-32768, 32767}},
		// a size_t is never negative; 64-bit values are not bounded above
		{ir.Type{Kind: ir.Int, Size: 8}, interval{0, inf}},
		{ir.Type{Kind: ir.Int, Size: 8, Signed: true}, anyInt},
		{ir.Type{Kind: ir.Bool, Size: 1}, interval{0, 1}},
	} {
		if got := typeRange(c.t); got != c.want {
			t.Errorf("typeRange(%+v) = %v, want %v", c.t, got, c.want)
		}
	}
}

func TestSatMul(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{3, 4, 12},
		{-3, 4, -12},
		{1 << 31, 1 << 31, inf},
		{-(1 << 40), 1 << 40, -inf},
		{inf, 0, 0},
		{inf, -1, -inf},
	} {
		if got := satMul(c.a, c.b); got != c.want {
			t.Errorf("satMul(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestRanges checks rangeOf on expressions over the built-in variables
// (CUDA's limits) and a parameter registered as a C int.
func TestRanges(t *testing.T) {
	b := func(k protocol.BuiltinKind, d int) protocol.Expr { return &protocol.Builtin{Kind: k, Dim: d} }
	tid, bid, bdim, gdim := b(protocol.ThreadIdx, 0), b(protocol.BlockIdx, 0), b(protocol.BlockDim, 0), b(protocol.GridDim, 0)
	n, u := &protocol.Var{Name: "n"}, &protocol.Var{Name: "u"}
	bin := func(op protocol.BinOp, x, y protocol.Expr) protocol.Expr { return &protocol.Binary{Op: op, X: x, Y: y} }
	c := func(v int64) protocol.Expr { return &protocol.IntLit{Value: v} }
	for _, tc := range []struct {
		name string
		e    protocol.Expr
		want interval
	}{
		{"threadIdx.x", tid, interval{0, 1023}},
		{"threadIdx.z", b(protocol.ThreadIdx, 2), interval{0, 63}},
		{"blockIdx.y", b(protocol.BlockIdx, 1), interval{0, 65534}},
		// the launch assumption: fewer than 2^31 threads along x
		{"global index", bin(protocol.Add, bin(protocol.Mul, bid, bdim), tid), interval{0, 1<<31 - 1}},
		{"blockIdx.x * 2 * blockDim.x", bin(protocol.Mul, bin(protocol.Mul, bid, c(2)), bdim), interval{0, 1<<32 - 2}},
		{"grid size", bin(protocol.Mul, gdim, bdim), interval{1, 1 << 31}},
		{"tid - 1", bin(protocol.Sub, tid, c(1)), interval{-1, 1022}},
		{"n * 8", bin(protocol.Mul, n, c(8)), interval{-1 << 34, 1<<34 - 8}},
		{"n % 48", bin(protocol.Mod, n, c(48)), interval{-47, 47}},
		{"tid % 48", bin(protocol.Mod, tid, c(48)), interval{0, 47}},
		// a quotient of a non-negative value is bounded by the divisor's range
		{"tid / 2", bin(protocol.Div, tid, c(2)), interval{0, 511}},
		{"tid / blockDim.x", bin(protocol.Div, tid, bdim), interval{0, 1023}},
		// the operands' ranges are taken apart: 1024 / 1025 to 2047 / 2
		{"(tid + 1024) / (tid + 2)", bin(protocol.Div, bin(protocol.Add, tid, c(1024)), bin(protocol.Add, tid, c(2))), interval{0, 1023}},
		{"n / 4", bin(protocol.Div, n, c(4)), interval{-1 << 31, 1<<31 - 1}},
		{"tid >> 3", bin(protocol.Shr, tid, c(3)), interval{0, 127}},
		// inf stands for any larger value (u is up to 2^64 - 1): no
		// quotient of it is below inf / 4
		{"u / 4", bin(protocol.Div, u, c(4)), interval{0, inf}},
		{"u >> 2", bin(protocol.Shr, u, c(2)), interval{0, inf}},
		{"tid & n", bin(protocol.BitAnd, tid, n), interval{0, 1023}},
		// tid & n keeps some of tid's bits: at most tid
		{"2*tid - (tid & n)", bin(protocol.Sub, bin(protocol.Mul, c(2), tid), bin(protocol.BitAnd, tid, n)), interval{0, 2046}},
		{"tid - (n & tid)", bin(protocol.Sub, tid, bin(protocol.BitAnd, n, tid)), interval{0, 1023}},
		// n may be negative: n & tid is in [0, tid], n - (n & tid) not above n
		{"n - (n & tid)", bin(protocol.Sub, n, bin(protocol.BitAnd, n, tid)), interval{-1<<31 - 1023, 1<<31 - 1}},
		{"tid ^ 5", bin(protocol.BitXor, tid, c(5)), interval{0, 1023}},
		{"an unknown name", &protocol.Var{Name: "m"}, anyInt},
	} {
		k := newKernel("k.cu")
		k.limits([3]int64{}, [3]int64{}, [3]int64{}, [3]int64{})
		x := &exec{k: k}
		k.kinds["n"] = protocol.Param
		k.setRange("n", typeRange(ir.Type{Kind: ir.Int, Size: 4, Signed: true}))
		k.kinds["u"] = protocol.Param
		k.setRange("u", typeRange(ir.Type{Kind: ir.Int, Size: 8}))
		if got := x.rangeOf(tc.e); got != tc.want {
			t.Errorf("%s: rangeOf = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLimits checks the bounds of the built-in variables under given
// launches: a given block of 16 threads leaves 2^27 blocks to the launch
// assumption; a given grid is taken as given, beyond CUDA's limits too;
// a block of one size is that size (blockDim.x is then a number), where
// two sizes given leave the hardware's limit above the larger.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		name                        string
		maxBlock, maxGrid, minBlock [3]int64
		wantBlock, wantGrid         [3]int64
	}{
		{"default", [3]int64{}, [3]int64{}, [3]int64{}, [3]int64{1024, 1024, 64}, [3]int64{1<<31 - 1, 65535, 65535}},
		{"16 threads", [3]int64{16, 1, 1}, [3]int64{}, [3]int64{16, 1, 1}, [3]int64{16, 1, 1}, [3]int64{1 << 27, 65535, 65535}},
		{"16 or 32 threads", [3]int64{32, 1, 1}, [3]int64{}, [3]int64{16, 1, 1}, [3]int64{1024, 1, 1}, [3]int64{1 << 27, 65535, 65535}},
		{"16 by any threads", [3]int64{16, 0, 1}, [3]int64{}, [3]int64{16, 0, 1}, [3]int64{16, 1024, 1}, [3]int64{1 << 27, 65535, 65535}},
		{"2048 threads, 64 blocks", [3]int64{2048, 1, 1}, [3]int64{64, 0, 0}, [3]int64{2048, 1, 1}, [3]int64{2048, 1, 1}, [3]int64{64, 65535, 65535}},
	} {
		k := newKernel("k.cu")
		k.limits(c.maxBlock, c.maxGrid, c.minBlock, [3]int64{})
		if k.maxBlock != c.wantBlock || k.maxGrid != c.wantGrid {
			t.Errorf("%s: limits %v %v, want %v %v", c.name, k.maxBlock, k.maxGrid, c.wantBlock, c.wantGrid)
		}
	}
}

// TestGivenGrid checks that a grid given by flags replaces the launch
// assumption: blockIdx.x * blockDim.x then takes its bounds' product.
func TestGivenGrid(t *testing.T) {
	b := func(k protocol.BuiltinKind) protocol.Expr { return &protocol.Builtin{Kind: k} }
	e := &protocol.Binary{Op: protocol.Mul, X: b(protocol.BlockIdx), Y: b(protocol.BlockDim)}
	k := newKernel("k.cu")
	k.limits([3]int64{}, [3]int64{1 << 30, 1, 1}, [3]int64{}, [3]int64{})
	x := &exec{k: k}
	if got, want := x.rangeOf(e), (interval{0, (1<<30 - 1) * 1024}); got != want {
		t.Errorf("rangeOf(blockIdx.x * blockDim.x) = %v under a grid of 2^30, want %v", got, want)
	}
	// one grid given (as the flags give it): gridDim is that number, and
	// the grid-stride of a block of 256 threads is a literal; two grids
	// given leave gridDim between 1 and the larger
	for _, c := range []struct {
		name             string
		maxGrid, minGrid [3]int64
		want             interval
	}{
		{"one grid", [3]int64{64, 2, 1}, [3]int64{64, 2, 1}, interval{64, 64}},
		{"two grids", [3]int64{64, 2, 1}, [3]int64{32, 2, 1}, interval{1, 64}},
		{"any grid along x", [3]int64{0, 2, 1}, [3]int64{0, 2, 1}, interval{1, 1 << 31 / 256}},
	} {
		k := newKernel("k.cu")
		k.limits([3]int64{256, 1, 1}, c.maxGrid, [3]int64{256, 1, 1}, c.minGrid)
		x := &exec{k: k}
		if got := x.rangeOf(b(protocol.GridDim)); got != c.want {
			t.Errorf("%s: rangeOf(gridDim.x) = %v, want %v", c.name, got, c.want)
		}
		_, isConst := x.constValue(b(protocol.GridDim))
		if isConst != (c.want.lo == c.want.hi) {
			t.Errorf("%s: gridDim.x a constant: %v", c.name, isConst)
		}
	}
}

// TestNarrowRanges checks what a precondition tells of an int parameter
// n: with a block of 32 threads given, n == blockDim.x * 2 makes n 64,
// also where n is compared as C compares an int with an unsigned (its
// residue modulo 2^32); a residue bounded above by less than 2^31 puts n
// in [0, bound], one bounded below says nothing (n may be negative), nor
// does an equality with a residue that a negative n has.
func TestNarrowRanges(t *testing.T) {
	n := &protocol.Var{At: at, Name: "n"}
	bdim := &protocol.Builtin{At: at, Kind: protocol.BlockDim}
	twice := &protocol.Binary{At: at, Op: protocol.Mul, X: bdim, Y: lit(at, 2)}
	residue := ite(at, cmp(at, protocol.Ge, n, lit(at, 0)), n, add(at, n, lit(at, 1<<32)))
	intRange := interval{-1 << 31, 1<<31 - 1}
	for _, c := range []struct {
		name  string
		block [3]int64
		c     protocol.Cond
		want  interval
	}{
		{"n == blockDim.x * 2", [3]int64{32, 1, 1}, cmp(at, protocol.Eq, n, twice), interval{64, 64}},
		{"blockDim.x * 2 == n", [3]int64{32, 1, 1}, cmp(at, protocol.Eq, twice, n), interval{64, 64}},
		{"(unsigned)n == blockDim.x * 2", [3]int64{32, 1, 1}, cmp(at, protocol.Eq, residue, twice), interval{64, 64}},
		{"n == blockDim.x * 2, any block", [3]int64{}, cmp(at, protocol.Eq, n, twice), interval{2, 2048}},
		{"n < blockDim.x", [3]int64{32, 1, 1}, cmp(at, protocol.Lt, n, bdim), interval{-1 << 31, 31}},
		{"(unsigned)n <= 100", [3]int64{}, cmp(at, protocol.Le, residue, lit(at, 100)), interval{0, 100}},
		{"(unsigned)n >= 100", [3]int64{}, cmp(at, protocol.Ge, residue, lit(at, 100)), intRange},
		{"(unsigned)n == 2^31 + 5", [3]int64{}, cmp(at, protocol.Eq, residue, lit(at, 1<<31+5)), intRange},
		{"(unsigned)n != 3", [3]int64{}, cmp(at, protocol.Ne, residue, lit(at, 3)), intRange},
	} {
		x := &exec{k: newKernel("k.cu")}
		x.k.limits(c.block, [3]int64{}, c.block, [3]int64{})
		x.k.kinds["n"] = protocol.Param
		x.k.setRange("n", intRange)
		x.narrowRanges(c.c)
		if got := x.k.ranges["n"]; got != c.want {
			t.Errorf("%s: n in %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBelowDivisor checks the folding of a division, shift, remainder or
// mask of a value below the divisor: in a block of 32 threads,
// threadIdx.x >> 5 is 0 and threadIdx.x & 31 is threadIdx.x (sha1's
// shared-memory layout); in a block of 64 they stay operations, as does a
// mask that is not 2^k - 1 and a value that may be negative.
func TestBelowDivisor(t *testing.T) {
	tid := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	m := &protocol.Var{At: at, Name: "m"}
	zero := lit(at, 0)
	for _, c := range []struct {
		name  string
		block int64
		op    string
		a     protocol.Expr
		k     int64
		want  protocol.Expr // nil: not folded
	}{
		{"tid >> 5", 32, ">>", tid, 5, zero},
		{"tid / 32", 32, "/", tid, 32, zero},
		{"tid % 32", 32, "%", tid, 32, tid},
		{"tid & 31", 32, "&", tid, 31, tid},
		{"tid & 63", 32, "&", tid, 63, tid},
		{"tid >> 5 of 64 threads", 64, ">>", tid, 5, nil},
		{"tid & 31 of 64 threads", 64, "&", tid, 31, nil},
		{"tid % 33", 64, "%", tid, 33, nil},
		{"tid & 30", 32, "&", tid, 30, nil},
		{"m % 8, m of any sign", 32, "%", m, 8, nil},
	} {
		x := &exec{k: newKernel("k.cu")}
		b := [3]int64{c.block, 1, 1}
		x.k.limits(b, [3]int64{}, b, [3]int64{})
		x.k.setRange("m", interval{-4, 4})
		got, ok := x.belowDivisor(c.a, c.op, c.k)
		if ok != (c.want != nil) || ok && !equal(got, c.want) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, ok, c.want)
		}
	}
}

// TestDisjointBits checks that | and ^ of two fields that share no bit
// become a sum, and that fields which may overlap stay bitwise: in a block
// of 64 threads, (tid % 8) * 8 | tid / 8 is the sum (the transpose of an
// 8x8 square), but (tid % 8) * 4 | tid / 8 is not (bit 2 is in both
// fields: thread 1 gives 4 | 0 and thread 32 gives 0 | 4, so a sum would
// tell 36 from 4 where C gives 4 and 4), nor is m * 8 | tid % 16.
func TestDisjointBits(t *testing.T) {
	tid := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	m := &protocol.Var{At: at, Name: "m"}
	lane, row := mod(at, tid, lit(at, 8)), div(at, tid, lit(at, 8))
	for _, c := range []struct {
		name string
		a, b protocol.Expr
		sum  bool
	}{
		{"lane * 8 | row", mul(at, lane, lit(at, 8)), row, true},
		{"row | lane * 8", row, mul(at, lane, lit(at, 8)), true},
		{"(m * 2 + 6) * 32 | tid", mul(at, add(at, mul(at, m, lit(at, 2)), lit(at, 6)), lit(at, 32)), tid, true},
		{"-64 | tid", lit(at, -64), tid, true},
		{"lane * 4 | row", mul(at, lane, lit(at, 4)), row, false},
		{"m * 8 | tid % 16", mul(at, m, lit(at, 8)), mod(at, tid, lit(at, 16)), false},
		{"m * 8 | m", mul(at, m, lit(at, 8)), m, false},
		{"lane * 8 | tid % 9: 8 | 8 is 8", mul(at, lane, lit(at, 8)), mod(at, tid, lit(at, 9)), false},
		{"tid / 8 * 8 | tid % 8", mul(at, row, lit(at, 8)), lane, true},
		{"(m & -8) | tid % 8", &protocol.Binary{At: at, Op: protocol.BitAnd, X: m, Y: lit(at, -8)}, lane, true},
		{"(m & 12) | tid % 8", &protocol.Binary{At: at, Op: protocol.BitAnd, X: m, Y: lit(at, 12)}, lane, false},
	} {
		x := &exec{k: newKernel("k.cu")}
		b := [3]int64{64, 1, 1}
		x.k.limits(b, [3]int64{}, b, [3]int64{})
		x.k.setRange("m", interval{-4, 4})
		got, ok := x.disjointBits(at, c.a, c.b)
		if ok != c.sum || ok && !equal(got, add(at, c.a, c.b)) {
			t.Errorf("%s: %v, %v; want a sum: %v", c.name, got, ok, c.sum)
		}
	}
}

// TestHighMaskBelow checks that clearing the k low bits of a value below
// 2^k gives 0: tid & ~63 in a block of 64 threads, but not in one of 128.
func TestHighMaskBelow(t *testing.T) {
	tid := &protocol.Builtin{At: at, Kind: protocol.ThreadIdx}
	for _, c := range []struct {
		block int64
		zero  bool
	}{{64, true}, {128, false}} {
		x := &exec{k: newKernel("k.cu")}
		b := [3]int64{c.block, 1, 1}
		x.k.limits(b, [3]int64{}, b, [3]int64{})
		got := x.intOp(at, "&", tid, lit(at, -64), ir.U32)
		if k, ok := litValue(got); ok != c.zero || ok && k != 0 {
			t.Errorf("tid & ~63 in a block of %d threads: %v", c.block, got)
		}
	}
}

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
	n := &protocol.Var{Name: "n"}
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
		{"tid / 2", bin(protocol.Div, tid, c(2)), interval{0, 1023}},
		{"tid & n", bin(protocol.BitAnd, tid, n), interval{0, 1023}},
		{"tid ^ 5", bin(protocol.BitXor, tid, c(5)), interval{0, 1023}},
		{"an unknown name", &protocol.Var{Name: "m"}, anyInt},
	} {
		k := newKernel("k.cu")
		k.limits([3]int64{}, [3]int64{}, [3]int64{})
		x := &exec{k: k}
		k.kinds["n"] = protocol.Param
		k.setRange("n", typeRange(ir.Type{Kind: ir.Int, Size: 4, Signed: true}))
		if got := x.rangeOf(tc.e); got != tc.want {
			t.Errorf("%s: rangeOf = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLimits checks the bounds of the built-in variables under given
// launches: a given block of 16 threads leaves 2^27 blocks to the launch
// assumption; a given grid is taken as given, beyond CUDA's limits too.
func TestLimits(t *testing.T) {
	for _, c := range []struct {
		name                        string
		maxBlock, maxGrid, minBlock [3]int64
		wantBlock, wantGrid         [3]int64
	}{
		{"default", [3]int64{}, [3]int64{}, [3]int64{}, [3]int64{1024, 1024, 64}, [3]int64{1<<31 - 1, 65535, 65535}},
		{"16 threads", [3]int64{16, 1, 1}, [3]int64{}, [3]int64{16, 1, 1}, [3]int64{1024, 1024, 64}, [3]int64{1 << 27, 65535, 65535}},
		{"2048 threads, 64 blocks", [3]int64{2048, 1, 1}, [3]int64{64, 0, 0}, [3]int64{2048, 1, 1}, [3]int64{2048, 1024, 64}, [3]int64{64, 65535, 65535}},
	} {
		k := newKernel("k.cu")
		k.limits(c.maxBlock, c.maxGrid, c.minBlock)
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
	k.limits([3]int64{}, [3]int64{1 << 30, 1, 1}, [3]int64{})
	x := &exec{k: k}
	if got, want := x.rangeOf(e), (interval{0, (1<<30 - 1) * 1024}); got != want {
		t.Errorf("rangeOf(blockIdx.x * blockDim.x) = %v under a grid of 2^30, want %v", got, want)
	}
}

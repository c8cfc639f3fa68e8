package symexec

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/protocol"
)

// TestSaturating checks the tables of variables scaled beside a counted
// loop: halving 256 gives 256, 128, ..., 1 and then 0 for good (10
// entries); doubling an unsigned 1 gives 2^0 .. 2^31 and then 0 modulo
// 2^32 (33 entries); a product of a signed or narrower type, which C
// would not wrap so or which is reduced at each assignment, has no
// table, nor has a quotient of a value that may be negative or beyond its
// type (an unsigned one is divided as its residue).
func TestSaturating(t *testing.T) {
	m := &protocol.Var{At: at, Name: "m"}
	u16 := ir.Type{Kind: ir.Int, Size: 2}
	for _, c := range []struct {
		name   string
		w0     protocol.Expr
		sc     scale
		t      ir.Type
		n      int     // entries; 0: no table
		probes []int64 // entries 0, 1 and the last but one, when constant
	}{
		{"256 halved", lit(at, 256), scale{r: 2, div: true}, ir.U32, 10, []int64{256, 128, 1}},
		{"1000 quartered", lit(at, 1000), scale{r: 4, div: true}, ir.I32, 6, []int64{1000, 250, 3}},
		{"1 doubled", lit(at, 1), scale{r: 2}, ir.U32, 33, []int64{1, 2, 1 << 31}},
		{"1 times 16", lit(at, 1), scale{r: 16}, ir.U32, 9, []int64{1, 16, 1 << 28}},
		{"signed doubled", lit(at, 1), scale{r: 2}, ir.I32, 0, nil},
		{"16-bit doubled", lit(at, 1), scale{r: 2}, u16, 0, nil},
		{"times 3", lit(at, 1), scale{r: 3}, ir.U32, 0, nil},
		{"m halved, m in [-4, 4]", m, scale{r: 2, div: true}, ir.I32, 0, nil},
		{"2^33 halved as unsigned", lit(at, 1<<33), scale{r: 2, div: true}, ir.U32, 0, nil},
	} {
		x := &exec{k: newKernel("k.cu")}
		x.k.setRange("m", interval{-4, 4})
		vals, ok := x.saturating(at, c.w0, c.sc, c.t)
		if ok != (c.n > 0) || len(vals) != c.n {
			t.Errorf("%s: %d entries, %v; want %d", c.name, len(vals), ok, c.n)
			continue
		}
		if !ok {
			continue
		}
		if k, ok := litValue(vals[c.n-1]); !ok || k != 0 {
			t.Errorf("%s: last entry %v, want 0", c.name, vals[c.n-1])
		}
		for i, want := range c.probes {
			j := i
			if i == 2 {
				j = c.n - 2
			}
			if k, ok := x.constValue(vals[j]); !ok || k != want {
				t.Errorf("%s: entry %d is %v, want %d", c.name, j, vals[j], want)
			}
		}
	}
}

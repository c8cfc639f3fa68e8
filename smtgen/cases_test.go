package smtgen

import (
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
)

// TestQuickCheckCut: a query split by cases is proved even when its quick
// check (tried whole first) is cut, as on a loaded machine: a cut check
// taints its context (no unsat trusted after it), so the query is asked
// again in a fresh one, split from the start. With the quick check always
// cut, the bitonic exchange below (race-free for strides that are powers
// of two) was unknown before.
func TestQuickCheckCut(t *testing.T) {
	saved := quickCheck
	quickCheck = time.Nanosecond
	defer func() { quickCheck = saved }()
	src := `param n, stride; shared A;
assume blockDim.x == 64;
for k in 0..n {
  assume stride(k) == 1 || stride(k) == 2 || stride(k) == 4 || stride(k) == 8 || stride(k) == 16;
  sync;
  wr A[tid * 2 - (tid & stride(k) - 1)];
  wr A[tid * 2 - (tid & stride(k) - 1) + stride(k)];
}`
	f, err := parser.ParseFile("in.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	prog := wellformed.Normalize(f, info, wellformed.BlockLevel, nil)
	s := NewSolverWith(10*time.Second, Ints)
	queries := 0
	for _, v := range prog.Variants {
		env := Env{Info: info, Launch: Launch{BlockDim: [3]int64{64, 1, 1}, GridDim: [3]int64{1, 1, 1}}, Level: wellformed.BlockLevel,
			Pre: append(append([]protocol.Cond(nil), prog.Pre...), v.Pre()...)}
		ts, err := split.Split(align.Align(wellformed.Slice(v.Body, "A")))
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range ts {
			res, err := s.Races(RaceQuery{Env: env, Array: "A", Trace: tr}, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Holds {
				t.Errorf("status %v (%s), want Holds", res.Status, res.Reason)
			}
			queries++
		}
	}
	if queries == 0 {
		t.Fatal("no query")
	}
}

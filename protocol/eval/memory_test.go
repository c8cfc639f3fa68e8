package eval_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/parser"
)

// TestReadValues: what the reads that bind their values find in memory.
// Threads run one block of blockDim.x = 3 (warps of 2 where a case says)
// over a memory whose cells hold 100 + their index before any write. Each
// case lists, per thread, the values its reads bound, in execution order.
func TestReadValues(t *testing.T) {
	tests := []struct {
		name string
		src  string
		warp int64
		want []string // per thread: values read, space-separated
	}{
		{"nothing written: the memory's", `shared A; rd A[tid] as x;`, 0,
			[]string{"100", "101", "102"}},
		{"own write", `shared A; wr A[tid] = tid * 2; rd A[tid] as x;`, 0,
			[]string{"0", "2", "4"}},
		{"a write without a value: the memory's", `shared A; wr A[tid]; rd A[tid] as x;`, 0,
			[]string{"100", "101", "102"}},
		{"the neighbour's, after a barrier", `shared A; wr A[tid] = tid * 2; sync; rd A[(tid + 1) % 3] as x;`, 0,
			[]string{"2", "4", "0"}},
		{"the neighbour's, in the same interval: not ordered, not seen", `shared A; wr A[tid] = 7; rd A[(tid + 1) % 3] as x;`, 0,
			[]string{"101", "102", "100"}},
		{"the last write wins", `shared A; wr A[tid] = 1; sync; wr A[(tid + 1) % 3] = tid + 5; sync; rd A[tid] as x;`, 0,
			[]string{"7", "5", "6"}},
		{"own later write after another's", `shared A; wr A[(tid + 1) % 3] = 9; sync; wr A[tid] = tid; rd A[tid] as x;`, 0,
			[]string{"0", "1", "2"}},
		{"a value read computes", `shared A, B; wr A[tid] = tid + 1; sync; rd A[(tid + 2) % 3] as x; wr B[x] = x * 10; sync; rd B[tid + 1] as y;`, 0,
			[]string{"3 10", "1 20", "2 30"}}, // B = [_, 10, 20, 30]
		{"per iteration", `shared A; for i in 0..2 { wr A[tid] = i + tid; sync; rd A[(tid + 1) % 3] as x; sync; }`, 0,
			[]string{"1 2", "2 3", "0 1"}},
		{"a warp barrier orders its warp only", `shared A; wr A[tid] = 5; sync warp; rd A[(tid + 1) % 3] as x;`, 2,
			[]string{"5", "102", "100"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runThree(t, tc.src, tc.warp)
			got := make([]string, 3)
			for _, ph := range res.Blocks[0].Phases {
				for _, a := range ph {
					if a.Read != nil {
						got[a.Thread] = strings.TrimSpace(got[a.Thread] + " " + fmt.Sprint(*a.Read))
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("values read %q, want %q", got, tc.want)
			}
		})
	}
}

// TestInvariants: which threads a barrier invariant fails for, on the
// memory as the barrier leaves it (blockDim.x = 3, cells 100 + index
// before any write).
func TestInvariants(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // the failing threads
	}{
		{"own store", `shared A; wr A[tid] = tid; sync invariant A[tid] == tid;`, "[]"},
		{"another thread's store, of the interval", `shared A; wr A[(tid + 1) % 3] = (tid + 1) % 3; sync invariant A[tid] == tid;`, "[]"},
		{"the input's", `shared A; sync invariant A[tid] == 100 + tid;`, "[]"},
		{"a store that breaks it", `shared A; wr A[tid] = 5; sync invariant A[tid] == tid;`, "[0 1 2]"},
		{"the last store wins", `shared A; wr A[tid] = 7; sync; wr A[(tid + 2) % 3] = 1; sync invariant A[tid] == 7;`, "[0 1 2]"},
		{"about pairs of cells", `shared A; wr A[tid] = tid / 2; sync invariant A[tid] != A[(tid + 1) % 3];`, "[0]"},
		{"per iteration", `shared A; for i in 0..2 { wr A[tid] = i * tid; sync invariant A[tid] == tid; }`, "[1(i=0) 2(i=0)]"}, // i = 0: every cell 0,
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := runThree(t, tc.src, 0)
			var got []string
			for _, fl := range res.Failures {
				s := fmt.Sprint(fl.Thread)
				for _, l := range fl.Loops {
					s += fmt.Sprintf("(%s=%d)", l.Name, l.Value)
				}
				got = append(got, s)
			}
			if fmt.Sprint(got) != tc.want && !(len(got) == 0 && tc.want == "[]") {
				t.Errorf("fails for %v, want %s", got, tc.want)
			}
			if eval.Safe(res) != (len(got) == 0) {
				t.Errorf("Safe is %v with failures %v", eval.Safe(res), got)
			}
		})
	}
}

// runThree runs src with the three threads of one block, over a memory
// whose cells hold 100 + their index before any write.
func runThree(t *testing.T, src string, warp int64) *eval.Result {
	t.Helper()
	f, err := parser.ParseFile("case.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := protocol.Check(f); err != nil {
		t.Fatal(err)
	}
	cfg := eval.Config{BlockDim: [3]int64{3, 1, 1}, GridDim: [3]int64{1, 1, 1}, WarpSize: warp,
		Memory: func(_ string, idx []int64) int64 { return 100 + idx[0] }}
	for i := int64(0); i < 3; i++ {
		cfg.Threads = append(cfg.Threads, eval.Thread{Idx: [3]int64{i, 0, 0}})
	}
	res, err := eval.Run(f, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

package reads_test

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/reads"
)

// TestFacts: which of the thread's own accesses a read is tied to. Each
// case counts the facts made for the read that binds x (assumptions that
// apply x), and says why in its name.
func TestFacts(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		lockStep bool
		facts    int
	}{
		{"own write, same interval", `wr A[tid] = 1; rd A[tid] as x;`, false, 1},
		{"own write, one barrier back", `wr A[tid] = 1; sync; rd A[tid] as x;`, false, 1},
		{"own write, two barriers back: another thread may write between", `wr A[tid] = 1; sync; sync; rd A[tid] as x;`, false, 0},
		{"a later write to another cell rules itself out", `wr A[tid] = 1; wr A[0] = 2; sync; rd A[tid] as x;`, false, 2},
		{"a write without a value only rules itself out", `wr A[tid] = 1; wr A[0]; rd A[tid] as x;`, false, 1},
		{"own earlier read", `rd A[tid] as y; sync; rd A[tid] as x;`, false, 1},
		{"a read does not stop the search", `wr A[tid] = 1; rd A[0] as y; rd A[tid] as x;`, false, 2},
		{"other arrays do not matter", `wr A[tid] = 1; wr B[0] = 3; rd A[tid] as x;`, false, 1},
		{"the read in a branch, the write before it", `wr A[tid] = 1; if tid > 0 { rd A[tid] as x; }`, false, 1},
		{"the read in a loop: before the loop is before its first iteration only", `wr A[tid] = 1; for i in 0..2 { rd A[tid] as x; }`, false, 0},
		{"the write in the same iteration", `for i in 0..2 { wr A[tid] = i; sync; rd A[tid] as x; }`, false, 1},
		{"a branch between that writes the array", `wr A[tid] = 1; if tid > 0 { wr A[0] = 2; } rd A[tid] as x;`, false, 0},
		{"a branch between that holds a barrier", `wr A[tid] = 1; if N > 0 { sync; } rd A[tid] as x;`, false, 0},
		{"a loop between that touches neither", `wr A[tid] = 1; for i in 0..N { rd B[i]; } rd A[tid] as x;`, false, 1},
		{"lock-step warps: a write of the warp may come between", `wr A[tid] = 1; rd A[tid] as x;`, true, 0},
		{"an assumption about pairs anywhere", `assume other(tid) != tid; wr A[tid] = 1; rd A[tid] as x;`, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "param N;\nshared A, B;\n" + tc.src
			f, err := parser.ParseFile("case.prot", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := protocol.Check(f); err != nil {
				t.Fatal(err)
			}
			low, err := reads.Lower(f, reads.Options{LockStep: tc.lockStep})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := protocol.Check(low); err != nil {
				t.Fatalf("the lowered protocol does not check: %v\n%s", err, printer.File(low))
			}
			if got := count(low, "x"); got != tc.facts {
				t.Errorf("%d facts about x, want %d:\n%s", got, tc.facts, printer.File(low))
			}
		})
	}
}

// count counts the assumptions that apply name.
func count(f *protocol.File, name string) int {
	n := 0
	protocol.Inspect(f.Body, func(m protocol.Node) bool {
		if a, ok := m.(*protocol.Assume); ok {
			applies := false
			protocol.Inspect(a.Cond, func(c protocol.Node) bool {
				if call, ok := c.(*protocol.Call); ok && call.Func == name {
					applies = true
				}
				return !applies
			})
			if applies {
				n++
			}
		}
		return true
	})
	return n
}

// TestLowered: the shape of the lowering.
func TestLowered(t *testing.T) {
	src := "shared S;\nglobal A;\nwr S[tid] = tid;\nsync;\nrd S[tid] as x;\nwr A[x];\n"
	f, err := parser.ParseFile("case.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := protocol.Check(f); err != nil {
		t.Fatal(err)
	}
	before := printer.File(f)
	low, err := reads.Lower(f, reads.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// the value is a function of the reading thread; at the top level the
	// fact and what follows go in a block, where an assumption is not a
	// precondition (which would leave a thread out of the run)
	want := `shared S;
global A;
param x;

wr S[tid] = tid;
sync;
rd S[tid];
{
  assume !(tid == tid) || x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == tid;
  wr A[x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z)];
}
`
	if got := printer.File(low); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if printer.File(f) != before {
		t.Errorf("Lower changed its input:\n%s", printer.File(f))
	}
	same, err := reads.Lower(low, reads.Options{})
	if err != nil || same != low {
		t.Errorf("a protocol without binding reads is not returned as it is")
	}
}

// TestInvariantLowered: a barrier invariant is checked before its
// barrier, with the thread's own store of the interval, on a
// pseudo-array whose race is its failure, and assumed after it for the
// threads it names, on the contents at the barrier, which the read after
// it is tied to.
func TestInvariantLowered(t *testing.T) {
	src := "shared S;\nglobal A;\nwr S[tid] = tid;\nsync invariant S[tid] == tid for (tid + 1) % blockDim.x;\nrd S[(tid + 1) % blockDim.x] as x;\nwr A[x];\n"
	f, err := parser.ParseFile("case.prot", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := protocol.Check(f); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		defect reads.Defect
		want   string
	}{
		{reads.NoDefect, `shared S;
global A;
shared __barrier_invariant_4;
param __S_seen_4, __S_at_4, x;

wr S[tid] = tid;
{
  assume !(tid == tid) || __S_seen_4(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == tid;
  if !(__S_seen_4(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == tid) {
    atomic __barrier_invariant_4[0];
  }
  rd __barrier_invariant_4[0];
}
sync;
{
  assume !(0 <= (tid + 1) % blockDim.x && (tid + 1) % blockDim.x < blockDim.x) || __S_at_4((tid + 1) % blockDim.x, blockIdx.x, blockIdx.y, blockIdx.z) == (tid + 1) % blockDim.x;
  rd S[(tid + 1) % blockDim.x];
  assume !((tid + 1) % blockDim.x == (tid + 1) % blockDim.x) || x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == __S_at_4((tid + 1) % blockDim.x, blockIdx.x, blockIdx.y, blockIdx.z);
  assume !((tid + 1) % blockDim.x == tid) || x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == tid;
  wr A[x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z)];
}
`},
		{reads.UncheckedInvariants, `shared S;
global A;
param __S_at_4, x;

wr S[tid] = tid;
sync;
{
  assume !(0 <= (tid + 1) % blockDim.x && (tid + 1) % blockDim.x < blockDim.x) || __S_at_4((tid + 1) % blockDim.x, blockIdx.x, blockIdx.y, blockIdx.z) == (tid + 1) % blockDim.x;
  rd S[(tid + 1) % blockDim.x];
  assume !((tid + 1) % blockDim.x == (tid + 1) % blockDim.x) || x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == __S_at_4((tid + 1) % blockDim.x, blockIdx.x, blockIdx.y, blockIdx.z);
  assume !((tid + 1) % blockDim.x == tid) || x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z) == tid;
  wr A[x(tid, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z)];
}
`},
	} {
		t.Run(tc.defect.String(), func(t *testing.T) {
			low, err := reads.Lower(f, reads.Options{Defect: tc.defect})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := protocol.Check(low); err != nil {
				t.Fatalf("the lowered protocol does not check: %v", err)
			}
			if got := printer.File(low); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

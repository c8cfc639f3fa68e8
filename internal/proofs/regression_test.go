package proofs

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// The pipeline bugs the properties found, as their minimal counterexamples
// (shrunk by gopter, then reduced by hand). Both are fixed (commit 4b8b884);
// these tests keep them fixed.

// sliceNilBlock was found by TestSMTEncoding with seed 6001, after 5 cases.
// Every thread writes A[0], a race, but drfcheck crashed: wellformed.Slice
// kept a barrier-free block with nothing for the array as a nil
// *protocol.Block inside a non-nil protocol.Stmt, and smtgen's sites
// dereferenced it (a panic in a goroutine, exit 2). Any protocol with such a
// block in the barrier interval of an access to the array crashed, e.g.
// "{ wr B[tid]; }" next to "wr A[tid];".
const sliceNilBlock = `shared A;
wr A[0];
{}
`

// loopDivergenceModels was found by TestPipeline with seed 6002, after 531
// cases. Threads disagree on the bounds of the synchronized loop, which the
// pipeline reported as barrier divergence, rightly; but the variants it
// went on checking did not assume that the two threads agree on the bounds
// (as they do for a synchronized conditional), so the race query of the
// loop body had a model with both threads at x = 0, thread 0 in its first
// iteration and thread 1 in its second. eval did not confirm it, and
// drfcheck printed "cannot check: a possible race or divergence could not
// be confirmed by the reference semantics" where nothing was approximated.
const loopDivergenceModels = `shared A;
for x in -tid..2 {
  sync;
  wr A[0];
}
`

// checkText runs check.Checker on a protocol with a block of two threads.
func checkText(t *testing.T, name, src string) *check.Report {
	t.Helper()
	f, err := parser.ParseFile(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	chk := check.New(check.Options{Jobs: 1, Levels: []wellformed.Level{wellformed.BlockLevel}})
	rep := chk.Check(check.Input{Name: name, File: f, Info: info,
		Launch: smtgen.Launch{BlockDim: [3]int64{2, 1, 1}, GridDim: [3]int64{1, 1, 1}}})
	return rep
}

func TestRegressionSliceNilBlock(t *testing.T) {
	f, err := parser.ParseFile("slice_nil_block.prot", []byte(sliceNilBlock))
	if err != nil {
		t.Fatal(err)
	}
	info, err := protocol.Check(f)
	if err != nil {
		t.Fatal(err)
	}
	if sliceBug(wellformed.Normalize(f, info, wellformed.BlockLevel, nil)) {
		t.Fatalf("wellformed.Slice returns a nil *protocol.Block again, on which drfcheck crashes:\n%s", sliceNilBlock)
	}
	rep := checkText(t, "slice_nil_block.prot", sliceNilBlock)
	if rep.Verdict != check.Racy {
		t.Errorf("verdict %v, want racy (every thread writes A[0])", rep.Verdict)
	}
}

func TestRegressionLoopDivergenceModels(t *testing.T) {
	rep := checkText(t, "loop_divergence_models.prot", loopDivergenceModels)
	if len(rep.Divergences) == 0 {
		t.Fatalf("verdict %v without divergence, want barrier divergence at the loop", rep.Verdict)
	}
	for _, u := range rep.Unknowns {
		if strings.HasPrefix(u.Reason, confirmPrefix) {
			t.Errorf("a model that eval does not confirm, where nothing is approximated: %v", u)
		}
	}
	if len(rep.Unknowns) > 0 {
		t.Errorf("unknowns %v: nothing is approximated here", rep.Unknowns)
	}
}

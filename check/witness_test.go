package check_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// TestWitnessesIgnoreHistory checks that a race's or a divergence's witness is the same
// whatever its solver solved before. Solvers are shared by the queries of a
// run, in whatever order they finish, and Z3's first model depends on its
// history; the witness the report shows (and the three formats, written by
// separate runs, agree on) must not.
func TestWitnessesIgnoreHistory(t *testing.T) {
	paths, err := filepath.Glob("../testdata/protocols/*/*.prot")
	if err != nil {
		t.Fatal(err)
	}
	var ins []check.Input
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "// expect: racy") && !strings.Contains(string(src), "// expect: divergent") {
			continue
		}
		in, err := check.LoadProtocol(p, src, check.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in...)
	}
	// and CUDA, whose powers of two are decided by cases (smtgen/cases.go)
	for _, p := range []string{"../testdata/cuda/values/bitonic_pos_racy.cu", "../testdata/cuda/values/bitonic_xor_unguarded_racy.cu"} {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := check.LoadCUDA(p, src, check.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in...)
	}
	if len(ins) < 10 {
		t.Fatalf("only %d racy or divergent protocols", len(ins))
	}
	fresh := make([]string, len(ins))
	for i, in := range ins {
		fresh[i] = witnesses(check.New(check.Options{Jobs: 1}).Check(in))
	}
	// one solver, the inputs in reverse order: each query meets a solver
	// that has solved every later file's queries
	used := check.New(check.Options{Jobs: 1})
	for i := len(ins) - 1; i >= 0; i-- {
		if got := witnesses(used.Check(ins[i])); got != fresh[i] {
			t.Errorf("%s: after other queries\n%s\nwith a fresh solver\n%s", ins[i].Name, got, fresh[i])
		}
	}
}

func witnesses(r *check.Report) string {
	var b strings.Builder
	for _, race := range r.Races {
		w := race.Witness
		fmt.Fprintf(&b, "%s params %v binders %v funcs %v\n", w.Array, w.Params, w.Binders, w.Funcs)
		for _, th := range w.Threads {
			fmt.Fprintf(&b, "  %v %v %v locals %v loops %v index %v\n", th.Access.At, th.ThreadIdx, th.BlockIdx, th.Locals, th.Loops, th.Index)
		}
	}
	for _, d := range r.Divergences {
		w := d.Witness
		fmt.Fprintf(&b, "%v params %v binders %v\n", w.Check.At, w.Params, w.Binders)
		for _, th := range w.Threads {
			fmt.Fprintf(&b, "  %v %v locals %v cond %v bounds %v\n", th.ThreadIdx, th.BlockIdx, th.Locals, th.Cond, th.Bounds)
		}
	}
	return b.String()
}

package eval_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// listing23 is the protocol of Listing 2.3 (left) of Cogumbreiro et al., with an extra
// sync after the j loop when fixed (Test 1 of Table 1, DRF version):
//
//	for r in 0..N { for i in 0..M { wr tile[tid] } sync; for j in 0..M { rd tile[tid + j] } }
func listing23(fixed bool) *protocol.File {
	body := []protocol.Stmt{
		loop("i", n(0), x("M"), wr("tile", tid)),
		sync(),
		loop("j", n(0), x("M"), rd("tile", plus(tid, x("j")))),
	}
	if fixed {
		body = append(body, sync())
	}
	return file(decls(decl(protocol.Shared, "tile"), decl(protocol.Param, "N", "M")),
		loop("r", n(0), x("N"), body...))
}

// listing22 is Listing 2.2 of Cogumbreiro et al.: the unsynchronized j loop of
// iteration r and the i loop of iteration r+1.
func listing22() *protocol.File {
	return file(decls(decl(protocol.Shared, "tile"), decl(protocol.Param, "M")),
		loop("j", n(0), x("M"), rd("tile", plus(tid, x("j")))),
		loop("i", n(0), x("M"), wr("tile", tid)))
}

var nm22 = map[string]int64{"N": 2, "M": 2}

// Positioned nodes for the divergence tests.
var (
	ifTid   = &protocol.If{At: at(3), Cond: lt(tid, n(1)), Then: block(sync())}
	ifBoth  = &protocol.If{At: at(4), Cond: lt(tid, n(1)), Then: block(sync()), Else: block(sync())}
	loopTid = &protocol.Loop{At: at(5), Var: "i", Lo: n(0), Hi: plus(tid, n(1)), Body: block(sync())}
	if2     = &protocol.If{At: at(6), Cond: eq(tid, n(2)), Then: block(sync())}
)

func TestRun(t *testing.T) {
	shared := func(names ...string) *protocol.Decl { return decl(protocol.Shared, names...) }
	global := func(names ...string) *protocol.Decl { return decl(protocol.Global, names...) }
	tests := []struct {
		name     string
		file     *protocol.File
		cfg      eval.Config
		want     [][][]string // history per block; nil: not checked
		races    []string
		div      string // "[t1 t2] pos" of the divergence, "" for none
		excluded []int
	}{
		{
			name: "listing 2.3 is racy for N=2 M=2",
			file: listing23(false),
			cfg:  eval.Config{Params: nm22, Threads: threads(0, 1)},
			want: [][][]string{{
				{"t0 wr tile[0] r=0 i=0", "t0 wr tile[0] r=0 i=1", "t1 wr tile[1] r=0 i=0", "t1 wr tile[1] r=0 i=1"},
				{
					"t0 rd tile[0] r=0 j=0", "t0 rd tile[1] r=0 j=1", "t0 wr tile[0] r=1 i=0", "t0 wr tile[0] r=1 i=1",
					"t1 rd tile[1] r=0 j=0", "t1 rd tile[2] r=0 j=1", "t1 wr tile[1] r=1 i=0", "t1 wr tile[1] r=1 i=1",
				},
				{"t0 rd tile[0] r=1 j=0", "t0 rd tile[1] r=1 j=1", "t1 rd tile[1] r=1 j=0", "t1 rd tile[2] r=1 j=1"},
			}},
			races: []string{
				"t0 rd tile[1] r=0 j=1 / t1 wr tile[1] r=1 i=0",
				"t0 rd tile[1] r=0 j=1 / t1 wr tile[1] r=1 i=1",
			},
		},
		{
			name: "listing 2.3 is safe for N=1",
			file: listing23(false),
			cfg:  eval.Config{Params: map[string]int64{"N": 1, "M": 2}, Threads: threads(0, 1)},
		},
		{
			name: "listing 2.3 with a sync after the j loop is safe",
			file: listing23(true),
			cfg:  eval.Config{Params: nm22, Threads: threads(0, 1)},
			want: [][][]string{{
				{"t0 wr tile[0] r=0 i=0", "t0 wr tile[0] r=0 i=1", "t1 wr tile[1] r=0 i=0", "t1 wr tile[1] r=0 i=1"},
				{"t0 rd tile[0] r=0 j=0", "t0 rd tile[1] r=0 j=1", "t1 rd tile[1] r=0 j=0", "t1 rd tile[2] r=0 j=1"},
				{"t0 wr tile[0] r=1 i=0", "t0 wr tile[0] r=1 i=1", "t1 wr tile[1] r=1 i=0", "t1 wr tile[1] r=1 i=1"},
				{"t0 rd tile[0] r=1 j=0", "t0 rd tile[1] r=1 j=1", "t1 rd tile[1] r=1 j=0", "t1 rd tile[2] r=1 j=1"},
				{},
			}},
		},
		{
			name:  "listing 2.2 is racy for M=2",
			file:  listing22(),
			cfg:   eval.Config{Params: nm22, Threads: threads(0, 1)},
			races: []string{"t0 rd tile[1] j=1 / t1 wr tile[1] i=0", "t0 rd tile[1] j=1 / t1 wr tile[1] i=1"},
		},
		{
			name: "no sync: one phase; M=1: safe",
			file: listing22(),
			cfg:  eval.Config{Params: map[string]int64{"M": 1}, Threads: threads(0, 1)},
			want: [][][]string{{{"t0 rd tile[0] j=0", "t0 wr tile[0] i=0", "t1 rd tile[1] j=0", "t1 wr tile[1] i=0"}}},
		},
		{
			name: "sync under a thread-dependent if diverges",
			file: file(decls(shared("a")), ifTid),
			cfg:  eval.Config{Threads: threads(0, 1)},
			div:  "[0 1] t.prot:3:1",
		},
		{
			name: "sync in both branches of a thread-dependent if diverges",
			file: file(decls(shared("a")), ifBoth),
			cfg:  eval.Config{Threads: threads(0, 1)},
			div:  "[0 1] t.prot:4:1",
		},
		{
			name: "sync in a loop with thread-dependent bounds diverges",
			file: file(decls(shared("a")), loopTid),
			cfg:  eval.Config{Threads: threads(0, 1)},
			div:  "[0 1] t.prot:5:1",
		},
		{
			// tid..tid+2 and tid..4 step 2 run twice for threads 0 and 1:
			// the same barriers, over different values
			name: "sync in a loop with thread-dependent bounds and equal trip counts does not diverge",
			file: file(decls(shared("a")),
				&protocol.Loop{At: at(5), Var: "i", Lo: tid, Hi: plus(tid, n(2)), Body: block(sync())},
				&protocol.Loop{At: at(6), Var: "j", Lo: tid, Hi: n(4), Step: n(2), Body: block(sync())}),
			cfg: eval.Config{Threads: threads(0, 1)},
		},
		{
			name: "sync in a loop that runs one more time for one thread diverges",
			file: file(decls(shared("a")),
				&protocol.Loop{At: at(6), Var: "j", Lo: tid, Hi: n(3), Step: n(2), Body: block(sync())}),
			cfg: eval.Config{Threads: threads(0, 1)},
			div: "[0 1] t.prot:6:1",
		},
		{
			name: "the earliest divergence is reported",
			file: file(decls(shared("a")), sync(), if2),
			cfg:  eval.Config{Threads: threads(0, 1, 2)},
			div:  "[0 2] t.prot:6:1",
		},
		{
			name: "sync under a uniform if does not diverge",
			file: file(decls(shared("a"), decl(protocol.Param, "N")),
				wr("a", tid), ifThen(gt(x("N"), n(0)), sync()), wr("a", plus(tid, n(1)))),
			cfg:  eval.Config{Params: map[string]int64{"N": 1}, Threads: threads(0, 1)},
			want: [][][]string{{{"t0 wr a[0]", "t1 wr a[1]"}, {"t0 wr a[1]", "t1 wr a[2]"}}},
		},
		{
			name: "thread-dependent if without sync is not a control decision",
			file: file(decls(shared("a")), ifElse(lt(tid, n(1)), []protocol.Stmt{wr("a", n(0))}, []protocol.Stmt{rd("a", n(1))}), sync()),
			cfg:  eval.Config{Threads: threads(0, 1)},
			want: [][][]string{{{"t0 wr a[0]", "t1 rd a[1]"}, {}}},
		},
		{
			name:  "a nested assume mutes the rest of its loop body, per iteration",
			file:  file(decls(shared("a")), loop("i", n(0), n(2), assume(eq(x("i"), tid)), wr("a", n(0)))),
			cfg:   eval.Config{Threads: threads(0, 1)},
			want:  [][][]string{{{"t0 wr a[0] i=0", "t1 wr a[0] i=1"}}},
			races: []string{"t0 wr a[0] i=0 / t1 wr a[0] i=1"},
		},
		{
			name: "muted threads still take the barriers",
			file: file(decls(shared("a")), loop("i", n(0), n(2), assume(eq(x("i"), tid)), wr("a", n(0)), sync())),
			cfg:  eval.Config{Threads: threads(0, 1)},
			want: [][][]string{{{"t0 wr a[0] i=0"}, {"t1 wr a[0] i=1"}, {}}},
		},
		{
			name: "the mute ends with its block and covers nested statements",
			file: file(decls(shared("a")),
				block(assume(eq(tid, n(0))), wr("a", n(1)), loop("i", n(5), n(7), rd("a", x("i")))),
				wr("a", tid)),
			cfg:   eval.Config{Threads: threads(0, 1)},
			want:  [][][]string{{{"t0 wr a[1]", "t0 rd a[5] i=5", "t0 rd a[6] i=6", "t0 wr a[0]", "t1 wr a[1]"}}},
			races: []string{"t0 wr a[1] / t1 wr a[1]"},
		},
		{
			name: "a muted access is not evaluated",
			file: file(decls(shared("a")), ifThen(&protocol.BoolLit{Value: true}, assume(ne(tid, n(0))), rd("a", div(n(10), tid)))),
			cfg:  eval.Config{Threads: threads(0, 5)},
			want: [][][]string{{{"t1 rd a[2]"}}},
		},
		{
			name:     "a top-level thread-local assume excludes a thread",
			file:     file(decls(shared("a")), assume(ne(tid, n(1))), wr("a", n(0))),
			cfg:      eval.Config{Threads: threads(0, 1, 2)},
			want:     [][][]string{{{"t0 wr a[0]", "t2 wr a[0]"}}},
			races:    []string{"t0 wr a[0] / t2 wr a[0]"},
			excluded: []int{1},
		},
		{
			name:     "a top-level assume is a precondition wherever it is",
			file:     file(decls(shared("a")), wr("a", n(0)), assume(eq(tid, n(0)))),
			cfg:      eval.Config{Threads: threads(0, 1)},
			want:     [][][]string{{{"t0 wr a[0]"}}},
			excluded: []int{1},
		},
		{
			name:     "excluded threads are not compared for divergence",
			file:     file(decls(shared("a")), assume(eq(tid, n(0))), ifTid),
			cfg:      eval.Config{Threads: threads(0, 1)},
			excluded: []int{1},
		},
		{
			name:     "a false uniform precondition excludes every thread",
			file:     file(decls(shared("a"), decl(protocol.Param, "N")), assume(gt(x("N"), n(5))), wr("a", n(0))),
			cfg:      eval.Config{Params: map[string]int64{"N": 1}, Threads: threads(0, 1)},
			excluded: []int{0, 1},
		},
		{
			name: "locals are per thread and default to zero",
			file: file(decls(shared("a"), decl(protocol.Local, "l")), wr("a", x("l"))),
			cfg: eval.Config{Threads: []eval.Thread{
				{Idx: [3]int64{0}, Locals: map[string]int64{"l": 3}},
				{Idx: [3]int64{1}},
				{Idx: [3]int64{2}, Locals: map[string]int64{"l": 3}},
			}},
			races: []string{"t0 wr a[3] / t2 wr a[3]"},
		},
		{
			name:     "a top-level assume on a local",
			file:     file(decls(shared("a"), decl(protocol.Local, "l")), assume(gt(x("l"), n(0))), wr("a", n(0))),
			cfg:      eval.Config{Threads: []eval.Thread{{Idx: [3]int64{0}, Locals: map[string]int64{"l": 3}}, {Idx: [3]int64{1}}}},
			excluded: []int{1},
		},
		{
			name: "across blocks, global arrays race and shared ones do not",
			file: file(decls(shared("s"), global("g")), wr("s", tid), wr("g", tid)),
			cfg: eval.Config{Threads: []eval.Thread{
				{Idx: [3]int64{0}, Block: [3]int64{0}},
				{Idx: [3]int64{0}, Block: [3]int64{1}},
			}},
			want:  [][][]string{{{"t0 wr s[0]", "t0 wr g[0]"}}, {{"t1 wr s[0]", "t1 wr g[0]"}}},
			races: []string{"t0 wr g[0] / t1 wr g[0]"},
		},
		{
			name: "a barrier orders a global array within a block",
			file: file(decls(global("g")), wr("g", tid), sync(), rd("g", plus(tid, n(1)))),
			cfg:  eval.Config{Threads: threads(0, 1)},
		},
		{
			name: "a barrier does not order blocks",
			file: file(decls(global("g")), wr("g", tid), sync(), rd("g", plus(tid, n(1)))),
			cfg: eval.Config{Threads: []eval.Thread{
				{Idx: [3]int64{0}, Block: [3]int64{0}},
				{Idx: [3]int64{1}, Block: [3]int64{1}},
			}},
			races: []string{"t0 rd g[1] / t1 wr g[1]"},
		},
		{
			name: "shared arrays never race across blocks",
			file: file(decls(shared("s")), wr("s", n(0)), sync(), rd("s", n(0))),
			cfg: eval.Config{Threads: []eval.Thread{
				{Block: [3]int64{0, 0, 0}},
				{Block: [3]int64{0, 0, 1}},
			}},
		},
		{
			name: "atomic/atomic does not race",
			file: file(decls(shared("a")), atomic("a", n(0))),
			cfg:  eval.Config{Threads: threads(0, 1)},
		},
		{
			name:  "atomic/read races",
			file:  file(decls(shared("a")), atomic("a", n(0)), rd("a", n(0))),
			cfg:   eval.Config{Threads: threads(0, 1)},
			races: []string{"t0 atomic a[0] / t1 rd a[0]", "t0 rd a[0] / t1 atomic a[0]"},
		},
		{
			name: "read/read does not race",
			file: file(decls(shared("a")), rd("a", n(0))),
			cfg:  eval.Config{Threads: threads(0, 1)},
		},
		{
			name:  "every dimension must be equal",
			file:  file(decls(shared("a")), wr("a", tid, n(0)), rd("a", n(1), tid)),
			cfg:   eval.Config{Threads: threads(0, 1)},
			want:  [][][]string{{{"t0 wr a[0 0]", "t0 rd a[1 0]", "t1 wr a[1 0]", "t1 rd a[1 1]"}}},
			races: []string{"t0 rd a[1 0] / t1 wr a[1 0]"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := eval.Run(tc.file, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want != nil {
				if got := history(r); !reflect.DeepEqual(got, tc.want) {
					t.Errorf("history:\ngot  %q\nwant %q", got, tc.want)
				}
			}
			want := tc.races
			if want == nil {
				want = []string{}
			}
			races := eval.Races(r)
			if got := showRaces(races); !reflect.DeepEqual(got, want) {
				t.Errorf("races:\ngot  %q\nwant %q", got, want)
			}
			div := ""
			if r.Divergence != nil {
				div = fmt.Sprintf("%v %v", r.Divergence.Threads, r.Divergence.At)
			}
			if div != tc.div {
				t.Errorf("divergence: got %q, want %q (%v)", div, tc.div, r.Divergence)
			}
			if !reflect.DeepEqual(r.Excluded, tc.excluded) {
				t.Errorf("excluded: got %v, want %v", r.Excluded, tc.excluded)
			}
			if safe := len(tc.races) == 0 && tc.div == ""; eval.Safe(r) != safe {
				t.Errorf("Safe = %t, want %t", eval.Safe(r), safe)
			}
		})
	}
}

func TestDivergenceEvents(t *testing.T) {
	r, err := eval.Run(file(decls(decl(protocol.Shared, "a")), loopTid), eval.Config{Threads: threads(0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	want := "t.prot:5:1: barrier divergence in block [0 0 0]: thread 0 reaches loop at t.prot:5:1 over 0..1 step 1 (1 iteration), thread 1 reaches loop at t.prot:5:1 over 0..2 step 1 (2 iterations)"
	if got := r.Divergence.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r.Divergence.Events[0].Kind != eval.Range || r.Divergence.Events[0].Stmt != loopTid {
		t.Errorf("event %+v", r.Divergence.Events[0])
	}
	// Phases still split each thread at its own barriers.
	if len(r.Blocks[0].Phases) != 3 {
		t.Errorf("got %d phases, want 3", len(r.Blocks[0].Phases))
	}
}

func TestLoops(t *testing.T) {
	kinds := map[string]protocol.DeclKind{"a": protocol.Shared, "N": protocol.Param}
	renamed := rd("a", x("r_1"))
	renamed.Loops = []protocol.LoopValue{{Name: "r", Value: minus(x("r_1"), n(1))}}
	tests := []struct {
		name  string
		stmts []protocol.Stmt
		want  []string
	}{
		{"stride", []protocol.Stmt{loopStep("i", n(1), n(10), n(3), rd("a", x("i")))},
			[]string{"t0 rd a[1] i=1", "t0 rd a[4] i=4", "t0 rd a[7] i=7"}},
		{"empty", []protocol.Stmt{loop("i", n(5), n(5), rd("a", x("i")))}, []string{}},
		{"reversed bounds", []protocol.Stmt{loop("i", n(5), n(2), rd("a", x("i")))}, []string{}},
		{"negative", []protocol.Stmt{loop("i", n(-2), n(0), rd("a", x("i")))},
			[]string{"t0 rd a[-2] i=-2", "t0 rd a[-1] i=-1"}},
		{"shadowing", []protocol.Stmt{loop("i", n(0), n(1), loop("i", n(5), n(6), rd("a", x("i"))), rd("a", x("i")))},
			[]string{"t0 rd a[5] i=0 i=5", "t0 rd a[0] i=0"}},
		{"bounds evaluated with outer variables", []protocol.Stmt{loop("i", x("k"), plus(x("k"), n(2)), rd("a", x("i")))},
			[]string{"t0 rd a[10] i=10", "t0 rd a[11] i=11"}},
		{"next value past MaxInt64 ends the loop", []protocol.Stmt{loopStep("i", n(math.MaxInt64-1), n(math.MaxInt64), n(2), rd("a", n(0)))},
			[]string{fmt.Sprintf("t0 rd a[0] i=%d", int64(math.MaxInt64-1))}},
		{"source loop values from Access.Loops", []protocol.Stmt{loop("r_1", n(1), n(3), renamed)},
			[]string{"t0 rd a[1] r=0", "t0 rd a[2] r=1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := eval.Phase(tc.stmts, map[string]int64{"k": 10}, kinds, eval.Config{Threads: threads(0)})
			if err != nil {
				t.Fatal(err)
			}
			if s := showAll(got); !reflect.DeepEqual(s, tc.want) {
				t.Errorf("got  %q\nwant %q", s, tc.want)
			}
		})
	}
}

func TestPhase(t *testing.T) {
	kinds := map[string]protocol.DeclKind{"a": protocol.Shared, "k": protocol.Param}
	cfg := eval.Config{Threads: threads(0, 1)}
	// vars bind loop variables and shadow declared names.
	got, err := eval.Phase([]protocol.Stmt{rd("a", plus(tid, x("k")))}, map[string]int64{"k": 10}, kinds, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s := showAll(got); !reflect.DeepEqual(s, []string{"t0 rd a[10]", "t1 rd a[11]"}) {
		t.Errorf("vars: got %q", s)
	}
	for _, a := range got {
		if a.Phase != 0 {
			t.Errorf("phase %d", a.Phase)
		}
	}
	// An assume among the statements mutes what follows it.
	got, err = eval.Phase([]protocol.Stmt{wr("a", n(0)), assume(eq(tid, n(0))), wr("a", n(1))}, nil, kinds, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s := showAll(got); !reflect.DeepEqual(s, []string{"t0 wr a[0]", "t0 wr a[1]", "t1 wr a[0]"}) {
		t.Errorf("assume: got %q", s)
	}
	// A sync, even nested, is an error at its position.
	nested := []protocol.Stmt{loop("i", n(0), n(1), ifThen(&protocol.BoolLit{Value: true}, &protocol.Sync{At: at(7)}))}
	_, err = eval.Phase(nested, nil, kinds, cfg)
	checkErr(t, err, at(7), "sync")
}

func TestExpressions(t *testing.T) {
	kinds := map[string]protocol.DeclKind{"a": protocol.Shared, "f": protocol.Param, "g": protocol.Param}
	cfg := eval.Config{
		Threads:  []eval.Thread{{Idx: [3]int64{1, 2, 0}, Block: [3]int64{0, 0, 3}}},
		BlockDim: [3]int64{4, 5, 1},
		GridDim:  [3]int64{1, 7, 4},
		Funcs: func(name string, args []int64) int64 {
			if name == "g" {
				return 2 * args[0]
			}
			return args[0] + args[1]
		},
	}
	tests := []struct {
		name string
		e    protocol.Expr
		want int64
	}{
		{"-7 / 2", div(n(-7), n(2)), -3},
		{"-7 % 2", bin(protocol.Mod, n(-7), n(2)), -1},
		{"7 / -2", div(n(7), n(-2)), -3},
		{"7 % -2", bin(protocol.Mod, n(7), n(-2)), 1},
		{"-7 / -2", div(n(-7), n(-2)), 3},
		{"-7 % -2", bin(protocol.Mod, n(-7), n(-2)), -1},
		{"MinInt64 % -1", bin(protocol.Mod, n(math.MinInt64), n(-1)), 0},
		{"MaxInt64 - 1 + 1", plus(n(math.MaxInt64-1), n(1)), math.MaxInt64},
		{"MinInt64 + 1 - 1", minus(n(math.MinInt64+1), n(1)), math.MinInt64},
		{"-(MaxInt64)", &protocol.Neg{X: n(math.MaxInt64)}, -math.MaxInt64},
		{"builtins", plus(plus(times(builtin(protocol.ThreadIdx, 1), n(10)), builtin(protocol.BlockIdx, 2)),
			plus(times(builtin(protocol.BlockDim, 0), n(100)), times(builtin(protocol.GridDim, 1), n(1000)))), 7423},
		{"tid", tid, 1},
		{"ite", ite(lt(tid, n(2)), n(5), n(6)), 5},
		{"short-circuit", ite(or(eq(tid, n(1)), gt(div(n(1), n(0)), n(0))), n(1), n(2)), 1},
		{"calls", call("f", call("g", n(3)), n(1)), 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := eval.Phase([]protocol.Stmt{rd("a", tc.e)}, nil, kinds, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got[0].Index[0] != tc.want {
				t.Errorf("got %d, want %d", got[0].Index[0], tc.want)
			}
		})
	}
}

// TestDefaultFuncs: without Config.Funcs, calls are a fixed function of the
// name and arguments with small values, the same for every thread.
func TestDefaultFuncs(t *testing.T) {
	f := file(decls(decl(protocol.Shared, "a"), decl(protocol.Param, "f")),
		wr("a", call("f", n(1), n(2))), sync(), rd("a", call("f", n(2), n(1))))
	r, err := eval.Run(f, eval.Config{Threads: threads(0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if races := eval.Races(r); len(races) != 1 || races[0].A.Index[0] != races[0].B.Index[0] {
		t.Errorf("want one race between the writes: %q", showRaces(races))
	}
	again, _ := eval.Run(f, eval.Config{Threads: threads(0, 1)})
	if !reflect.DeepEqual(history(r), history(again)) {
		t.Errorf("not deterministic: %q, then %q", history(r), history(again))
	}
	for _, p := range r.Blocks[0].Phases {
		for _, a := range p {
			if v := a.Index[0]; v < 0 || v >= 8 {
				t.Errorf("f = %d, want a value in [0, 8)", v)
			}
		}
	}
}

func checkErr(t *testing.T, err error, pos protocol.Pos, substr string) {
	t.Helper()
	var perr *protocol.Error
	if !errors.As(err, &perr) {
		t.Fatalf("got error %v, want a *protocol.Error", err)
	}
	if perr.At != pos || !strings.Contains(perr.Msg, substr) {
		t.Errorf("got error %q, want one at %s containing %q", err, pos, substr)
	}
}

func TestErrors(t *testing.T) {
	ds := decls(decl(protocol.Shared, "a"), decl(protocol.Param, "N"))
	pos := at(9)
	binAt := func(op protocol.BinOp, a, b protocol.Expr) protocol.Expr {
		return &protocol.Binary{At: pos, Op: op, X: a, Y: b}
	}
	one := eval.Config{Threads: threads(0)}
	tests := []struct {
		name   string
		file   *protocol.File
		cfg    eval.Config
		pos    protocol.Pos
		substr string
	}{
		{"division by zero", file(ds, rd("a", binAt(protocol.Div, n(1), tid))), one, pos, "division by zero"},
		{"remainder by zero", file(ds, rd("a", binAt(protocol.Mod, n(1), n(0)))), one, pos, "remainder by zero"},
		{"add overflow", file(ds, rd("a", binAt(protocol.Add, n(math.MaxInt64), n(1)))), one, pos, "overflow"},
		{"sub overflow", file(ds, rd("a", binAt(protocol.Sub, n(math.MinInt64), n(1)))), one, pos, "overflow"},
		{"mul overflow", file(ds, rd("a", binAt(protocol.Mul, n(math.MaxInt64), n(2)))), one, pos, "overflow"},
		{"mul overflow by -1", file(ds, rd("a", binAt(protocol.Mul, n(-1), n(math.MinInt64)))), one, pos, "overflow"},
		{"div overflow", file(ds, rd("a", binAt(protocol.Div, n(math.MinInt64), n(-1)))), one, pos, "overflow"},
		{"neg overflow", file(ds, rd("a", &protocol.Neg{At: pos, X: n(math.MinInt64)})), one, pos, "overflow"},
		{"loop variable overflow", file(ds, &protocol.Loop{At: pos, Var: "i", Lo: n(math.MinInt64 + 1), Hi: n(0), Step: n(-1), Body: block()}),
			one, pos, "overflow"},
		{"missing param", file(ds, rd("a", &protocol.Var{At: pos, Name: "N"})), one, pos, "param N has no value"},
		{"undeclared name", file(ds, rd("a", &protocol.Var{At: pos, Name: "zz"})), one, pos, "undeclared name zz"},
		{"array as integer", file(ds, rd("a", &protocol.Var{At: pos, Name: "a"})), one, pos, "array a"},
		{"undeclared array", file(ds, &protocol.Access{At: pos, Array: "b", Index: []protocol.Expr{n(0)}}), one, pos, "b is not a declared array"},
		{"unset blockDim", file(ds, rd("a", &protocol.Builtin{At: pos, Kind: protocol.BlockDim, Dim: 1})), one, pos, "blockDim.y is not set"},
		{"undeclared function", file(ds, rd("a", &protocol.Call{At: pos, Func: "h"})), one, pos, "h is not a declared param"},
		{"error in a precondition", file(ds, &protocol.Assume{Cond: gt(binAt(protocol.Div, n(1), n(0)), n(0))}), one, pos, "division by zero"},
		{"budget", file(ds, &protocol.Loop{At: pos, Var: "i", Lo: n(0), Hi: n(1000), Body: block()}),
			eval.Config{Threads: threads(0), MaxSteps: 100}, pos, "budget of 100 steps"},
		{"default budget", file(ds, &protocol.Loop{At: pos, Var: "i", Lo: n(0), Hi: n(1), Step: n(0), Body: block()}),
			one, pos, "budget of 1000000 steps"},
		{"duplicate thread", file(ds), eval.Config{Threads: threads(1, 1)}, protocol.Pos{File: "t.prot"}, "threads 0 and 1 are the same thread"},
		{"thread outside the block", file(ds), eval.Config{Threads: threads(0, 4), BlockDim: [3]int64{4, 1, 1}},
			protocol.Pos{File: "t.prot"}, "threadIdx.x = 4 is outside blockDim.x = 4"},
		{"block outside the grid", file(ds), eval.Config{Threads: []eval.Thread{{Block: [3]int64{0, 2, 0}}}, GridDim: [3]int64{1, 2, 1}},
			protocol.Pos{File: "t.prot"}, "blockIdx.y = 2 is outside gridDim.y = 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := eval.Run(tc.file, tc.cfg)
			if err == nil {
				t.Fatalf("no error; result %+v", r)
			}
			if r != nil {
				t.Errorf("result %+v with an error", r)
			}
			checkErr(t, err, tc.pos, tc.substr)
		})
	}
}

// TestBudgetSummedOverThreads: each thread spends one step on the loop
// statement and one per iteration, 41 in all.
func TestBudgetSummedOverThreads(t *testing.T) {
	f := file(decls(decl(protocol.Shared, "a")), loop("i", n(0), n(40)))
	if _, err := eval.Run(f, eval.Config{Threads: threads(0, 1), MaxSteps: 82}); err != nil {
		t.Errorf("82 steps: %v", err)
	}
	if _, err := eval.Run(f, eval.Config{Threads: threads(0, 1), MaxSteps: 81}); err == nil {
		t.Errorf("81 steps: no error")
	}
}

func TestConditions(t *testing.T) {
	kinds := map[string]protocol.DeclKind{"a": protocol.Shared}
	tr, fa := &protocol.BoolLit{Value: true}, &protocol.BoolLit{Value: false}
	tests := []struct {
		c    protocol.Cond
		want bool
	}{
		{cmp(protocol.Eq, n(1), n(1)), true}, {cmp(protocol.Eq, n(1), n(2)), false},
		{cmp(protocol.Ne, n(1), n(2)), true}, {cmp(protocol.Ne, n(1), n(1)), false},
		{cmp(protocol.Lt, n(1), n(2)), true}, {cmp(protocol.Lt, n(2), n(2)), false},
		{cmp(protocol.Le, n(2), n(2)), true}, {cmp(protocol.Le, n(3), n(2)), false},
		{cmp(protocol.Gt, n(3), n(2)), true}, {cmp(protocol.Gt, n(2), n(2)), false},
		{cmp(protocol.Ge, n(2), n(2)), true}, {cmp(protocol.Ge, n(1), n(2)), false},
		{&protocol.Not{X: tr}, false}, {&protocol.Not{X: fa}, true},
		{&protocol.Logic{Op: protocol.And, X: tr, Y: tr}, true}, {&protocol.Logic{Op: protocol.And, X: tr, Y: fa}, false},
		{&protocol.Logic{Op: protocol.Or, X: fa, Y: fa}, false}, {&protocol.Logic{Op: protocol.Or, X: fa, Y: tr}, true},
		// && does not evaluate its right operand when the left one is false.
		{&protocol.Logic{Op: protocol.And, X: fa, Y: gt(div(n(1), n(0)), n(0))}, false},
	}
	for i, tc := range tests {
		got, err := eval.Phase([]protocol.Stmt{rd("a", ite(tc.c, n(1), n(0)))}, nil, kinds, eval.Config{Threads: threads(0)})
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if (got[0].Index[0] == 1) != tc.want {
			t.Errorf("%d: got %t, want %t", i, !tc.want, tc.want)
		}
	}
}

func TestStrings(t *testing.T) {
	a := &protocol.Access{At: at(4), Mode: protocol.Write, Array: "tile", Index: []protocol.Expr{tid, tid}}
	r := eval.Race{
		A: eval.AccessValue{Thread: 0, Access: a, Index: []int64{1, 2}, Loops: []eval.LoopVal{{Name: "r", Value: 1}, {Name: "j", Value: 0}}},
		B: eval.AccessValue{Thread: 1, Access: a, Index: []int64{1, 2}},
	}
	want := "thread 0: wr tile[1][2] at t.prot:4:1 (r = 1, j = 0) races with thread 1: wr tile[1][2] at t.prot:4:1"
	if got := r.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	events := map[string]*eval.Event{
		"sync at t.prot:2:1":                                 {Kind: eval.Barrier, Stmt: &protocol.Sync{At: at(2)}},
		"if at t.prot:3:1 taking false":                      {Kind: eval.Branch, Stmt: ifTid},
		"loop at t.prot:5:1 over 0..4 step 2 (2 iterations)": {Kind: eval.Range, Stmt: loopTid, Hi: 4, Step: 2, Trips: 2},
		"the end of the protocol":                            nil,
	}
	for want, e := range events {
		if got := e.String(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

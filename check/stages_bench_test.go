package check_test

import (
	"os"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/internal/align"
	"github.com/drfcheck/drfcheck/internal/split"
	"github.com/drfcheck/drfcheck/internal/split/interval"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// The stages of the pipeline on a few protocols of testdata, one benchmark
// per stage. Each stage gets the previous stage's output, computed outside
// the timed loop.
var stageInputs = []string{
	"../testdata/protocols/claim1/test1_transpose_racy.prot",
	"../testdata/protocols/claim1/test4_last_iter_first_iter_racy.prot",
	"../testdata/protocols/constructs/sync_loop_step_racy.prot",
	"../testdata/protocols/constructs/stride_block_drf.prot",
}

type staged struct {
	name   string
	src    []byte
	file   *protocol.File
	info   *protocol.Info
	bodies [][]protocol.Stmt // one per variant and array, sliced
	traces []split.Trace
	env    []smtgen.Env
	arrays []string
}

func stages(b *testing.B) []*staged {
	var out []*staged
	for _, path := range stageInputs {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		f, err := parser.ParseFile(path, src)
		if err != nil {
			b.Fatal(err)
		}
		info, err := protocol.Check(f)
		if err != nil {
			b.Fatal(err)
		}
		s := &staged{name: path, src: src, file: f, info: info}
		prog := wellformed.Normalize(f, info, wellformed.BlockLevel, nil)
		for _, v := range prog.Variants {
			for _, a := range info.Arrays() {
				body := wellformed.Slice(v.Body, a)
				s.bodies = append(s.bodies, body)
				ts, err := split.Split(align.Align(body))
				if err != nil {
					b.Fatal(err)
				}
				for _, t := range ts {
					s.traces = append(s.traces, t)
					s.arrays = append(s.arrays, a)
					s.env = append(s.env, smtgen.Env{Info: info, Level: wellformed.BlockLevel,
						Launch: smtgen.Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{1, 1, 1}},
						Pre:    append(append([]protocol.Cond(nil), prog.Pre...), v.Pre()...)})
				}
			}
		}
		out = append(out, s)
	}
	return out
}

func BenchmarkParse(b *testing.B) {
	for _, s := range stages(b) {
		b.Run(s.name[len("../testdata/protocols/"):], func(b *testing.B) {
			b.SetBytes(int64(len(s.src)))
			for i := 0; i < b.N; i++ {
				if _, err := parser.ParseFile(s.name, s.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAlign(b *testing.B) {
	for _, s := range stages(b) {
		b.Run(s.name[len("../testdata/protocols/"):], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, body := range s.bodies {
					align.Align(body)
				}
			}
		})
	}
}

func BenchmarkSplit(b *testing.B) {
	for _, s := range stages(b) {
		b.Run(s.name[len("../testdata/protocols/"):], func(b *testing.B) {
			aligned := make([][2][]protocol.Stmt, len(s.bodies))
			for i, body := range s.bodies {
				aligned[i][0], aligned[i][1] = align.Align(body)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, a := range aligned {
					if _, err := split.Split(a[0], a[1]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkIntervals cuts the same bodies into the traces of their barrier
// intervals (internal/split/interval), the default in place of align and split.
func BenchmarkIntervals(b *testing.B) {
	for _, s := range stages(b) {
		b.Run(s.name[len("../testdata/protocols/"):], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, body := range s.bodies {
					if _, err := interval.Traces(body); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkSolve asks every race query of each protocol with one reused
// solver, as the checker does.
func BenchmarkSolve(b *testing.B) {
	solver := smtgen.NewSolver(time.Minute)
	for _, s := range stages(b) {
		b.Run(s.name[len("../testdata/protocols/"):], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for j, t := range s.traces {
					if _, err := solver.Races(smtgen.RaceQuery{Env: s.env[j], Array: s.arrays[j], Trace: t}, 1); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

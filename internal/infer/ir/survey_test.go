package ir

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// TestSurvey lowers every kernel of the project's CUDA testdata and logs
// the time the lowering took and the constructs it left Unknown or
// Opaque, by reason: what the lowering does not cover yet. It fails only
// when the lowering panics or returns an error. It runs when
// DRFCHECK_SURVEY is set (DRFCHECK_SURVEY=1 go test -run TestSurvey -v):
// it reads the 467 files with clang one by one, 90 s, and cmd/drfcheck's
// TestCUDA, which lowers every one of them too, fails on a panic of the
// lowering (an unknown whose reason is an internal error) and on a
// verdict an error of the lowering would change.
func TestSurvey(t *testing.T) {
	if os.Getenv("DRFCHECK_SURVEY") == "" {
		t.Skip("a survey: set DRFCHECK_SURVEY=1 to run it")
	}
	files, _ := filepath.Glob("../../../testdata/cuda/*/*.cu")
	if len(files) == 0 {
		t.Skip("no CUDA testdata")
	}
	counts := map[string]int{}
	where := map[string]string{}
	kernels, parsed := 0, 0
	var lowering time.Duration
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if parsed == 0 {
			parse(t, "probe.cu", "__global__ void k() {}\n") // skips without clang
		}
		tu, _, err := clang.Parse(path, src, clang.Options{})
		if err != nil {
			continue // the files of testdata/cuda/errors
		}
		parsed++
		for _, k := range Kernels(tu) {
			kernels++
			start := time.Now()
			f, err := lowerSafely(tu, k)
			lowering += time.Since(start)
			if err != nil {
				t.Errorf("%s: %s: %v", path, k.Name, err)
				continue
			}
			Inspect(f, func(n Node) bool {
				reason := ""
				switch n := n.(type) {
				case *Unknown:
					reason = "unknown: " + category(n.Reason)
				case *Opaque:
					reason = "opaque: " + category(n.Reason)
				default:
					return true
				}
				counts[reason]++
				if _, seen := where[reason]; !seen {
					where[reason] = fmt.Sprintf("%s:%d", filepath.Base(path), n.Pos().Line)
				}
				return true
			})
		}
	}
	var reasons []string
	for r := range counts {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if counts[reasons[i]] != counts[reasons[j]] {
			return counts[reasons[i]] > counts[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	var b strings.Builder
	fmt.Fprintf(&b, "lowered %d kernels of %d files in %v (%v per kernel)\n", kernels, parsed, lowering, lowering/time.Duration(max(kernels, 1)))
	for _, r := range reasons {
		fmt.Fprintf(&b, "  %4d  %-90s e.g. %s\n", counts[r], r, where[r])
	}
	t.Log("\n" + b.String())
}

// category is the kind of a reason, without the source text or names
// after its colon.
func category(reason string) string {
	if i := strings.Index(reason, ": "); i >= 0 {
		return reason[:i]
	}
	return reason
}

// lowerSafely lowers a kernel and turns a panic into an error.
func lowerSafely(tu *clang.TU, fn *clang.Node) (f *Func, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return Lower(tu, fn)
}

package cudagen

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
)

// cases generates n cases from a seed.
func cases(seed int64, n int) []*Case {
	r := rand.New(rand.NewSource(seed))
	var out []*Case
	for i := 0; i < n; i++ {
		out = append(out, New(r))
	}
	return out
}

var packRE = regexp.MustCompile(`(?m)^\s*#pragma pack\((push, [12]|pop)\)$`)

func TestDeterministic(t *testing.T) {
	a, b := cases(11, 50), cases(11, 50)
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Fatalf("case %d differs between two runs with one seed:\n%s\n---\n%s", i, a[i], b[i])
		}
	}
	// through gopter, with a fixed seed
	params := gopter.DefaultGenParameters().WithSize(10)
	params.Rng = rand.New(rand.NewSource(5))
	x := Gen()(params).Result.(*Case)
	params.Rng = rand.New(rand.NewSource(5))
	y := Gen()(params).Result.(*Case)
	if x.String() != y.String() {
		t.Fatal("Gen is not deterministic for a seed")
	}
}

func TestValid(t *testing.T) {
	names := map[string]bool{}
	for i, c := range cases(12, 300) {
		if err := Valid(c); err != nil {
			t.Fatalf("case %d is not valid: %v\n%s", i, err, c)
		}
		if names[c.Name] {
			t.Errorf("name %s given twice", c.Name)
		}
		names[c.Name] = true
		n := c.Block[0] * c.Block[1] * c.Block[2]
		if n < 1 || n > 64 || c.Grid[0]*c.Grid[1]*c.Grid[2] > 4 {
			t.Errorf("launch %v %v out of limits", c.Block, c.Grid)
		}
		// the layout family's balanced #pragma pack(push, n) ... pop are
		// the only directives: they survive concatenation
		src := packRE.ReplaceAllString(c.Source, "")
		for _, k := range []string{"precondition about pairs", "precondition fixing a parameter"} {
			if slices.Contains(Constructs(c), k) {
				// the __requires of genpair.go
				src = strings.Replace(src, "__requires(", "", 1)
			}
		}
		if strings.Contains(src, "#") || strings.Contains(src, "main(") || strings.Contains(src, "__requires") {
			t.Errorf("source has a directive, a main or __requires:\n%s", c.Source)
		}
		for _, p := range c.Params {
			if p.Pointer && (p.Len < 1 || p.Init != nil && len(p.Init) != p.Len) {
				t.Errorf("parameter %s: length %d, %d initial values", p.Name, p.Len, len(p.Init))
			}
			if !p.Pointer && (p.Value == "" || len(p.Fix) == 0 && !p.Symbolic) {
				t.Errorf("parameter %s has no value", p.Name)
			}
		}
	}
	// a case changed behind Valid's back is caught
	c := cases(13, 1)[0]
	c.Source += "\n"
	if Valid(c) == nil {
		t.Error("Valid accepts a case whose source does not match its kernel")
	}
	if Valid(&Case{Name: "k"}) == nil {
		t.Error("Valid accepts a case that was not generated")
	}
}

func TestShrinksValid(t *testing.T) {
	total := 0
	for i, c := range cases(14, 10) {
		for _, d := range Shrinks(c) {
			total++
			if err := Valid(d); err != nil {
				t.Fatalf("a shrink of case %d is not valid: %v\n%s", i, err, d)
			}
		}
	}
	t.Logf("%d shrinks checked", total)
}

// TestShrinkQuality shrinks racy kernels with a property that fails on
// every race the interpreter finds: the counterexamples must come down to
// a few lines.
func TestShrinkQuality(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(3)
	params.MinSuccessfulTests = 200
	params.Workers = 1
	longest := 0
	for _, want := range []Verdict{Racy, Divergent} {
		property := prop.ForAll(func(c *Case) bool { return c.Expect != want }, Gen())
		res := property.Check(params)
		if res.Passed() || len(res.Args) == 0 {
			t.Fatalf("no %s kernel in %d cases", want, res.Succeeded)
		}
		c := res.Args[0].Arg.(*Case)
		lines := strings.Count(c.Source, "\n")
		longest = max(longest, lines)
		t.Logf("a %s kernel, shrunk %d times to %d lines:\n%s", want, res.Args[0].Shrinks, lines, c)
		if err := Valid(c); err != nil {
			t.Errorf("the shrunk case is not valid: %v", err)
		}
		if c.Expect != want {
			t.Errorf("the shrunk case is %s, not %s", c.Expect, want)
		}
	}
	if longest > 12 {
		t.Errorf("shrunk kernels of up to %d lines: the shrinker should do better", longest)
	}
}

func TestCoverage(t *testing.T) {
	const n = 2000
	count := map[string]int{}
	verdicts := map[Verdict]int{}
	warpVerdicts := map[Verdict]int{}
	stmts := 0
	for _, c := range cases(15, n) {
		for _, k := range Constructs(c) {
			count[k]++
		}
		verdicts[c.Expect]++
		if slices.Contains(Constructs(c), "warp barrier, several warps") {
			warpVerdicts[c.Expect]++
		}
		stmts += strings.Count(c.Source, ";")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "constructs in %d kernels (%.1f statements on average):\n", n, float64(stmts)/n)
	names := append([]string(nil), ConstructNames...)
	sort.SliceStable(names, func(i, j int) bool { return count[names[i]] < count[names[j]] })
	for _, k := range names {
		fmt.Fprintf(&b, "  %-26s %5d  %5.1f%%\n", k, count[k], 100*float64(count[k])/n)
	}
	fmt.Fprintf(&b, "verdicts: drf %d, racy %d, divergent %d\n", verdicts[DRF], verdicts[Racy], verdicts[Divergent])
	fmt.Fprintf(&b, "with a warp barrier and several warps: drf %d, racy %d, divergent %d\n", warpVerdicts[DRF], warpVerdicts[Racy], warpVerdicts[Divergent])
	t.Log(b.String())
	for _, k := range ConstructNames {
		if count[k] < n/100 {
			t.Errorf("construct %q in %d of %d kernels (under 1%%)", k, count[k], n)
		}
	}
	known := map[string]bool{}
	for _, k := range ConstructNames {
		known[k] = true
	}
	for k := range count {
		if !known[k] {
			t.Errorf("construct %q is detected but not in ConstructNames", k)
		}
	}
	bad := verdicts[Racy] + verdicts[Divergent]
	if bad < n*35/100 || bad > n*65/100 || verdicts[Divergent] < n*5/100 {
		t.Errorf("verdicts out of balance: drf %d, racy %d, divergent %d", verdicts[DRF], verdicts[Racy], verdicts[Divergent])
	}
}

// TestCompiles checks that 100 kernels, each in its namespace, are C++20
// that clang++ accepts against a header declaring what the execution
// oracle provides (testdata/cuda_cpu.h).
func TestCompiles(t *testing.T) {
	clang, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("clang++ is not installed")
	}
	inc, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("#include \"cuda_cpu.h\"\n")
	launch := regexp.MustCompile(`(\w+)<<<([^;]*?)>>>\(`)
	for i, c := range cases(16, 100) {
		c.Rename(fmt.Sprintf("k%d", i))
		fmt.Fprintf(&b, "namespace %s {\n%s}\n", c.Name, launch.ReplaceAllString(c.Source, "drf_launch($1, $2)("))
	}
	file := filepath.Join(t.TempDir(), "kernels.cpp")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// -Wno-reorder-ctor: member initializer lists written out of the
	// fields' order are a construct of genctor.go (they run in the fields'
	// order all the same)
	out, err := exec.Command(clang, "-std=c++20", "-fsyntax-only", "-Wall", "-Wno-unused-variable",
		"-Wno-unused-but-set-variable", "-Wno-uninitialized", "-Wno-reorder-ctor", "-I", inc, file).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("clang++ -std=c++20 -fsyntax-only: %v\n%s", err, out)
	}
}

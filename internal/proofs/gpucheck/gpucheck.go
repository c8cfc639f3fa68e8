package gpucheck

import (
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// Options choose the cases of a cross-check.
type Options struct {
	N    int   // cases to keep
	Seed int64 // of the generator
	// Header is the share of the kept cases that use the CUDA header API
	// (cudagen's genheader.go: halves, warp collectives, scoped atomics);
	// the generator gives them to about a third of its kernels.
	Header float64
}

// Generate draws cases until opt.N are kept: hardware warps (WarpSize 32:
// the generator's smaller warps have no counterpart on a GPU), no grid
// barrier (a cooperative launch the harness does not make), distinct
// names, and at least opt.Header of them with a header construct.
func Generate(opt Options) []*cudagen.Case {
	r := rand.New(rand.NewSource(opt.Seed))
	var out []*cudagen.Case
	names := map[string]bool{}
	wantHeader := int(opt.Header * float64(opt.N))
	header := 0
	for len(out) < opt.N {
		c := cudagen.New(r)
		switch {
		case c.WarpSize != 32, hasGridSync(c), names[c.Name]:
			continue
		case c.Host != "":
			// a host program's launches (aliased buffers, sizes of its
			// own) are not what the harness launches: the CPU oracle
			// covers them
			continue
		}
		h := HasHeader(c)
		// keep plain kernels only while enough room remains for the
		// header ones
		if !h && opt.N-len(out) <= wantHeader-header {
			continue
		}
		names[c.Name] = true
		out = append(out, c)
		if h {
			header++
		}
	}
	return out
}

// HasHeader says whether a case uses a construct of the CUDA header API.
func HasHeader(c *cudagen.Case) bool {
	for _, k := range cudagen.Constructs(c) {
		if slices.Contains(cudagen.HeaderConstructNames, k) {
			return true
		}
	}
	return false
}

func hasGridSync(c *cudagen.Case) bool {
	return slices.Contains(cudagen.Constructs(c), "grid.sync()") || strings.Contains(c.Source, "this_grid")
}

// Record is one line of cases.jsonl: a case, the interpreter's verdict,
// drfcheck's, and what compare.py needs to attribute the GPU's reports.
type Record struct {
	Name      string `json:"name"`
	File      string `json:"file"`
	Index     int    `json:"index"` // the case's index in its file (the harness's argument)
	Expect    string `json:"expect"`
	Race      string `json:"race"`
	RaceArray string `json:"race_array"`
	RaceLevel string `json:"race_level"` // block, grid or ""
	// RaceOnShared: the interpreter's (first) race is on a __shared__
	// array, which racecheck can see; a race on global memory it cannot.
	RaceOnShared bool     `json:"race_on_shared"`
	SharedArrays []string `json:"shared_arrays"`
	UsesShared   bool     `json:"uses_shared"`
	Constructs   []string `json:"constructs"`
	Block        [3]int   `json:"block"`
	Grid         [3]int   `json:"grid"`
	WarpSize     int      `json:"warp"`
	Threads      int      `json:"threads"`
	DynShared    int      `json:"dyn_shared"`
	// HostVars: host variables ("int hv3;" at namespace scope) that the
	// .cu file declares __device__ for nvcc (drfcheck takes them as one
	// object of the grid, which is what __device__ is).
	HostVars    []string `json:"host_vars,omitempty"`
	Symbolic    []string `json:"symbolic,omitempty"`
	Drfcheck    string   `json:"drfcheck"`
	DrfArrays   []string `json:"drfcheck_arrays,omitempty"`
	DrfLevels   []string `json:"drfcheck_levels,omitempty"`
	DrfOnShared bool     `json:"drfcheck_race_on_shared"`
	DrfError    string   `json:"drfcheck_error,omitempty"`
	DrfUnknowns []string `json:"drfcheck_unknowns,omitempty"`
	DrfMillis   int64    `json:"drfcheck_ms"`
	Source      string   `json:"source"`
	Flags       string   `json:"drfcheck_flags"`
}

var (
	// __shared__ T name[N][M]; and extern __shared__ T name[]; as
	// cudagen's printer writes them (declText)
	sharedRE = regexp.MustCompile(`(?m)__shared__ [^;\n]*?([A-Za-z_][A-Za-z0-9_]*)((?:\[[0-9]*\])*);`)
	raceRE   = regexp.MustCompile(`(block|grid) race on ([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\[`)
	// a host variable of namespace scope, as genglobal.go prints it
	hostVarRE = regexp.MustCompile(`(?m)^(int|unsigned) (hv[0-9]+)((?:\[[0-9]+\])?);$`)
)

func sharedArrays(src string) []string {
	var out []string
	for _, m := range sharedRE.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	return out
}

// MakeRecord is the record of case c, the idx-th of the program file,
// with drfcheck's verdict v.
func MakeRecord(c *cudagen.Case, file string, idx int, v Verdict) Record {
	r := Record{
		Name: c.Name, File: file, Index: idx, Expect: c.Expect.String(), Race: c.Race,
		Constructs: cudagen.Constructs(c), Block: c.Block, Grid: c.Grid, WarpSize: c.WarpSize,
		Threads: c.Block[0] * c.Block[1] * c.Block[2] * c.Grid[0] * c.Grid[1] * c.Grid[2],
		Source:  c.Source, Flags: flagsOf(c),
	}
	if r.Constructs == nil {
		r.Constructs = []string{}
	}
	r.SharedArrays = sharedArrays(c.Source)
	if r.SharedArrays == nil {
		r.SharedArrays = []string{}
	}
	r.UsesShared = len(r.SharedArrays) > 0
	shared := map[string]bool{}
	for _, s := range r.SharedArrays {
		shared[s] = true
	}
	if m := raceRE.FindStringSubmatch(c.Race); m != nil {
		r.RaceLevel, r.RaceArray = m[1], m[2]
		r.RaceOnShared = shared[m[2]]
	}
	if strings.Contains(c.Source, "extern __shared__") {
		r.DynShared = dynShared
	}
	for _, m := range hostVarRE.FindAllStringSubmatch(c.Source, -1) {
		r.HostVars = append(r.HostVars, m[2])
	}
	for _, p := range c.Params {
		if p.Symbolic {
			r.Symbolic = append(r.Symbolic, p.Name)
		}
	}
	r.Drfcheck = v.Verdict
	if r.Drfcheck == "" {
		r.Drfcheck = "unchecked-by-gen"
	}
	r.DrfArrays, r.DrfLevels, r.DrfError, r.DrfUnknowns, r.DrfMillis = v.Arrays, v.Levels, v.Error, v.Unknowns, v.Millis
	for _, a := range v.Arrays {
		if shared[a] {
			r.DrfOnShared = true
		}
	}
	return r
}

// flagsOf is the drfcheck command line of a case (as Case.String prints it).
func flagsOf(c *cudagen.Case) string {
	s := fmt.Sprintf("-b %d,%d,%d -g %d,%d,%d --warp-size=%d --benign-races", c.Block[0], c.Block[1], c.Block[2],
		c.Grid[0], c.Grid[1], c.Grid[2], c.WarpSize)
	var keys []string
	fix := fixedOf(c)
	for k := range fix {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s += fmt.Sprintf(" -p %s=%d", k, fix[k])
	}
	return s
}

// Summary prints counts of the records' verdicts.
func Summary(recs []Record) {
	count := func(key func(Record) string) string {
		m := map[string]int{}
		for _, r := range recs {
			m[key(r)]++
		}
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		var parts []string
		for _, k := range ks {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
		return strings.Join(parts, ", ")
	}
	fmt.Fprintf(os.Stderr, "%d cases\n", len(recs))
	fmt.Fprintf(os.Stderr, "interpreter: %s\n", count(func(r Record) string { return r.Expect }))
	fmt.Fprintf(os.Stderr, "drfcheck: %s\n", count(func(r Record) string { return r.Drfcheck }))
	fmt.Fprintf(os.Stderr, "interpreter x drfcheck: %s\n", count(func(r Record) string { return r.Expect + "/" + r.Drfcheck }))
	fmt.Fprintf(os.Stderr, "racy by the interpreter, race on __shared__: %s\n", count(func(r Record) string {
		if r.Expect == "drf" {
			return "-"
		}
		return r.Expect + " shared=" + strconv.FormatBool(r.RaceOnShared) + " level=" + r.RaceLevel
	}))
	fmt.Fprintf(os.Stderr, "kernels with __shared__ arrays: %s\n", count(func(r Record) string { return strconv.FormatBool(r.UsesShared) }))
	fmt.Fprintf(os.Stderr, "with host variables made __device__: %s\n", count(func(r Record) string { return strconv.FormatBool(len(r.HostVars) > 0) }))
}

// dynShared is the bytes of extern __shared__ memory per block that the
// interpreter (dynWords) and the CPU oracle (exec.DefaultDynShared) give.
const dynShared = 16 << 10

// defaultLen is exec.DefaultLen: the elements of a pointer parameter
// without Len.
const defaultLen = 4096

var bufRefRE = regexp.MustCompile(`\$[0-9]+`)

// Program is a .cu file of cases with its harness. Each case is in its own
// namespace after "#line 1 "NAME.cu"" (so that nvcc's errors and the
// sanitizer's reports name it), its launcher after "#line 1 "NAME.host"",
// and both are left out when GX_SKIP_NAME is defined (run.sh drops the
// cases nvcc rejects that way).
func Program(cs []*cudagen.Case) (string, error) {
	var b strings.Builder
	b.WriteString(harnessHead)
	for i, c := range cs {
		t, err := caseText(c, i)
		if err != nil {
			return "", fmt.Errorf("%s: %v", c.Name, err)
		}
		b.WriteString(t)
	}
	b.WriteString("#line 1 \"gx_main.host\"\nstatic const gx::Entry gx_cases[] = {\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "#ifndef GX_SKIP_%s\n  {\"%s\", &%s::gx_run},\n#else\n  {\"%s\", nullptr},\n#endif\n", c.Name, c.Name, c.Name, c.Name)
	}
	b.WriteString("};\n")
	b.WriteString("int main(int argc, char **argv) { return gx::main(argc, argv, gx_cases, sizeof gx_cases / sizeof gx_cases[0]); }\n")
	return b.String(), nil
}

func caseText(c *cudagen.Case, idx int) (string, error) {
	var b strings.Builder
	src := hostVarRE.ReplaceAllString(c.Source, "__device__ $1 $2$3;")
	// nvcc takes a __device__ beside __shared__ (cudagen writes some), the
	// clang check of these programs (TestPrograms) does not; it says no more
	src = strings.ReplaceAll(src, "__device__ __shared__", "__shared__")
	fmt.Fprintf(&b, "#ifndef GX_SKIP_%s\n#line 1 \"%s.cu\"\nnamespace %s {\n%s\n}\n", c.Name, c.Name, c.Name, src)
	fmt.Fprintf(&b, "#line 1 \"%s.host\"\nnamespace %s {\nstatic int gx_run(int gx_idx) {\n", c.Name, c.Name)
	fmt.Fprintf(&b, "  gx::Frame gx_f(\"%s\", gx_idx);\n", c.Name)
	var args []string
	for i, p := range c.Params {
		v := fmt.Sprintf("gx_v%d", i)
		args = append(args, v)
		if p.Pointer {
			s, err := bufferInit(v, fmt.Sprintf("gx_init%d", i), p)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			continue
		}
		val := strings.TrimSpace(p.Value)
		if val == "" {
			return "", fmt.Errorf("parameter %s has no value", p.Name)
		}
		for k, q := range p.Buffers {
			if !q.Pointer {
				return "", fmt.Errorf("parameter %s: buffer %d is not a pointer", p.Name, k)
			}
			s, err := bufferInit(fmt.Sprintf("%s_%d", v, k), fmt.Sprintf("gx_init%d_%d", i, k), q)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
		}
		var bad error
		val = bufRefRE.ReplaceAllStringFunc(val, func(m string) string {
			k, _ := strconv.Atoi(m[1:])
			if k >= len(p.Buffers) {
				bad = fmt.Errorf("parameter %s: %s names no buffer", p.Name, m)
			}
			return fmt.Sprintf("%s_%d", v, k)
		})
		if bad != nil {
			return "", bad
		}
		fmt.Fprintf(&b, "  %s %s = %s;\n", p.Type, v, val)
	}
	dyn := 0
	if strings.Contains(c.Source, "extern __shared__") {
		dyn = dynShared
	}
	fmt.Fprintf(&b, "  if (!gx_f.ready()) return gx_f.finish();\n")
	fmt.Fprintf(&b, "  ::%s::%s<<<dim3(%d, %d, %d), dim3(%d, %d, %d), %d>>>(%s);\n", c.Name, c.Kernel,
		max(c.Grid[0], 1), max(c.Grid[1], 1), max(c.Grid[2], 1), max(c.Block[0], 1), max(c.Block[1], 1), max(c.Block[2], 1),
		dyn, strings.Join(args, ", "))
	b.WriteString("  return gx_f.launched();\n}\n}\n#endif\n")
	return b.String(), nil
}

// bufferInit declares v, a device buffer of p.Len elements of p's pointee,
// zeroed or holding p.Init.
func bufferInit(v, initName string, p cudagen.Param) (string, error) {
	typ := strings.TrimSpace(p.Type)
	if !strings.HasSuffix(typ, "*") {
		return "", fmt.Errorf("parameter %s: pointer of type %q", p.Name, p.Type)
	}
	elem := strings.TrimSpace(strings.TrimSuffix(typ, "*"))
	n := p.Len
	if n <= 0 {
		n = max(defaultLen, len(p.Init))
	}
	if len(p.Init) > n {
		return "", fmt.Errorf("parameter %s: %d initial values for %d elements", p.Name, len(p.Init), n)
	}
	var b strings.Builder
	init := "nullptr"
	if len(p.Init) > 0 {
		lits := make([]string, len(p.Init))
		for k, x := range p.Init {
			if x == -1<<63 {
				lits[k] = "(-9223372036854775807LL - 1)"
			} else {
				lits[k] = strconv.FormatInt(x, 10) + "LL"
			}
		}
		fmt.Fprintf(&b, "  static const long long %s[] = {%s};\n", initName, strings.Join(lits, ", "))
		init = initName
	}
	fmt.Fprintf(&b, "  %s %s = gx_f.alloc<%s>(\"%s\", %d, %s, %d);\n", typ, v, elem, p.Name, n, init, len(p.Init))
	return b.String(), nil
}

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/report"
	"github.com/drfcheck/drfcheck/protocol"
)

// The files under testdata/ carry their own expectations, in the manner of
// golang.org/x/tools/go/analysis/analysistest:
//
//	// expect: racy                  first line: the verdict of every kernel
//	// expect: k1=racy, k2=drf       or one verdict per kernel (CUDA files;
//	                                 a kernel checked for several launches
//	                                 has the worst of their verdicts)
//	// expect: error                 the file must be rejected (exit 2)
//	wr A[tid]; // want race r=1      a race is reported at this line, and
//	                                 the access here has r = 1 (a loop
//	                                 variable of the access, or a parameter)
//	if tid < 2 { // want divergence  barrier divergence is reported here
//	__barrier_invariant(...); // want invariant
//	                                 the barrier invariant here may fail
//	... // want unknown              an unknown is reported at this line
//	... // want error "message"      the error is reported at this line
//	... // want race suppressed      the finding here is reported as
//	                                 suppressed (a drfcheck:ignore comment);
//	                                 a race is when either access is; when
//	                                 every marked finding is, the run exits 0
//	// assumes: TEXT                 some check of the file rests on an
//	                                 assumption its launch does not show
//	                                 (launch.assumed) containing TEXT
//	// assumes nothing               no check of the file does
//
// The lines of races, divergences and unknowns must be exactly the marked
// ones. Expected verdicts are reasoned from the kernel (see each file's
// comments), never copied from the tool's output.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "drfcheck-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binary = filepath.Join(dir, "drfcheck")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building drfcheck:", err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// expectation is what a testdata file says about itself.
type expectation struct {
	verdicts   map[string]string // kernel name ("" for all) -> verdict
	races      map[int][]string  // line -> facts "name=value"
	divergence map[int]bool
	invariant  map[int]bool // lines of barrier invariants that may fail
	unknown    map[int]bool
	errors     map[int]string // line -> message substring
	suppressed map[int]bool   // lines whose findings are suppressed
	assumes    []string       // substrings of assumptions some check rests on
	assumesNo  bool           // no check rests on an assumption
}

var (
	expectRE = regexp.MustCompile(`^\s*//\s*expect:\s*(.+?)\s*$`)
	wantRE   = regexp.MustCompile(`//\s*want\s+(race|divergence|unknown|error|invariant)\b(.*)$`)
	assumeRE = regexp.MustCompile(`^\s*//\s*assumes(:\s*(.+?)|\s+nothing)\s*$`)
)

func readExpectation(t *testing.T, path string) expectation {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := expectation{verdicts: map[string]string{}, races: map[int][]string{}, divergence: map[int]bool{}, invariant: map[int]bool{},
		unknown: map[int]bool{}, errors: map[int]string{}, suppressed: map[int]bool{}}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if line == 1 {
			m := expectRE.FindStringSubmatch(text)
			if m == nil {
				t.Fatalf("%s:1: the first line must be // expect: VERDICT", path)
			}
			for _, part := range strings.Split(m[1], ",") {
				part = strings.TrimSpace(part)
				if name, v, ok := strings.Cut(part, "="); ok {
					e.verdicts[strings.TrimSpace(name)] = strings.TrimSpace(v)
				} else {
					e.verdicts[""] = part
				}
			}
			continue
		}
		if a := assumeRE.FindStringSubmatch(text); a != nil {
			if a[2] != "" {
				e.assumes = append(e.assumes, a[2])
			} else {
				e.assumesNo = true
			}
			continue
		}
		m := wantRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		rest := strings.TrimSpace(m[2])
		if m[1] != "error" {
			fields := strings.Fields(rest)
			if i := slices.Index(fields, "suppressed"); i >= 0 {
				e.suppressed[line] = true
				rest = strings.Join(slices.Delete(fields, i, i+1), " ")
			}
		}
		switch m[1] {
		case "race":
			e.races[line] = strings.Fields(rest)
		case "divergence":
			e.divergence[line] = true
		case "invariant":
			e.invariant[line] = true
		case "unknown":
			e.unknown[line] = true
		case "error":
			msg, err := strconv.Unquote(rest)
			if err != nil {
				msg = rest
			}
			e.errors[line] = msg
		}
	}
	return e
}

func testdataFiles(t *testing.T, root string) []string {
	if _, err := os.Stat(root); os.IsNotExist(err) {
		return nil
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (hasExt(p, protExts) || hasExt(p, cudaExts)) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func TestProtocols(t *testing.T) { runTestdata(t, "../../testdata/protocols") }

func TestCUDA(t *testing.T) { runTestdata(t, "../../testdata/cuda") }

func TestOpenCL(t *testing.T) { runTestdata(t, "../../testdata/opencl") }

func runTestdata(t *testing.T, root string) {
	files := testdataFiles(t, root)
	if len(files) == 0 {
		t.Skipf("no testdata under %s", root)
	}
	for _, path := range files {
		path := path
		t.Run(strings.TrimPrefix(path, root+"/"), func(t *testing.T) {
			t.Parallel()
			checkTestdata(t, path)
		})
	}
}

func checkTestdata(t *testing.T, path string) {
	want := readExpectation(t, path)
	// The files run in parallel: the budgets are generous, so that a
	// verdict never depends on how loaded the machine is (the default
	// kernel budget, 40 s, suits one file at a time).
	// The text and SARIF of the same run go to files: checkFormats.
	dir := t.TempDir()
	textPath, sarifPath := filepath.Join(dir, "report.txt"), filepath.Join(dir, "report.sarif")
	cmd := exec.Command(binary, "--format=json", "--output=text="+textPath, "--output=sarif="+sarifPath, "--jobs=2", "--timeout=60s", "--kernel-timeout=10m", path)
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var doc report.JSON
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("exit %d, output is not JSON: %v\n%s", code, err, out)
	}
	if len(doc.Files) != 1 {
		t.Fatalf("want one file in the output, got %d", len(doc.Files))
	}
	f := doc.Files[0]
	if want.verdicts[""] == "error" {
		checkError(t, path, f, code, want)
		return
	}
	if f.Error != nil {
		t.Fatalf("unexpected error: %s", f.Error.Message)
	}
	if len(f.Kernels) == 0 {
		t.Fatalf("no kernel checked")
	}
	got := lines{races: map[int][]report.JSONAcc{}, divergence: map[int]bool{}, unknown: map[int]bool{}, invariant: map[int]bool{}}
	// a kernel launched with several configurations is checked once for
	// each: its verdict is the worst of them (racy at one launch is racy)
	verdict := map[string]string{}
	var explained = map[string]string{}
	var order []string
	rank := map[string]int{"drf": 0, "unchecked": 0, "unknown": 1, "divergent": 2, "racy": 3}
	for _, k := range f.Kernels {
		for _, u := range k.Unknowns {
			// a panic of a stage, which even an unknown file must not hide
			if strings.Contains(u.Reason, "internal error") {
				t.Errorf("kernel %s: line %d: %s", k.Name, u.Line, u.Reason)
			}
		}
		if v, ok := verdict[k.Name]; !ok || rank[k.Verdict] > rank[v] {
			if !ok {
				order = append(order, k.Name)
			}
			verdict[k.Name] = k.Verdict
		}
		explained[k.Name] += explain(k)
		got.add(t, path, k)
	}
	for _, name := range order {
		v, ok := want.verdicts[name]
		if !ok {
			v = want.verdicts[""]
		}
		if verdict[name] != v {
			t.Errorf("kernel %s: verdict %s, want %s%s", name, verdict[name], v, explained[name])
		}
	}
	var assumed []string
	for _, k := range f.Kernels {
		assumed = append(assumed, k.Launch.Assumed...)
	}
	for _, a := range want.assumes {
		if !slices.ContainsFunc(assumed, func(x string) bool { return strings.Contains(x, a) }) {
			t.Errorf("no check assumes %q (assumed: %q)", a, assumed)
		}
	}
	if want.assumesNo && len(assumed) > 0 {
		t.Errorf("a check rests on assumptions the host code does not show: %q", assumed)
	}
	checkSuppressed(t, f, want, code)
	checkLines(t, "race", keys(want.races), keys(got.races))
	checkLines(t, "divergence", keys(want.divergence), keys(got.divergence))
	checkLines(t, "failed invariant", keys(want.invariant), keys(got.invariant))
	checkLines(t, "unknown", keys(want.unknown), keys(got.unknown))
	for line, facts := range want.races {
		for _, fact := range facts {
			if !got.hasFact(line, fact) {
				t.Errorf("line %d: no race where %s (got %s)", line, fact, got.describe(line))
			}
		}
	}
	if len(want.races) > 0 {
		text, err := os.ReadFile(textPath)
		if err != nil {
			t.Fatal(err)
		}
		sarif, err := os.ReadFile(sarifPath)
		if err != nil {
			t.Fatal(err)
		}
		checkFormats(t, doc, string(text), sarif)
	}
}

// checkSuppressed checks that the findings at the lines marked suppressed,
// and only those, are reported as suppressed, and that a file whose
// findings are all suppressed exits 0.
func checkSuppressed(t *testing.T, f report.JSONFile, want expectation, code int) {
	t.Helper()
	for _, k := range f.Kernels {
		for _, r := range k.Races {
			w := want.suppressed[r.Accesses[0].Line] || want.suppressed[r.Accesses[1].Line]
			if got := r.Suppression != nil; got != w {
				t.Errorf("race %d/%d in %s: suppressed %v, want %v", r.Accesses[0].Line, r.Accesses[1].Line, k.Name, got, w)
			}
		}
		for _, d := range k.Divergences {
			if got := d.Suppression != nil; got != want.suppressed[d.Line] {
				t.Errorf("divergence at line %d in %s: suppressed %v, want %v", d.Line, k.Name, got, want.suppressed[d.Line])
			}
		}
		for _, u := range k.Unknowns {
			if got := u.Suppression != nil; got != want.suppressed[u.Line] {
				t.Errorf("unknown at line %d in %s: suppressed %v, want %v", u.Line, k.Name, got, want.suppressed[u.Line])
			}
		}
	}
	marked := append(append(append(keys(want.races), keys(want.divergence)...), keys(want.unknown)...), keys(want.invariant)...)
	all := len(marked) > 0
	for _, l := range marked {
		all = all && want.suppressed[l]
	}
	if all && code != 0 {
		t.Errorf("every finding is suppressed, but the exit code is %d", code)
	}
}

// explain summarizes what a kernel's report found, for failure messages.
func explain(k report.JSONKernel) string {
	var parts []string
	for _, r := range k.Races {
		parts = append(parts, fmt.Sprintf("race %d:%d/%d:%d", r.Accesses[0].Line, r.Accesses[0].Col, r.Accesses[1].Line, r.Accesses[1].Col))
	}
	for _, d := range k.Divergences {
		parts = append(parts, fmt.Sprintf("divergence %d:%d", d.Line, d.Col))
	}
	for _, u := range k.Unknowns {
		parts = append(parts, fmt.Sprintf("unknown %d:%d %s", u.Line, u.Col, u.Reason))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

func checkError(t *testing.T, path string, f report.JSONFile, code int, want expectation) {
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if f.Error == nil {
		t.Fatalf("no error reported")
	}
	msg := f.Error.Message
	for line, sub := range want.errors {
		prefix := fmt.Sprintf("%s:%d:", path, line)
		if !strings.Contains(msg, prefix) || !strings.Contains(msg, sub) {
			t.Errorf("error %q: want one at %s containing %q", msg, prefix, sub)
		}
	}
	if len(want.errors) == 0 {
		t.Errorf("an error file must mark its error line with // want error")
	}
}

// lines collects what a report found, by line of the checked file.
type lines struct {
	races      map[int][]report.JSONAcc
	params     map[int][]report.JSONValue
	divergence map[int]bool
	unknown    map[int]bool
	invariant  map[int]bool
}

func (l *lines) add(t *testing.T, path string, k report.JSONKernel) {
	if l.params == nil {
		l.params = map[int][]report.JSONValue{}
	}
	for _, r := range k.Races {
		if protocol.IsInvariant(r.Array) {
			l.invariant[r.Accesses[0].Line] = true
			continue
		}
		for _, a := range r.Accesses {
			if a.File != path {
				t.Errorf("race access in %s, not in the checked file", a.File)
			}
			l.races[a.Line] = append(l.races[a.Line], a)
			l.params[a.Line] = append(l.params[a.Line], r.Params...)
		}
	}
	for _, d := range k.Divergences {
		l.divergence[d.Line] = true
	}
	for _, u := range k.Unknowns {
		l.unknown[u.Line] = true
	}
}

func (l *lines) hasFact(line int, fact string) bool {
	name, value, _ := strings.Cut(fact, "=")
	v, err := strconv.ParseInt(value, 10, 64)
	if err != nil {
		return false
	}
	for _, a := range l.races[line] {
		for _, lv := range a.Loops {
			if lv.Name == name && lv.Value == v {
				return true
			}
		}
	}
	for _, p := range l.params[line] {
		if p.Name == name && p.Value == v {
			return true
		}
	}
	return false
}

func (l *lines) describe(line int) string {
	var parts []string
	for _, a := range l.races[line] {
		parts = append(parts, fmt.Sprintf("%v", a.Loops))
	}
	return strings.Join(parts, " ")
}

func keys[V any](m map[int]V) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

func checkLines(t *testing.T, what string, want, got []int) {
	t.Helper()
	if fmt.Sprint(want) != fmt.Sprint(got) {
		t.Errorf("%s reported at lines %v, want %v", what, got, want)
	}
}

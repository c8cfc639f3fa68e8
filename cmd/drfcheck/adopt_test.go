package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/internal/report"
)

// What a team adopting drfcheck on an existing code base relies on:
// --version, --fail-on, --quiet, --kernel over a directory, suppression
// comments, baselines, --format=github, --shard and a clear error when clang
// is missing.

func runIn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestVersion(t *testing.T) {
	code, out, _ := runIn(t, "--version")
	if code != 0 || !regexp.MustCompile(`^drfcheck (v\S+|devel)( \(commit [0-9a-f]+(, modified)?\))?\n$`).MatchString(out) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	var doc report.JSON
	_, js, _ := runIn(t, "--format=json", racy)
	if err := json.Unmarshal([]byte(js), &doc); err != nil || doc.ToolVersion == "" || !strings.Contains(out, doc.ToolVersion) {
		t.Errorf("JSON tool_version %q, --version %q (%v)", doc.ToolVersion, out, err)
	}
}

// --fail-on picks the outcomes that fail the run.
func TestFailOn(t *testing.T) {
	const (
		unknown = "../../testdata/protocols/constructs/mixed_emptiness_unknown.prot"
		bad     = "../../testdata/protocols/bad/dimensions.prot"
		div     = "../../testdata/protocols/constructs/divergence_if.prot"
	)
	for _, tc := range []struct {
		failOn string
		file   string
		want   int
	}{
		{"race,divergence,unknown,error", racy, 1},
		{"unknown,error", racy, 0},
		{"race", racy, 1},
		{"race", div, 0},
		{"divergence", div, 1},
		{"race", unknown, 0},
		{"unknown", unknown, 3},
		{"race,divergence,unknown", bad, 0},
		{"error", bad, 2},
		{"none", racy, 0},
	} {
		if code, _, stderr := runIn(t, "--fail-on="+tc.failOn, tc.file); code != tc.want {
			t.Errorf("--fail-on=%s %s: exit %d, want %d (%s)", tc.failOn, tc.file, code, tc.want, stderr)
		}
	}
}

// --quiet prints only what needs attention.
func TestQuiet(t *testing.T) {
	code, out, _ := runIn(t, "--quiet", "../../testdata/protocols/claim1/")
	if code != 1 || strings.Contains(out, "data-race free [") || !strings.Contains(out, "data race on 'tile'") {
		t.Errorf("--quiet: exit %d\n%s", code, out)
	}
	_, loud, _ := runIn(t, "../../testdata/protocols/claim1/")
	if !strings.Contains(loud, "data-race free [") {
		t.Errorf("without --quiet, no race-free line:\n%s", loud)
	}
}

// --kernel over a directory checks that kernel where it is and leaves the
// other files out; no file with it at all is an error.
func TestKernelInDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.cu", "__global__ void first(int *a) { a[threadIdx.x] = 1; }\n")
	write(t, dir, "b.cu", "__global__ void second(int *a) { a[0] = threadIdx.x; }\n")
	write(t, dir, "c.prot", "shared A;\nwr A[tid];\n")
	code, out, stderr := runIn(t, "--format=json", "--kernel=second", dir)
	var doc report.JSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("exit %d: %v\n%s", code, err, stderr)
	}
	if code != 1 || len(doc.Files) != 1 || !strings.HasSuffix(doc.Files[0].Path, "b.cu") || doc.Summary.Files != 1 {
		t.Errorf("--kernel=second: exit %d, files %+v", code, doc.Files)
	}
	if code, _, stderr := runIn(t, "--kernel=third", dir); code != 2 || !strings.Contains(stderr, "no such kernel") {
		t.Errorf("--kernel=third: exit %d, %q", code, stderr)
	}
	// a file named on the command line without the kernel stays an error
	if code, _, _ := runIn(t, "--kernel=second", filepath.Join(dir, "a.cu")); code != 2 {
		t.Errorf("--kernel=second a.cu: exit %d, want 2", code)
	}
}

// A suppression comment without a reason is an error at its position and
// suppresses nothing.
func TestBadSuppression(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		comment string
		msg     string
	}{
		{"// drfcheck:ignore", "needs a rule"},
		{"// drfcheck:ignore race", "needs a reason"},
		{"// drfcheck:ignore races it is fine", "unknown rule races"},
	} {
		path := write(t, dir, "k.prot", "shared A;\n"+tc.comment+"\nwr A[0];\n")
		code, out, _ := runIn(t, path)
		if code != 1 || !strings.Contains(out, path+":2:1: error: ") || !strings.Contains(out, tc.msg) || strings.Contains(out, "suppressed") {
			t.Errorf("%q: exit %d, want 1 with an error at 2:1 containing %q\n%s", tc.comment, code, tc.msg, out)
		}
		drf := write(t, dir, "drf.prot", "shared A;\n"+tc.comment+"\nwr A[tid];\n")
		if code, _, _ := runIn(t, drf); code != 2 {
			t.Errorf("%q in a race-free file: exit %d, want 2", tc.comment, code)
		}
	}
}

// A suppressed race is listed as suppressed in JSON and SARIF, and the run
// exits 0.
func TestSuppressedOutputs(t *testing.T) {
	t.Chdir("../..") // the repository's root, %SRCROOT%
	const file = "testdata/cuda/suppress/line_racy.cu"
	code, out, _ := runIn(t, "--format=sarif", file)
	if code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string `json:"version"`
					Rules   []struct {
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				ExecutionSuccessful bool `json:"executionSuccessful"`
				ExitCode            int  `json:"exitCode"`
			} `json:"invocations"`
			BaseIDs map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Fingerprints map[string]string `json:"partialFingerprints"`
				Suppressions []struct {
					Kind          string `json:"kind"`
					Justification string `json:"justification"`
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not SARIF: %v", err)
	}
	r := log.Runs[0]
	if r.Tool.Driver.Version == "" || len(r.Invocations) != 1 || r.Invocations[0].ExitCode != 0 || !strings.HasPrefix(r.BaseIDs["%SRCROOT%"].URI, "file:///") {
		t.Errorf("driver version %q, invocations %+v, base ids %+v", r.Tool.Driver.Version, r.Invocations, r.BaseIDs)
	}
	for _, rule := range r.Tool.Driver.Rules {
		if !strings.HasPrefix(rule.HelpURI, "https://") {
			t.Errorf("rule help link %q", rule.HelpURI)
		}
	}
	races := 0
	for _, res := range r.Results {
		if res.RuleID != "drfcheck/data-race" {
			continue
		}
		races++
		loc := res.Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URIBaseID != "%SRCROOT%" || loc.URI != file {
			t.Errorf("location %+v", loc)
		}
		if len(res.Suppressions) != 1 || res.Suppressions[0].Kind != "inSource" || res.Suppressions[0].Justification == "" || res.Fingerprints["drfcheck/v2"] == "" {
			t.Errorf("race result: suppressions %+v, fingerprints %v", res.Suppressions, res.Fingerprints)
		}
	}
	if races != 2 {
		t.Errorf("%d race results, want 2", races)
	}
	var doc report.JSON
	code, js, _ := runIn(t, "--format=json", file)
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	if code != 0 || doc.ExitCode != 0 || doc.Summary.Suppressed != 1 || doc.Summary.Racy != 0 {
		t.Errorf("JSON: exit %d (%d in the document), summary %+v", code, doc.ExitCode, doc.Summary)
	}
	for _, race := range doc.Files[0].Kernels[0].Races {
		if s := race.Suppression; s == nil || s.Kind != "inSource" || s.At == nil || s.Justification == "" {
			t.Errorf("JSON race at line %d: suppression %+v", race.Accesses[0].Line, s)
		}
	}
}

// A baseline written from a run makes the same run report nothing new,
// also after the code moved; a new race is still reported.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(racy)
	if err != nil {
		t.Fatal(err)
	}
	file := write(t, dir, "k.prot", string(src))
	other := "../../testdata/cuda/loops/matmul_missing_sync_racy.cu"
	base := filepath.Join(dir, "baseline.json")
	if code, _, stderr := runIn(t, "--write-baseline", base, file, other); code != 1 {
		t.Fatalf("--write-baseline: exit %d (%s)", code, stderr)
	}
	code, out, _ := runIn(t, "--baseline", base, file, other)
	if code != 0 || strings.Contains(out, "error:") || !strings.Contains(out, "in the baseline") {
		t.Errorf("--baseline: exit %d\n%s", code, out)
	}
	// code moved down two lines: still nothing new
	write(t, dir, "k.prot", "// moved\n\n"+string(src))
	if code, out, _ := runIn(t, "--baseline", base, file); code != 0 {
		t.Errorf("after moving the code: exit %d\n%s", code, out)
	}
	// a new race on another array is reported
	write(t, dir, "k.prot", string(src)+"shared extra;\nwr extra[0];\n")
	code, out, _ = runIn(t, "--baseline", base, file)
	if code != 1 || !strings.Contains(out, "data race on 'extra'") || strings.Contains(out, "error: data race on 'tile'") {
		t.Errorf("a new race: exit %d\n%s", code, out)
	}
}

// --format=github writes workflow commands.
func TestGitHubFormat(t *testing.T) {
	code, out, _ := runIn(t, "--format=github", racy, "../../testdata/protocols/bad/dimensions.prot")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := "::error file=" + racy + ",line=10,col=19,title=drfcheck%3A data race::data race on 'tile'"
	if !strings.Contains(out, want) {
		t.Errorf("no annotation %q in\n%s", want, out)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "::") && !regexp.MustCompile(`^::(error|warning) file=[^,:]+(,line=\d+)?(,col=\d+)?,title=[^:,]+::\S`).MatchString(line) {
			t.Errorf("malformed annotation %q", line)
		}
	}
}

// The shards of a run are disjoint and cover its files.
func TestShard(t *testing.T) {
	files, _, err := expand([]string{"../../testdata/protocols"})
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for i := 1; i <= 3; i++ {
		part := shard(files, i, 3)
		if len(part) == 0 || len(part) == len(files) {
			t.Errorf("shard %d/3 has %d of %d files", i, len(part), len(files))
		}
		all = append(all, part...)
	}
	slices.Sort(all)
	if !slices.Equal(all, files) {
		t.Errorf("the shards hold %d files, want the %d files once each", len(all), len(files))
	}
	if !slices.Equal(shard(files, 2, 3), shard(files, 2, 3)) {
		t.Errorf("shard 2/3 differs between runs")
	}
}

// Without clang, a run over CUDA files stops at once with exit 4 and says
// what to install; .prot files need no clang.
func TestClangMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := runIn(t, "../../testdata/cuda/loops/matmul_missing_sync_racy.cu")
	if code != 4 || !strings.Contains(stderr, "clang is not installed") || !strings.Contains(stderr, "apt-get install clang") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if code, _, _ := runIn(t, racy); code != 1 {
		t.Errorf("a .prot file without clang: exit %d, want 1", code)
	}
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The project's .drfcheck.yaml, found upward from the files: its flags come
// first, its exclusions leave files of a directory out, its launches apply
// to the files (and the kernels) they name unless the command line gives
// one.
func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"src/sub", "third"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// racy for blocks of more than 32 threads, or more than one block
	kernels := "__global__ void k(int *a) { a[threadIdx.x % 32] = threadIdx.x; }\n__global__ void j(int *a) { a[threadIdx.x % 32] = threadIdx.x; }\n"
	write(t, filepath.Join(dir, "src/sub"), "a.cu", kernels)
	write(t, filepath.Join(dir, "third"), "t.cu", kernels)
	conf := write(t, dir, ".drfcheck.yaml", `flags: ["--fail-on=divergence,unknown,error"]
exclude: [third/]
launch:
  - path: src/**/*.cu
    blockDim: 32
    gridDim: 1
  - path: src/sub/a.cu
    kernel: j
    blockDim: 64
`)
	verdicts := func(args ...string) (int, map[string]string, report.JSON) {
		t.Helper()
		code, out, stderr := runIn(t, append([]string{"--format=json"}, args...)...)
		var doc report.JSON
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: exit %d, %v: %s", args, code, err, stderr)
		}
		v := map[string]string{}
		for _, f := range doc.Files {
			for _, k := range f.Kernels {
				v[filepath.Base(f.Path)+":"+k.Name] = k.Verdict + "/" + k.Launch.From
			}
		}
		return code, v, doc
	}
	// its flags: a race does not fail the run
	code, got, _ := verdicts(dir)
	want := map[string]string{"a.cu:k": "drf/config", "a.cu:j": "racy/config"}
	if code != 0 || len(got) != 2 || got["a.cu:k"] != want["a.cu:k"] || got["a.cu:j"] != want["a.cu:j"] {
		t.Errorf("with the configuration: exit %d, %v; want 0, %v", code, got, want)
	}
	// the command line wins
	if code, got, _ := verdicts("-b", "64", "-g", "1", "--fail-on=race", filepath.Join(dir, "src")); code != 1 || got["a.cu:k"] != "racy/flags" {
		t.Errorf("-b 64 --fail-on=race over the configuration: exit %d, %v", code, got)
	}
	if _, got, _ := verdicts("--no-config", dir); len(got) != 4 || got["a.cu:k"] != "racy/default" {
		t.Errorf("--no-config: %v", got)
	}
	other := t.TempDir()
	write(t, other, "x.cu", kernels)
	if _, got, _ := verdicts("--config", conf, other); got["x.cu:k"] != "racy/default" || len(got) != 2 {
		t.Errorf("--config for files its globs do not match: %v", got)
	}
	write(t, dir, ".drfcheck.yaml", "launch:\n  - path: src/\n    blockDim: 0\n")
	if code, _, stderr := runIn(t, dir); code != 2 || !strings.Contains(stderr, ".drfcheck.yaml:2: blockDim") {
		t.Errorf("a bad size: exit %d, %q", code, stderr)
	}
	write(t, dir, ".drfcheck.yaml", "flags: [--no-such-flag]\n")
	if code, _, stderr := runIn(t, dir); code != 2 || !strings.Contains(stderr, ".drfcheck.yaml: flags: unknown flag") {
		t.Errorf("a bad flag: exit %d, %q", code, stderr)
	}
}

package exec

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

//go:embed runtime/drf_cuda.h
var runtimeHeader string

//go:embed runtime/drf_host.h
var hostHeader string

//go:embed runtime/drf_rt.cc
var runtimeSource string

//go:embed runtime/drf_shim.cc
var shimSource string

// The headers drf_cuda.h, drf_rt.cc and drf_shim.cc include: the half
// types, and what the runtime and the shim share about warp collectives
// and scope marks.
//
//go:embed runtime/drf_half.h
var halfHeader string

//go:embed runtime/drf_coll.h
var collHeader string

// HalfHeader is the oracle's own implementation of __half and
// __nv_bfloat16 (runtime/drf_half.h), which needs nothing but a C++20
// compiler: the generator's native tests compare its interpreter with it.
func HalfHeader() string { return halfHeader }

// compileFlags are those of DESIGN.md, at -O0 so that no access is
// optimized away (found by the differential property: s = s; at -O1 lost its
// race), plus quiet diagnostics that can be attributed to cases.
var compileFlags = []string{
	"-std=c++20", "-O0", "-g", "-fsanitize=thread",
	"-w", "-ferror-limit=0", "-fno-color-diagnostics", "-fno-caret-diagnostics",
}

// shimFlags compile drf_shim.cc, which must not be instrumented.
var shimFlags = []string{"-std=c++20", "-O2", "-g0", "-fno-exceptions", "-w"}

// linkWraps are the ThreadSanitizer callbacks that the shim intercepts
// (ld --wrap), and renames the memory functions that compiled kernel code
// calls to the shim's (objcopy --redefine-sym).
var linkWraps, objRenames []string

func init() {
	var ws []string
	for _, n := range []string{"1", "2", "4", "8", "16"} {
		ws = append(ws, "__tsan_read"+n, "__tsan_write"+n)
		if n != "1" {
			ws = append(ws, "__tsan_unaligned_read"+n, "__tsan_unaligned_write"+n)
		}
	}
	ws = append(ws, "__tsan_read_range", "__tsan_write_range")
	for _, b := range []string{"8", "16", "32", "64"} {
		for _, op := range []string{"load", "store", "exchange", "fetch_add", "fetch_sub", "fetch_and", "fetch_or",
			"fetch_xor", "fetch_nand", "compare_exchange_strong", "compare_exchange_weak", "compare_exchange_val"} {
			ws = append(ws, "__tsan_atomic"+b+"_"+op)
		}
	}
	linkWraps = []string{"-Wl,--wrap=" + strings.Join(ws, ",--wrap=")}
	for _, f := range []string{"memcpy", "memmove", "memset"} {
		objRenames = append(objRenames, "--redefine-sym", f+"=drf_"+f)
	}
}

// tsanOptions: no symbolization (lines are read from the binary's DWARF by
// this package, llvm-symbolizer need not be installed); every report even on
// an address reported before (cases reuse the heap); no synchronization
// implied by the runtime's writes to standard error.
const tsanOptions = "symbolize=0 suppress_equal_addresses=0 suppress_equal_stacks=1 io_sync=0 " +
	"halt_on_error=0 report_signal_unsafe=0 report_thread_leaks=0 detect_deadlocks=0 " +
	"history_size=4 die_after_fork=0 atexit_sleep_ms=0"

type toolchain struct {
	clang   string
	objcopy string
	dir     string   // cache directory: drf_cuda.h and drf_rt.o
	wrapper []string // command prefix to run a binary (setarch -R when ASLR breaks TSan)
}

var tcOnce struct {
	sync.Once
	tc  *toolchain
	err error
}

func getToolchain() (*toolchain, error) {
	tcOnce.Do(func() {
		tcOnce.tc, tcOnce.err = newToolchain()
	})
	return tcOnce.tc, tcOnce.err
}

func newToolchain() (*toolchain, error) {
	var clang string
	for _, name := range []string{"clang++", "clang++-14", "clang++-15", "clang++-16", "clang++-17", "clang++-18"} {
		if p, err := exec.LookPath(name); err == nil {
			clang = p
			break
		}
	}
	if clang == "" {
		return nil, errors.New("clang++ not found on PATH (apt-get install clang libclang-rt-14-dev)")
	}
	objcopy, err := exec.LookPath("objcopy")
	if err != nil {
		if objcopy, err = exec.LookPath("llvm-objcopy"); err != nil {
			return nil, errors.New("objcopy not found on PATH (apt-get install binutils)")
		}
	}
	ver, err := exec.Command(clang, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %v", clang, err)
	}
	h := sha256.New()
	for _, s := range []string{string(ver), runtimeHeader, hostHeader, runtimeSource, shimSource, halfHeader, collHeader,
		strings.Join(compileFlags, " "), strings.Join(shimFlags, " ")} {
		fmt.Fprintf(h, "%d:%s", len(s), s)
	}
	key := hex.EncodeToString(h.Sum(nil))[:16]
	base, err := os.UserCacheDir()
	if err != nil || base == "" {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "drfcheck", "exec-"+key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		dir = filepath.Join(os.TempDir(), "drfcheck-exec-"+key)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	tc := &toolchain{clang: clang, objcopy: objcopy, dir: dir}
	if err := tc.prepareRuntime(); err != nil {
		return nil, err
	}
	if err := tc.selfTest(); err != nil {
		return nil, err
	}
	return tc, nil
}

// writeAtomic writes data to path through a temporary file and a rename, so
// that processes building the cache at the same time never see a partial
// file.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// prepareRuntime writes the header and compiles the runtime object into the
// cache directory unless they are there already.
func (tc *toolchain) prepareRuntime() error {
	for name, text := range map[string]string{"drf_cuda.h": runtimeHeader, "drf_host.h": hostHeader, "drf_half.h": halfHeader, "drf_coll.h": collHeader} {
		hdr := filepath.Join(tc.dir, name)
		if b, err := os.ReadFile(hdr); err != nil || string(b) != text {
			if err := writeAtomic(hdr, []byte(text)); err != nil {
				return err
			}
		}
	}
	if err := tc.compileCached("drf_rt", runtimeSource, compileFlags); err != nil {
		return err
	}
	return tc.compileCached("drf_shim", shimSource, shimFlags)
}

// compileCached compiles source into name.o in the cache directory unless it
// is there already.
func (tc *toolchain) compileCached(name, source string, flags []string) error {
	obj := filepath.Join(tc.dir, name+".o")
	if _, err := os.Stat(obj); err == nil {
		return nil
	}
	src := filepath.Join(tc.dir, name+".cc")
	if err := writeAtomic(src, []byte(source)); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(tc.dir, name+".o.tmp*")
	if err != nil {
		return err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := append(append([]string{}, flags...), "-I", tc.dir, "-c", src, "-o", tmp.Name())
	if out, err := exec.Command(tc.clang, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("compiling the oracle's runtime (%s): %v\n%s", name, err, out)
	}
	return os.Rename(tmp.Name(), obj)
}

// selfTest compiles and runs a racy kernel: it checks that binaries link
// with the TSan runtime, run (some kernels' address-space randomization
// breaks TSan of clang 14: then binaries run under setarch -R) and report
// the race.
func (tc *toolchain) selfTest() error {
	dir, err := os.MkdirTemp("", "drfexec-selftest-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	u, err := genUnit(0, Case{
		Name:   "selftest",
		Source: "__global__ void k(int *p) { p[0] = threadIdx.x; }",
		Kernel: "k", Block: Dim3{8, 1, 1}, Grid: Dim3{1, 1, 1},
		Params: []Param{{Name: "p", Type: "int *", Pointer: true, Len: 1}},
	})
	if err != nil {
		return err
	}
	bin := filepath.Join(dir, "batch")
	if diag, err := tc.compile(context.Background(), dir, bin, []*unit{u}); err != nil {
		return fmt.Errorf("compiling a test kernel with -fsanitize=thread: %v\n%s", err, diag)
	}
	try := func() (string, error) {
		args := append(append([]string{}, tc.wrapper...), bin, "0", "1")
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "TSAN_OPTIONS="+tsanOptions)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		return stderr.String(), err
	}
	out, err := try()
	if !strings.Contains(out, "@@DRF DONE") {
		if p, lerr := exec.LookPath("setarch"); lerr == nil {
			tc.wrapper = []string{p, "-R"}
			out2, err2 := try()
			if strings.Contains(out2, "@@DRF DONE") {
				out, err = out2, err2
			} else {
				tc.wrapper = nil
			}
		}
	}
	if !strings.Contains(out, "@@DRF DONE") {
		return fmt.Errorf("running a test kernel under ThreadSanitizer failed (%v):\n%s", err, out)
	}
	if !strings.Contains(out, "WARNING: ThreadSanitizer: data race") {
		return fmt.Errorf("ThreadSanitizer did not report the race of a test kernel:\n%s", out)
	}
	return nil
}

// compile builds the binary bin from units in dir: compiles them, renames
// the memory functions in the object, links with the runtime and the shim.
// On failure it returns the tools' diagnostics.
func (tc *toolchain) compile(ctx context.Context, dir, bin string, units []*unit) (string, error) {
	src, obj := bin+".cc", bin+".o"
	if err := os.WriteFile(src, []byte(batchSource(units)), 0o644); err != nil {
		return "", err
	}
	steps := [][]string{
		append(append([]string{tc.clang}, compileFlags...), "-I", tc.dir, "-c", src, "-o", obj),
		append(append([]string{tc.objcopy}, objRenames...), obj),
		append([]string{tc.clang, "-fsanitize=thread", obj, filepath.Join(tc.dir, "drf_rt.o"),
			filepath.Join(tc.dir, "drf_shim.o"), "-o", bin, "-lpthread"}, linkWraps...),
	}
	for _, st := range steps {
		cmd := exec.CommandContext(ctx, st[0], st[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return string(out), err
		}
	}
	return "", nil
}

// built is a binary and the units it holds, in the order of its table.
type built struct {
	bin   string
	units []*unit
}

var diagLocRE = regexp.MustCompile(`drfcase_(\d+)\.(cu|gen):(\d+)(?::(\d+))?`)

// build compiles units into one or more binaries. A unit that does not
// compile gets its error in errs (by batch index) and is left out; the
// others still run.
func (tc *toolchain) build(ctx context.Context, dir, name string, units []*unit, errs map[int]error) []built {
	var result []built
	var rec func(name string, units []*unit)
	rec = func(name string, units []*unit) {
		for len(units) > 0 {
			if ctx.Err() != nil {
				for _, u := range units {
					errs[u.idx] = ctx.Err()
				}
				return
			}
			bin := filepath.Join(dir, name)
			diag, err := tc.compile(ctx, dir, bin, units)
			if err == nil {
				result = append(result, built{bin: bin, units: units})
				return
			}
			bad := attribute(diag)
			var keep []*unit
			for _, u := range units {
				if msgs, ok := bad[u.idx]; ok {
					errs[u.idx] = fmt.Errorf("compile error:\n%s", strings.Join(msgs, "\n"))
				} else {
					keep = append(keep, u)
				}
			}
			if len(keep) < len(units) {
				units = keep
				continue
			}
			// Nothing could be attributed: split, and a single unit fails.
			if len(units) == 1 {
				errs[units[0].idx] = fmt.Errorf("compile error:\n%s", trimDiag(diag))
				return
			}
			h := len(units) / 2
			rec(name+"a", units[:h])
			rec(name+"b", units[h:])
			return
		}
	}
	rec(name, units)
	return result
}

// attribute maps the error groups of clang's output (an error and the notes
// that follow it) to cases: the error's location if it is in a case, or else
// the first case location of its notes.
func attribute(diag string) map[int][]string {
	bad := map[int][]string{}
	lines := strings.Split(diag, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		isErr := strings.Contains(l, "error:") || strings.Contains(l, "undefined reference")
		if !isErr {
			continue
		}
		group := []string{l}
		for j := i + 1; j < len(lines) && strings.Contains(lines[j], "note:"); j++ {
			group = append(group, lines[j])
		}
		// A linker error names the function first and the location after.
		if i > 0 && strings.Contains(lines[i-1], "in function") {
			group = append(group, lines[i-1])
		}
		idx := -1
		for _, g := range group {
			if m := diagLocRE.FindStringSubmatch(g); m != nil {
				idx, _ = strconv.Atoi(m[1])
				break
			}
		}
		if idx >= 0 {
			bad[idx] = append(bad[idx], cleanDiag(l))
		}
	}
	return bad
}

// cleanDiag shows a diagnostic in the case's own terms: "line 3:5: error: ...".
func cleanDiag(l string) string {
	l = strings.TrimSpace(l)
	if i := strings.Index(l, "drfcase_"); i >= 0 {
		m := diagLocRE.FindStringSubmatchIndex(l[i:])
		if m != nil && m[0] == 0 {
			loc := "line " + l[i+m[6]:i+m[7]]
			if m[8] >= 0 {
				loc += ":" + l[i+m[8]:i+m[9]]
			}
			if l[i+m[4]:i+m[5]] == "gen" {
				loc = "launcher " + loc
			}
			return loc + l[i+m[1]:]
		}
	}
	return l
}

func trimDiag(diag string) string {
	lines := strings.Split(strings.TrimSpace(diag), "\n")
	if len(lines) > 30 {
		lines = append(lines[:30], "...")
	}
	return strings.Join(lines, "\n")
}

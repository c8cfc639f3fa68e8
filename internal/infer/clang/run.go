// Package clang runs clang on a CUDA file and decodes its JSON AST: the
// parsing step of the protocol inference of Cogumbreiro, Lange, Liew and
// Zicarelli, "Checking Data-Race Freedom of GPU Kernels, Compositionally"
// (CAV 2021, Section 5, "Inference": "It uses libclang to parse the
// kernel").
//
// No CUDA SDK is needed. clang checks the file as host code
// (-x cuda --cuda-host-only -nocudainc -nocudalib) with a prelude that
// declares what nvcc provides implicitly (qualifiers, dim3, threadIdx and
// friends, barriers, atomics, warp functions, device math) and stub headers
// (cuda.h, cuda_runtime.h, cooperative_groups.h, ...), all embedded in the
// binary and extracted once per process. clang's errors become positioned
// errors in the user's file.
//
// clang prints a location's file and line only when they change from the
// previous location it printed; package clang carries them forward in
// document order (type resolver), and decodes lazily so that declarations
// from system headers, which can make up almost all of a dump, cost a scan
// and no decoding.
package clang

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
)

//go:embed include
var headers embed.FS

// Prelude is the name of the force-included header.
const Prelude = "drfcheck_prelude.h"

// Fallback is the header of declarations that code may use without
// declaring them (drfcheck_fallback.h), force-included after the prelude
// in a second run of clang on a file with errors.
const Fallback = "drfcheck_fallback.h"

// Options configure a run of clang.
type Options struct {
	Clang    string   // the clang executable; "" for "clang"
	Defines  []string // -D: NAME or NAME=VALUE
	Includes []string // -I: directories
	// Flags are more preprocessor and language flags, passed as they are
	// after Defines and Includes (-isystem, -U, -std=, -include: what a
	// compilation database gives a file).
	Flags   []string
	Timeout time.Duration
	// Context stops clang when it is done (a user's Ctrl-C, an editor
	// that moved on); nil for none.
	Context context.Context
	// OpenCL parses the file as OpenCL C (clang's -x cl, OpenCL C 1.2
	// unless Flags give -cl-std=) with the OpenCL prelude; otherwise it is
	// CUDA.
	OpenCL bool
}

// IsOpenCL reports whether a file is OpenCL C by its name (.cl).
func IsOpenCL(path string) bool { return strings.EqualFold(filepath.Ext(path), ".cl") }

// Timing is the time spent in clang and in decoding its output.
type Timing struct {
	Clang, Decode time.Duration
}

// Parse runs clang on the file at path, whose content is src, and returns
// its translation unit. When src is not what the file holds on disk (an
// editor's unsaved buffer, code appended), clang reads src through a
// virtual file system overlay, under the file's own name, so that
// positions and the file's relative includes stay the file's. clang's
// errors are returned as a protocol.ErrorList positioned in the file.
func Parse(path string, src []byte, opts Options) (*TU, Timing, error) {
	var t Timing
	opts.OpenCL = opts.OpenCL || IsOpenCL(path)
	dir, err := IncludeDir()
	if err != nil {
		return nil, t, err
	}
	base := opts.Flags // without an overlay of the main file (Probe writes its own copy)
	if disk, err := os.ReadFile(path); err == nil && !bytes.Equal(disk, src) {
		overlay, remove, err := overlayFor(path, src)
		if err != nil {
			return nil, t, fmt.Errorf("%s: %v", path, err)
		}
		defer remove()
		opts.Flags = append(base[:len(base):len(base)], "-ivfsoverlay", overlay)
	}
	bin := opts.Clang
	if bin == "" {
		bin = "clang"
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	parent := opts.Context
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	start := time.Now()
	// clang's JSON goes to a file, not to memory: a file that includes
	// the C++ standard headers dumps over 100 MB, of which the kernels
	// need a few declarations (see scanner). The file is removed at once
	// and lives while the TU holds it open.
	stdout, err := os.CreateTemp("", "drfcheck-ast-*.json")
	if err != nil {
		return nil, t, fmt.Errorf("%s: %v", path, err)
	}
	os.Remove(stdout.Name())
	keep := false
	defer func() {
		if !keep {
			stdout.Close()
		}
	}()
	var stderr bytes.Buffer
	run := func(prelude []string) error {
		if err := stdout.Truncate(0); err != nil {
			return err
		}
		if _, err := stdout.Seek(0, io.SeekStart); err != nil {
			return err
		}
		stderr.Reset()
		cmd := exec.CommandContext(ctx, bin, Args(dir, path, prelude, opts)...)
		cmd.Stdout, cmd.Stderr = stdout, &stderr
		return cmd.Run()
	}
	std := opts.std()
	prelude := preludeFlags(ctx, bin, dir, std, false)
	runErr := run(prelude)
	if runErr != nil && pchFailed(stderr.Bytes()) {
		// a stale or foreign precompiled prelude: make it again, and
		// without it if that fails too
		prelude = preludeFlags(ctx, bin, dir, std, true)
		runErr = run(prelude)
		if runErr != nil && pchFailed(stderr.Bytes()) {
			prelude = []string{"-include", preludeOf(std)}
			runErr = run(prelude)
		}
	}
	var stubs *stubDir
	for round := 0; runErr != nil && round < maxMissing; round++ {
		name, ok := missingHeader(stderr.Bytes())
		if !ok {
			break
		}
		if stubs == nil {
			if stubs, err = newStubDir(); err != nil {
				break
			}
			defer stubs.remove()
			opts.Includes = append(opts.Includes[:len(opts.Includes):len(opts.Includes)], stubs.dir)
		}
		if !stubs.add(name) {
			break
		}
		runErr = run(prelude)
	}
	fallback := false
	if before := errorCount(stderr.Bytes()); runErr != nil && ctx.Err() == nil && before > 0 && !opts.OpenCL {
		// names the file uses without declaring them (helper_math.h's
		// vector helpers, CUDART_PI_F, curandState): a second run with
		// drfcheck's fallback declarations, kept when it has fewer errors
		with := append(prelude[:len(prelude):len(prelude)], "-include", Fallback)
		err := run(with)
		if ctx.Err() == nil && (err == nil || errorCount(stderr.Bytes()) < before) {
			prelude, runErr, fallback = with, err, true
		} else if ctx.Err() == nil {
			runErr = run(prelude)
		}
	}
	var renamed []Redefined
	if runErr != nil && ctx.Err() == nil && !opts.OpenCL {
		prelude, renamed, runErr = renameTypedefs(prelude, runErr, &stderr, dir, path, src, run)
	}
	var repaired []Repair
	if runErr != nil && ctx.Err() == nil && !opts.OpenCL {
		before, flags, fixed := bytes.Clone(stderr.Bytes()), opts.Flags, src
		var err error = runErr
		// clang stops at 20 errors: a round repairs those it reported
		for round := 0; err != nil && ctx.Err() == nil && round < maxRepairRounds; round++ {
			f, at := fixed, []Repair(nil)
			for _, r := range repairs {
				if g, more := r(stderr.Bytes(), path, f); more != nil {
					f, at = g, append(at, more...)
				}
			}
			if at == nil {
				break
			}
			overlay, remove, oerr := overlayFor(path, f)
			if oerr != nil {
				break
			}
			defer remove()
			fixed, repaired = f, append(repaired, at...)
			opts.Flags = append(base[:len(base):len(base)], "-ivfsoverlay", overlay)
			err = run(prelude)
		}
		switch {
		case repaired == nil:
		case err == nil || ctx.Err() == nil && progress(before, stderr.Bytes(), repairedRE):
			src, runErr = fixed, err
		default:
			repaired, opts.Flags = nil, flags
			runErr = run(prelude)
		}
	}
	t.Clang = time.Since(start)
	var soft protocol.ErrorList
	if runErr != nil && ctx.Err() == nil {
		// clang still dumps the tree of a file with errors: the kernels
		// they do not reach can be checked (infer decides which)
		var exit *exec.ExitError
		if errors.As(runErr, &exit) {
			soft = Diagnostics(stderr.Bytes(), path, dir)
			if len(soft) > 0 && !fatal(stderr.Bytes()) {
				runErr = nil
			}
		}
	}
	if runErr != nil {
		var exit *exec.ExitError
		if errors.Is(runErr, exec.ErrNotFound) || errors.Is(runErr, fs.ErrNotExist) {
			return nil, t, fmt.Errorf("%s: cannot run %s: it is not installed (make deps installs it)", path, bin)
		}
		if ctx.Err() != nil {
			return nil, t, fmt.Errorf("%s: clang took longer than %s", path, timeout)
		}
		if !errors.As(runErr, &exit) {
			return nil, t, fmt.Errorf("%s: running %s: %v", path, bin, runErr)
		}
		if errs := Diagnostics(stderr.Bytes(), path, dir); len(errs) > 0 {
			return nil, t, errs.Err()
		}
		return nil, t, fmt.Errorf("%s: clang failed: %s", path, strings.TrimSpace(stderr.String()))
	}
	start = time.Now()
	tu, err := decodeDump(stdout, path, src, dir)
	t.Decode = time.Since(start)
	if err != nil {
		if len(soft) > 0 {
			return nil, t, soft.Err()
		}
		return nil, t, fmt.Errorf("%s: %v", path, err)
	}
	tu.Errors = soft
	tu.Fallback = fallback
	tu.Renamed = renamed
	tu.Repaired = repaired
	tu.OpenCL = opts.OpenCL
	tu.pure = pureSet(ctx, bin, dir)
	if stubs != nil {
		tu.Missing = stubs.names
		opts.Includes = opts.Includes[:len(opts.Includes)-1]
	}
	opts.Flags = base // the prober compiles a copy of the main file, tu.Src
	tu.prober = &prober{bin: bin, includeDir: dir, prelude: prelude, opts: opts, missing: tu.Missing}
	keep = tu.dump == io.ReaderAt(stdout) // then closed when the TU is dropped (os.File's finalizer)
	return tu, t, nil
}

// inMemory is the size of a dump up to which it is read into memory
// whole: a file with the prelude alone dumps a few megabytes, which one
// read takes faster than a stream; a dump of the C++ standard headers
// (100 MB and more) is scanned from the file.
const inMemory = 32 << 20

// decodeDump makes the TU of the dump clang wrote to f.
func decodeDump(f *os.File, path string, src []byte, dir string) (*TU, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if size := info.Size(); size <= inMemory {
		data := make([]byte, size)
		if _, err := f.ReadAt(data, 0); err != nil && err != io.EOF {
			return nil, err
		}
		return NewTU(data, path, src, dir)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return newTU(f, path, src, dir)
}

// DefaultStd is the language standard a file is read in unless its flags
// name one: nvcc's default since CUDA 11 is C++17 (guaranteed copy
// elision, inline variables, if constexpr, structured bindings), clang's
// for CUDA is C++14.
const DefaultStd = "-std=c++17"

// Std returns the language standard flag of a file's flags: the last
// -std= (or --std=, -std X) among them, or DefaultStd.
func Std(flags []string) string {
	std := DefaultStd
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch {
		case strings.HasPrefix(f, "-std=") || strings.HasPrefix(f, "--std="):
			std = "-std=" + f[strings.Index(f, "=")+1:]
		case (f == "-std" || f == "--std") && i+1 < len(flags):
			std = "-std=" + flags[i+1]
			i++
		}
	}
	return std
}

// DefaultCLStd is the OpenCL C version of a .cl file that names none:
// 1.2, what every OpenCL implementation supports and what GPUVerify's
// kernels are written in.
const DefaultCLStd = "-cl-std=CL1.2"

// OpenCLPrelude is the force-included header of an OpenCL file.
const OpenCLPrelude = "drfcheck_opencl.h"

// std returns the language standard flag of a run: Std for CUDA, the last
// -cl-std= of the flags (or DefaultCLStd) for OpenCL.
func (o Options) std() string {
	if !o.OpenCL {
		return Std(o.Flags)
	}
	std := DefaultCLStd
	for _, f := range o.Flags {
		if strings.HasPrefix(f, "-cl-std=") {
			std = f
		}
	}
	return std
}

func isCL(std string) bool { return strings.HasPrefix(std, "-cl-std=") }

// preludeOf is the prelude of a language standard.
func preludeOf(std string) string {
	if isCL(std) {
		return OpenCLPrelude
	}
	return Prelude
}

// languageFlags are the flags that the prelude is compiled with, alone or
// precompiled; std is the language standard (Options.std). OpenCL's
// built-in functions are declared by clang as the kernel uses them
// (-fdeclare-opencl-builtins, with opencl-c-base.h's types and macros),
// so that the dump holds the few the kernel calls, not opencl-c.h's
// thousands.
func languageFlags(includeDir, std string) []string {
	if isCL(std) {
		return []string{"-x", "cl", std, "-Xclang", "-fdeclare-opencl-builtins", "-Xclang", "-finclude-default-header",
			"-w", "-I", includeDir}
	}
	return []string{"-x", "cuda", std, "--cuda-host-only", "-nocudainc", "-nocudalib", "-w",
		// printf and the GPUVerify annotations are variadic device functions
		"-Xclang", "-fcuda-allow-variadic-functions",
		"-I", includeDir}
}

// Args returns clang's arguments for a file; prelude is the flags that
// include the prelude (-include or -include-pch).
func Args(includeDir, path string, prelude []string, opts Options) []string {
	args := append(languageFlags(includeDir, opts.std()), "-fsyntax-only", "-fno-color-diagnostics", "-fno-caret-diagnostics", "-ferror-limit=20")
	args = append(args, prelude...)
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	for _, i := range opts.Includes {
		args = append(args, "-I"+i)
	}
	args = append(args, opts.Flags...)
	return append(args, "-Xclang", "-ast-dump=json", path)
}

var (
	diagRE     = regexp.MustCompile(`^(.*?):(\d+):(\d+): (fatal error|error): (.*)$`)
	includedRE = regexp.MustCompile(`^In file included from (.*?):(\d+):$`)
)

// Diagnostics extracts clang's errors. An error in the main file or in a
// header of the user's (one outside drfcheck's and the system's
// directories) keeps its position; an error in another included file is
// placed at the line of the user's file that includes it (or at line 1 of
// the main file, for the prelude and the command line), naming the header
// position in the message.
func Diagnostics(stderr []byte, path, includeDir string) protocol.ErrorList {
	var errs protocol.ErrorList
	var chain []string // "In file included from" lines before the next diagnostic
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := includedRE.FindStringSubmatch(line); m != nil {
			chain = append(chain, line)
			continue
		}
		m := diagRE.FindStringSubmatch(line)
		if m == nil {
			if !strings.HasPrefix(line, "In file included from") {
				chain = nil
			}
			continue
		}
		includes := chain
		chain = nil
		file, msg := m[1], m[5]
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		where := file
		ours := false
		if rel, err := filepath.Rel(includeDir, file); err == nil && !strings.HasPrefix(rel, "..") {
			where, ours = "drfcheck's "+rel, true
		}
		if file == path || !ours && !systemFile(file) && !strings.HasPrefix(file, "<") {
			errs = append(errs, protocol.Errorf(protocol.Pos{File: file, Line: ln, Col: col}, "%s", msg))
			continue
		}
		// the nearest includer that is the user's
		at := protocol.Pos{File: path, Line: 1, Col: 1}
		for i := len(includes) - 1; i >= 0; i-- { // innermost last
			im := includedRE.FindStringSubmatch(includes[i])
			if im == nil {
				continue
			}
			if f := im[1]; f == path || !systemFile(f) && !strings.HasPrefix(f, "<") && !strings.HasPrefix(f, includeDir+string(filepath.Separator)) {
				l, _ := strconv.Atoi(im[2])
				at = protocol.Pos{File: f, Line: l, Col: 1}
				break
			}
		}
		errs = append(errs, protocol.Errorf(at, "in %s:%s:%s: %s", where, m[2], m[3], msg))
	}
	return errs
}

// maxRepairRounds bounds the rounds of repairs (repair.go), each of the
// 20 errors clang reports at most.
const maxRepairRounds = 16

// maxMissing bounds the headers replaced by empty ones: clang stops at the
// first header it cannot find, so each costs a run.
const maxMissing = 16

var missingRE = regexp.MustCompile(`(?m)^.*?:\d+:\d+: fatal error: '([^']+)' file not found$`)

// missingHeader returns the header clang stopped at, not found.
func missingHeader(stderr []byte) (string, bool) {
	m := missingRE.FindSubmatch(stderr)
	if m == nil {
		return "", false
	}
	return string(m[1]), true
}

// errorCount is the number of errors clang reported; a fatal error (a
// header not found, too many errors) counts for more than any number of
// others, since clang's tree then lacks the rest of the file.
func errorCount(stderr []byte) int {
	n := 0
	for _, line := range bytes.Split(stderr, []byte("\n")) {
		switch {
		case bytes.Contains(line, []byte(": fatal error: ")):
			n += 1 << 20
		case bytes.Contains(line, []byte(": error: ")):
			n++
		}
	}
	return n
}

// fatal reports whether clang stopped early (a fatal error, or too many
// errors): then its tree is not the whole file.
func fatal(stderr []byte) bool {
	return bytes.Contains(stderr, []byte("fatal error: "))
}

// stubDir is a directory of empty headers standing for those not found.
type stubDir struct {
	dir   string
	names []string
}

func newStubDir() (*stubDir, error) {
	dir, err := os.MkdirTemp("", "drfcheck-missing-")
	if err != nil {
		return nil, err
	}
	return &stubDir{dir: dir}, nil
}

// add makes an empty header of that name; it refuses a name that would
// land outside the directory (an absolute path, ..).
func (s *stubDir) add(name string) bool {
	clean := filepath.Clean(filepath.FromSlash(name))
	if filepath.IsAbs(clean) || clean == "." || strings.HasPrefix(clean, "..") {
		return false
	}
	path := filepath.Join(s.dir, clean)
	if _, err := os.Stat(path); err == nil {
		return false // already stubbed: clang did not take it
	}
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil || os.WriteFile(path, nil, 0o644) != nil {
		return false
	}
	s.names = append(s.names, name)
	return true
}

func (s *stubDir) remove() { os.RemoveAll(s.dir) }

// pchFailed reports whether clang rejected the precompiled prelude.
func pchFailed(stderr []byte) bool {
	return bytes.Contains(stderr, []byte("PCH")) || bytes.Contains(stderr, []byte("precompiled"))
}

var (
	pchMu  sync.Mutex
	pchFor = map[string]string{} // clang executable and standard -> its precompiled prelude, "" for none
)

// preludeFlags returns the flags that include the prelude: the prelude
// precompiled by this clang when that works (made on first use, and again
// when remake is set), which saves clang parsing it and, above all,
// dumping its hundreds of declarations for every file; the header itself
// otherwise. Declarations of a precompiled header are left out of the dump
// unless used, and the front end knows the prelude's by name.
func preludeFlags(ctx context.Context, bin, dir, std string, remake bool) []string {
	pchMu.Lock()
	defer pchMu.Unlock()
	key := bin + "\x00" + std
	pch, ok := pchFor[key]
	if !ok || remake {
		pch = makePCH(ctx, bin, dir, std, remake)
		pchFor[key] = pch
	}
	if pch == "" {
		return []string{"-include", preludeOf(std)}
	}
	return []string{"-include-pch", pch}
}

// makePCH precompiles the prelude for a clang executable and a language
// standard, into the include directory under a name of its own, unless it
// exists (and remake is not set). It returns "" when that fails.
func makePCH(ctx context.Context, bin, dir, std string, remake bool) string {
	h := sha256.Sum256([]byte(bin + "\x00" + std))
	pch := filepath.Join(dir, fmt.Sprintf("prelude-%s.pch", hex.EncodeToString(h[:8])))
	if _, err := os.Stat(pch); err == nil && !remake {
		return pch
	}
	tmp, err := os.CreateTemp(dir, "prelude-*.tmp")
	if err != nil {
		return ""
	}
	tmp.Close()
	args := append(languageFlags(dir, std), "-Xclang", "-emit-pch", "-o", tmp.Name(), "-c", filepath.Join(dir, preludeOf(std)))
	if err := exec.CommandContext(ctx, bin, args...).Run(); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	if err := os.Rename(tmp.Name(), pch); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	return pch
}

var (
	includeOnce sync.Once
	includePath string
	includeErr  error
)

// IncludeDir returns the directory holding the prelude and the stub
// headers, extracting them on first use. The directory is named after a
// hash of its content in the user's cache directory, so that runs share it
// and a different version of drfcheck never uses stale headers.
func IncludeDir() (string, error) {
	includeOnce.Do(func() { includePath, includeErr = extract() })
	return includePath, includeErr
}

func extract() (string, error) {
	files, sum, err := embedded()
	if err != nil {
		return "", err
	}
	base, err := os.UserCacheDir()
	if err != nil || os.MkdirAll(filepath.Join(base, "drfcheck"), 0o755) != nil {
		base = os.TempDir()
	} else {
		base = filepath.Join(base, "drfcheck")
	}
	dir := filepath.Join(base, fmt.Sprintf("include-%d-%s", os.Getuid(), sum[:16]))
	if same(dir, files) {
		return dir, nil
	}
	tmp, err := os.MkdirTemp(base, "include-tmp-")
	if err != nil {
		return "", fmt.Errorf("extracting the CUDA prelude: %v", err)
	}
	for name, data := range files {
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			os.RemoveAll(tmp)
			return "", fmt.Errorf("extracting the CUDA prelude: %v", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			os.RemoveAll(tmp)
			return "", fmt.Errorf("extracting the CUDA prelude: %v", err)
		}
	}
	os.RemoveAll(dir) // a partial or modified copy
	if err := os.Rename(tmp, dir); err != nil {
		if same(dir, files) { // another process won the race
			os.RemoveAll(tmp)
			return dir, nil
		}
		return tmp, nil
	}
	return dir, nil
}

// embedded returns the embedded headers by path in the include directory
// (cuda/atomic, cooperative_groups/reduce.h) and a hash of them.
func embedded() (map[string][]byte, string, error) {
	files := map[string][]byte{}
	h := sha256.New()
	err := fs.WalkDir(headers, "include", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := headers.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "include/")
		files[name] = data
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
		return nil
	})
	return files, hex.EncodeToString(h.Sum(nil)), err
}

// same reports whether dir holds these files (and perhaps precompiled
// preludes).
func same(dir string, files map[string][]byte) bool {
	if _, err := os.Stat(dir); err != nil {
		return false
	}
	for name, data := range files {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, data) {
			return false
		}
	}
	return true
}

// Available reports whether the clang executable bin ("" for "clang") can
// be run, with an error that says how to install it when it cannot.
func Available(bin string) error {
	if bin == "" {
		bin = "clang"
	}
	if _, err := exec.LookPath(bin); err != nil {
		return fmt.Errorf("%s is not installed (or not on PATH): drfcheck reads CUDA files with clang's front end (clang 14 or newer); on Debian or Ubuntu: sudo apt-get install clang", bin)
	}
	return nil
}

// overlayFor writes src to a temporary directory with a clang VFS overlay
// that puts it in place of the file at path (under path's own name:
// use-external-names is off), and returns the overlay's name and how to
// remove both.
func overlayFor(path string, src []byte) (string, func(), error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", nil, err
	}
	tmp, err := os.MkdirTemp("", "drfcheck-src-*")
	if err != nil {
		return "", nil, err
	}
	remove := func() { os.RemoveAll(tmp) }
	contents := filepath.Join(tmp, "src"+filepath.Ext(path))
	type entry struct {
		Name     string  `json:"name"`
		Type     string  `json:"type"`
		External string  `json:"external-contents,omitempty"`
		Contents []entry `json:"contents,omitempty"`
	}
	overlay := struct {
		Version          int     `json:"version"`
		UseExternalNames bool    `json:"use-external-names"`
		CaseSensitive    bool    `json:"case-sensitive"`
		Roots            []entry `json:"roots"`
	}{Version: 0, CaseSensitive: true, Roots: []entry{{Name: filepath.Dir(abs), Type: "directory",
		Contents: []entry{{Name: filepath.Base(abs), Type: "file", External: contents}}}}}
	data, err := json.Marshal(overlay) // YAML reads JSON
	if err == nil {
		err = os.WriteFile(contents, src, 0o600)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, "overlay.yaml"), data, 0o600)
	}
	if err != nil {
		remove()
		return "", nil, err
	}
	return filepath.Join(tmp, "overlay.yaml"), remove, nil
}

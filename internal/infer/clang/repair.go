package clang

import (
	"bufio"
	"bytes"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
)

// Repairs of the main file: valid CUDA that clang rejects, read as nvcc
// reads it. CUDA allows __device__ beside __shared__ (and __constant__) on
// a variable ("__shared__, optionally used together with __device__", the
// CUDA C++ Programming Guide), old code writes `__device__ __shared__
// float s[N];` in a kernel, and clang rejects __device__ on a local. Such a
// __device__ says nothing more than __shared__ does: it is blanked (spaces,
// so that every position stays where it was) and the file is read again.

// Repair is one place of the main file that was read as nvcc reads it,
// and what was done there.
type Repair struct {
	At   protocol.Pos
	Note string
}

// sharedDeviceNote says what sharedDeviceRepair did.
const sharedDeviceNote = "__device__ beside __shared__ on a local variable, which CUDA allows and clang does not: the variable is read as __shared__, which is all it says"

// a repair returns src repaired where stderr, clang's diagnostics for
// path, shows valid CUDA that clang rejects, and what it did; nil when
// there is nothing it repairs.
type repair func(stderr []byte, path string, src []byte) ([]byte, []Repair)

// repairs are tried in this order, each round (run.go).
var repairs = []repair{sharedDeviceRepair, prototypeRepair}

// repairedRE matches the errors the repairs take away.
var repairedRE = regexp.MustCompile(`(?m)error: (__constant__, __device__, and __managed__ are not allowed on non-static local variables|__device__ function '[^']+' cannot overload __host__ __device__ function '[^']+')$`)

var localDeviceRE = regexp.MustCompile(`(?m)^(.*?):(\d+):(\d+): error: __constant__, __device__, and __managed__ are not allowed on non-static local variables$`)

// sharedDeviceRepair returns src with the __device__ of each __shared__
// local that clang rejected blanked, and where each was; nil when there
// is none.
func sharedDeviceRepair(stderr []byte, path string, src []byte) ([]byte, []Repair) {
	var fixed []byte
	var at []Repair
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := localDeviceRE.FindStringSubmatch(sc.Text())
		if m == nil || m[1] != path {
			continue
		}
		line, col, off, text, ok := place(m, &fixed, src)
		const dev = "__device__"
		if !ok || col < 1 || col > len(text) || !bytes.HasPrefix(text[col-1:], []byte(dev)) || !bytes.Contains(text, []byte("__shared__")) {
			continue
		}
		copy(fixed[off+col-1:], bytes.Repeat([]byte(" "), len(dev)))
		at = append(at, Repair{At: protocol.Pos{File: path, Line: line, Col: col}, Note: sharedDeviceNote})
	}
	if len(at) == 0 {
		return nil, nil
	}
	return fixed, at
}

// A prototype of one of CUDA's own functions (old code declares
// `__device__ float max(float, float);` where CUDA's headers define it
// __host__ __device__): clang refuses the __device__ overload beside
// drfcheck's declaration of the same function, nvcc's headers took it. The
// prototype declares nothing the environment does not: it is blanked, so
// that the calls are CUDA's function, which drfcheck models. Only a
// prototype on one line (no body), and only where the declaration it
// clashes with is drfcheck's own (a file's clash with itself stays an
// error).

var overloadRE = regexp.MustCompile(`^(.*?):(\d+):(\d+): error: __device__ function '([^']+)' cannot overload __host__ __device__ function '([^']+)'$`)

var previousRE = regexp.MustCompile(`^(.*?):\d+:\d+: note: previous declaration is here$`)

// prototypeRepair returns src with each such prototype blanked.
func prototypeRepair(stderr []byte, path string, src []byte) ([]byte, []Repair) {
	var fixed []byte
	var at []Repair
	lines := strings.Split(string(stderr), "\n")
	for i, l := range lines {
		m := overloadRE.FindStringSubmatch(l)
		if m == nil || m[1] != path || !environmentNote(lines[i+1:]) {
			continue
		}
		line, col, off, text, ok := place(m, &fixed, src)
		if !ok || col < 1 || col > len(text) || !bytes.HasPrefix(text[col-1:], []byte(m[4])) {
			continue
		}
		end := bytes.IndexByte(text, ';')
		head := string(text[:col-1])
		if end < col || bytes.ContainsAny(text[:end], "{}=") || !strings.Contains(head, "__device__") || strings.Contains(head, "__host__") {
			continue
		}
		copy(fixed[off:], bytes.Repeat([]byte(" "), end+1))
		at = append(at, Repair{At: protocol.Pos{File: path, Line: line, Col: col},
			Note: "a __device__ prototype of " + m[4] + ", which CUDA's headers define __host__ __device__ (clang refuses the overload, nvcc takes it): the calls are CUDA's " + m[4]})
	}
	if len(at) == 0 {
		return nil, nil
	}
	return fixed, at
}

// environmentNote says whether the note that follows an error (before
// the next error) puts the previous declaration in drfcheck's headers.
func environmentNote(rest []string) bool {
	for _, l := range rest {
		if strings.Contains(l, ": error: ") {
			return false
		}
		if m := previousRE.FindStringSubmatch(l); m != nil {
			return strings.HasPrefix(filepath.Base(m[1]), "drfcheck_")
		}
	}
	return false
}

// place is the line and column of a diagnostic (its match's second and
// third groups), and the offset and text of that line in *fixed, a copy of
// src made at the first repair.
func place(m []string, fixed *[]byte, src []byte) (line, col, off int, text []byte, ok bool) {
	line, _ = strconv.Atoi(m[2])
	col, _ = strconv.Atoi(m[3])
	if *fixed == nil {
		*fixed = bytes.Clone(src)
	}
	off, text, ok = lineAt(*fixed, line)
	return line, col, off, text, ok
}

// lineAt returns the offset and text of a 1-based line of src.
func lineAt(src []byte, line int) (int, []byte, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0, nil, false
		}
		off += i + 1
	}
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		end = len(src) - off
	}
	return off, src[off : off+end], true
}

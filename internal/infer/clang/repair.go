package clang

import (
	"bufio"
	"bytes"
	"regexp"
	"strconv"

	"github.com/drfcheck/drfcheck/protocol"
)

// Repairs of the main file: valid CUDA that clang rejects, read as nvcc
// reads it. CUDA allows __device__ beside __shared__ (and __constant__) on
// a variable ("__shared__, optionally used together with __device__", the
// CUDA C++ Programming Guide), old code writes `__device__ __shared__
// float s[N];` in a kernel, and clang rejects __device__ on a local. Such a
// __device__ says nothing more than __shared__ does: it is blanked (spaces,
// so that every position stays where it was) and the file is read again.

var localDeviceRE = regexp.MustCompile(`(?m)^(.*?):(\d+):(\d+): error: __constant__, __device__, and __managed__ are not allowed on non-static local variables$`)

// sharedDeviceRepair returns src with the __device__ of each __shared__
// local that clang rejected blanked, and where each was; nil when there
// is none.
func sharedDeviceRepair(stderr []byte, path string, src []byte) ([]byte, []protocol.Pos) {
	var fixed []byte
	var at []protocol.Pos
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := localDeviceRE.FindStringSubmatch(sc.Text())
		if m == nil || m[1] != path {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if fixed == nil {
			fixed = bytes.Clone(src)
		}
		off, text, ok := lineAt(fixed, line)
		const dev = "__device__"
		if !ok || col < 1 || col > len(text) || !bytes.HasPrefix(text[col-1:], []byte(dev)) || !bytes.Contains(text, []byte("__shared__")) {
			continue
		}
		copy(fixed[off+col-1:], bytes.Repeat([]byte(" "), len(dev)))
		at = append(at, protocol.Pos{File: path, Line: line, Col: col})
	}
	if len(at) == 0 {
		return nil, nil
	}
	return fixed, at
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

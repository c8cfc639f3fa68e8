package cudagen

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// This file prints some programs with their small integer literals as
// constants of namespace scope ("const int K_4 = 4;" ... "a[tid * K_4]"),
// as code often names its sizes (const unsigned LOG_NUM_BANKS = 4): nvcc
// lets device code use such a variable as the constant expression it is,
// and drfcheck reads it as its initializer (internal/infer/ir, writable),
// where a __constant__ or __device__ variable is memory the host may write.
// The interpreter runs the AST, whose literals are unchanged, so the CUDA
// differential checks that drfcheck reads the constants as their values.

// namedConsts says whether a program prints so: one in four, by the
// kernel's name.
func (prog *Program) namedConsts() bool {
	h := fnv.New32a()
	h.Write([]byte("named constants " + prog.Kernel.Name))
	return h.Sum32()%4 == 0
}

// withNamedConsts rewrites the decimal integer literals from 1 to 1024 of
// a printed program outside preprocessor lines, comments, strings and
// attributes (0 stays: it is the null pointer constant, a const variable
// is not), and declares the constants used at its top.
func withNamedConsts(src string) string {
	var out strings.Builder
	used := map[string]string{}
	for _, line := range strings.SplitAfter(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") || strings.ContainsAny(line, "\"'") ||
			strings.Contains(line, "__align__") || strings.Contains(line, "alignas") || strings.Contains(line, "__launch_bounds__") {
			out.WriteString(line)
			continue
		}
		out.WriteString(nameLiterals(line, used))
	}
	decls := slices.Sorted(maps.Values(used))
	return strings.Join(decls, "\n") + "\n" + out.String()
}

// nameLiterals replaces the literals of one line (up to a // comment).
func nameLiterals(line string, used map[string]string) string {
	var b strings.Builder
	i := 0
	for i < len(line) {
		if strings.HasPrefix(line[i:], "//") {
			b.WriteString(line[i:])
			break
		}
		c := line[i]
		if !isDigit(c) || i > 0 && (isIdent(line[i-1]) || line[i-1] == '.') {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(line) && isDigit(line[j]) {
			j++
		}
		unsigned := j < len(line) && (line[j] == 'u' || line[j] == 'U')
		end := j
		if unsigned {
			end++
		}
		v, err := strconv.ParseInt(line[i:j], 10, 64)
		next := byte(' ')
		if end < len(line) {
			next = line[end]
		}
		if err != nil || v < 1 || v > 1024 || line[i] == '0' || isIdent(next) || next == '.' {
			b.WriteString(line[i:end])
			i = end
			continue
		}
		name, decl := fmt.Sprintf("K_%d", v), fmt.Sprintf("const int K_%d = %d;", v, v)
		if unsigned {
			name, decl = fmt.Sprintf("KU_%d", v), fmt.Sprintf("const unsigned int KU_%d = %du;", v, v)
		}
		used[name] = decl
		b.WriteString(name)
		i = end
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdent(c byte) bool {
	return c == '_' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

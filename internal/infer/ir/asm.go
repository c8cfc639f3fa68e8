package ir

import (
	"regexp"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// Inline assembly. clang's tree holds an asm statement's operands (the
// outputs, then the inputs) but not its text, which the lowering reads
// from the source. A statement that only computes registers from
// registers (mov.u32 %0, %%laneid; vabsdiff4; prmt; a shuffle, whose
// result depends on other lanes) is its operands: the inputs are read,
// and each output gets a fresh value of its own per thread, stored into
// it as an assignment would (an output that is an array element is a
// write of that element). Anything else an asm statement may do (an
// instruction that is not on the list below, a memory operand [%0], a
// "memory" clobber, an "m" constraint, a barrier, a branch, an asm the
// lowering cannot read) makes it unknown.

// registerOps are the PTX instructions that read and write registers only.
var registerOps = map[string]bool{
	"mov": true, "add": true, "sub": true, "mul": true, "mad": true, "mul24": true, "mad24": true,
	"sad": true, "div": true, "rem": true, "abs": true, "neg": true, "min": true, "max": true,
	"and": true, "or": true, "xor": true, "not": true, "cnot": true, "lop3": true, "shl": true,
	"shr": true, "shf": true, "bfe": true, "bfi": true, "brev": true, "popc": true, "clz": true,
	"bfind": true, "fns": true, "prmt": true, "cvt": true, "cvta": true, "selp": true, "slct": true,
	"set": true, "setp": true, "vabsdiff": true, "vabsdiff2": true, "vabsdiff4": true, "vadd": true,
	"vsub": true, "vmin": true, "vmax": true, "vadd2": true, "vadd4": true, "vsub2": true, "vsub4": true,
	"vmin2": true, "vmin4": true, "vmax2": true, "vmax4": true, "vavrg2": true, "vavrg4": true,
	"vset2": true, "vset4": true, "dp4a": true, "dp2a": true, "fma": true, "rcp": true, "sqrt": true,
	"rsqrt": true, "sin": true, "cos": true, "lg2": true, "ex2": true, "tanh": true, "testp": true,
	"copysign": true, "addc": true, "subc": true, "madc": true, "mul.wide": true, "shfl": true,
	"vote": true, "activemask": true,
}

var (
	asmStringRE = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	asmHeadRE   = regexp.MustCompile(`^\s*(?:__asm__|__asm|asm)\s*(?:volatile|__volatile__|goto|inline|\s)*\(`)
)

// asmStmt lowers an inline assembly statement.
func (l *lowerer) asmStmt(n *clang.Node) {
	why, outputs := l.asmRegisters(n)
	if why != "" {
		l.unknown(n, "inline assembly: %s", why)
		for _, c := range n.Inner {
			l.discard(c)
		}
		return
	}
	// the inputs, read; then each output gets a fresh value
	for _, c := range n.Inner[outputs:] {
		l.discard(c)
	}
	at := l.pos(n)
	for _, c := range n.Inner[:outputs] {
		lv := l.lv(c)
		l.store(lv, l.opaqueVal(c, lv.t, "an output of inline assembly"), at)
	}
}

// asmRegisters decides whether an asm statement reads and writes
// registers only; it returns why not ("" when it does) and the number of
// its outputs.
func (l *lowerer) asmRegisters(n *clang.Node) (string, int) {
	if n.Kind != "GCCAsmStmt" {
		return "not GCC's form", 0
	}
	text := l.tu.Text(n)
	loc := asmHeadRE.FindStringIndex(text)
	if text == "" || loc == nil || !strings.HasSuffix(strings.TrimSpace(text), ")") {
		return "its text is not in the file as written (a macro)", 0
	}
	body := strings.TrimSpace(text[loc[1]:])
	body = strings.TrimSuffix(body, ")")
	parts := splitTop(body, ':')
	if len(parts) < 2 || len(parts) > 4 {
		return "an asm statement without operands, or with labels (not followed)", 0
	}
	var tmpl strings.Builder
	for _, m := range asmStringRE.FindAllStringSubmatch(parts[0], -1) {
		tmpl.WriteString(m[1])
	}
	if strings.TrimSpace(asmStringRE.ReplaceAllString(parts[0], "")) != "" {
		return "its instructions are not string literals", 0
	}
	t := tmpl.String()
	if strings.Contains(t, "[") {
		return "a memory operand", 0
	}
	for _, ins := range strings.FieldsFunc(t, func(r rune) bool { return r == ';' || r == '\n' || r == '{' || r == '}' }) {
		ins = strings.TrimSpace(strings.ReplaceAll(ins, `\n`, ""))
		ins = strings.TrimSpace(strings.ReplaceAll(ins, `\t`, " "))
		if ins == "" {
			continue
		}
		f := strings.Fields(ins)
		op := f[0]
		if strings.HasPrefix(op, "@") && len(f) > 1 { // a predicate
			op = f[1]
		}
		if strings.HasPrefix(op, ".reg") {
			continue // a register declaration
		}
		base := strings.SplitN(op, ".", 2)[0]
		if !registerOps[base] && !registerOps[strings.Join(strings.SplitN(op, ".", 3)[:min(2, len(strings.SplitN(op, ".", 3)))], ".")] {
			return "the instruction " + op + " (only instructions on registers are followed)", 0
		}
	}
	outs := operands(parts[1])
	var ins []string
	if len(parts) > 2 {
		ins = operands(parts[2])
	}
	if len(parts) > 3 && strings.Contains(parts[3], `"memory"`) {
		return "a memory clobber", 0
	}
	for _, o := range append(append([]string(nil), outs...), ins...) {
		m := asmStringRE.FindStringSubmatch(o)
		if m == nil {
			return "an operand without a constraint", 0
		}
		if strings.ContainsAny(strings.TrimLeft(m[1], "=+&"), "mopVQ") {
			return "a memory operand (constraint \"" + m[1] + "\")", 0
		}
	}
	if len(outs)+len(ins) != len(n.Inner) {
		return "operands the lowering cannot match with clang's", 0
	}
	for _, o := range outs {
		if strings.Contains(o, `"+`) {
			return "an operand both read and written", 0
		}
	}
	return "", len(outs)
}

// operands splits a list of asm operands ("=r"(x), "r"(y)).
func operands(s string) []string {
	var out []string
	for _, p := range splitTop(s, ',') {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

// splitTop splits s at sep outside parentheses, brackets and string
// literals.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, inStr, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

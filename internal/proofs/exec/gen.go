package exec

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// unit is one case ready to be compiled: idx is its index in the batch
// given to Run, text the namespace holding its source and launcher.
type unit struct {
	idx  int
	name string
	text string
}

var (
	caseNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	kernelRE   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\s*<[^;{}()"]*>)?$`)
)

// reservedNames are namespace names that would clash with the runtime.
var reservedNames = map[string]bool{"std": true, "drf": true, "main": true}

// cxxKeywords cannot name a namespace.
var cxxKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`alignas alignof and and_eq asm auto bitand bitor bool break case catch char
		char8_t char16_t char32_t class compl concept const consteval constexpr constinit const_cast continue
		co_await co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
		extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq nullptr
		operator or or_eq private protected public register reinterpret_cast requires return short signed
		sizeof static static_assert static_cast struct switch template this thread_local throw true try
		typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq`) {
		cxxKeywords[k] = true
	}
}

func dims(d Dim3) [3]int {
	var r [3]int
	for i, v := range d {
		if v == 0 {
			v = 1
		}
		r[i] = v
	}
	return r
}

// launchSize returns the number of threads of the launch of c.
func launchSize(c Case) (int, error) {
	b, g := dims(c.Block), dims(c.Grid)
	total := 1
	for _, v := range append(b[:], g[:]...) {
		if v < 0 {
			return 0, fmt.Errorf("negative launch dimension in block %v grid %v", c.Block, c.Grid)
		}
		total *= v
		if total > MaxThreads {
			return 0, fmt.Errorf("launch of %v blocks of %v threads is more than %d threads", g, b, MaxThreads)
		}
	}
	return total, nil
}

// genUnit checks c and generates its unit.
func genUnit(idx int, c Case) (*unit, error) {
	if !caseNameRE.MatchString(c.Name) || strings.HasPrefix(c.Name, "__") || reservedNames[c.Name] || cxxKeywords[c.Name] {
		return nil, fmt.Errorf("case name %q is not a usable C identifier", c.Name)
	}
	kernel := strings.TrimSpace(c.Kernel)
	if !kernelRE.MatchString(kernel) {
		return nil, fmt.Errorf("kernel name %q is not an identifier", c.Kernel)
	}
	if _, err := launchSize(c); err != nil {
		return nil, err
	}
	dyn := c.DynShared
	if dyn == 0 {
		dyn = DefaultDynShared
	}
	if dyn < 0 || dyn > MaxDynShared {
		return nil, fmt.Errorf("DynShared %d out of range [0, %d]", c.DynShared, MaxDynShared)
	}
	text := c.Source
	if c.OpenCL {
		if c.Host != "" {
			return nil, fmt.Errorf("an OpenCL case has no host program")
		}
		text = openCLSource(text)
	}
	if c.Host != "" {
		var err error
		if text, err = rewriteLaunches(text); err != nil {
			return nil, err
		}
	}
	src, err := prepareSource(text, c.Name)
	if err != nil {
		return nil, err
	}
	if c.OpenCL {
		src.macros = append(src.macros, openCLMacros...)
	}
	file := fmt.Sprintf("drfcase_%d", idx)

	var b strings.Builder
	warp := c.WarpSize
	if warp == 0 {
		warp = 32
	}
	if warp < 0 || warp > MaxWarpSize {
		return nil, fmt.Errorf("WarpSize %d out of range [1, %d]", c.WarpSize, MaxWarpSize)
	}
	fmt.Fprintf(&b, "#line 1 \"%s.gen\"\nnamespace %s {\ninline ::drf::Layout __drf_layout;\n", file, c.Name)
	if warp != 32 {
		// hides the header's warpSize in the case's namespace, and stays a
		// constant expression
		fmt.Fprintf(&b, "constexpr int warpSize = %d;\n", warp)
	}
	if c.OpenCL {
		b.WriteString(openCLPrologue) // opencl.go
	}
	fmt.Fprintf(&b, "#line 1 \"%s.cu\"\n", file)
	b.WriteString(src.text)
	fmt.Fprintf(&b, "\n#line 1 \"%s.gen\"\n", file)

	if c.Host != "" {
		return hostUnit(&b, idx, c, src, warp, dyn)
	}

	// The arguments: built once by the launcher, copied by every thread
	// when it calls the kernel.
	var fields, inits, vals, args []string
	for i, p := range c.Params {
		typ := strings.TrimSpace(p.Type)
		if typ == "" || strings.ContainsAny(typ, ";{}") {
			return nil, fmt.Errorf("parameter %d (%s): bad type %q", i, p.Name, p.Type)
		}
		v := fmt.Sprintf("__drf_v%d", i)
		fields = append(fields, fmt.Sprintf("  %s a%d;\n", typ, i))
		args = append(args, fmt.Sprintf("__drf_a.a%d", i))
		vals = append(vals, v)
		if p.Pointer {
			ls, err := bufferInit(v, fmt.Sprintf("__drf_init%d", i), p)
			if err != nil {
				return nil, err
			}
			inits = append(inits, ls...)
		} else {
			val := strings.TrimSpace(p.Value)
			if val == "" || strings.ContainsAny(val, ";") {
				return nil, fmt.Errorf("parameter %s: bad value %q", p.Name, p.Value)
			}
			for k, q := range p.Buffers {
				bv := fmt.Sprintf("%s_%d", v, k)
				if !q.Pointer || len(q.Buffers) > 0 {
					return nil, fmt.Errorf("parameter %s: buffer %d is not a plain pointer", p.Name, k)
				}
				ls, err := bufferInit(bv, fmt.Sprintf("__drf_init%d_%d", i, k), q)
				if err != nil {
					return nil, err
				}
				inits = append(inits, ls...)
			}
			var bad error
			val = bufferRefRE.ReplaceAllStringFunc(val, func(m string) string {
				k, err := strconv.Atoi(m[1:])
				if err != nil || k >= len(p.Buffers) {
					bad = fmt.Errorf("parameter %s: %s names no buffer", p.Name, m)
					return m
				}
				return fmt.Sprintf("%s_%d", v, k)
			})
			if bad != nil {
				return nil, bad
			}
			inits = append(inits, fmt.Sprintf("  %s %s = %s;\n", typ, v, val))
		}
	}
	b.WriteString("struct __drf_args {\n")
	for _, f := range fields {
		b.WriteString(f)
	}
	b.WriteString("};\n")
	fmt.Fprintf(&b, "static void __drf_body(void *__drf_p) {\n  auto &__drf_a = *static_cast<__drf_args *>(__drf_p);\n  (void)__drf_a;\n  %s(%s);\n}\n",
		kernel, strings.Join(args, ", "))
	b.WriteString("static void __drf_launch() {\n")
	for _, s := range inits {
		b.WriteString(s)
	}
	fmt.Fprintf(&b, "  __drf_args __drf_a{%s};\n", strings.Join(vals, ", "))
	bd, gd := dims(c.Block), dims(c.Grid)
	fmt.Fprintf(&b, "  ::drf::launch(dim3(%d, %d, %d), dim3(%d, %d, %d), __drf_layout.size, %d, &__drf_body, &__drf_a, %d);\n}\n",
		gd[0], gd[1], gd[2], bd[0], bd[1], bd[2], dyn, warp)
	b.WriteString("}\n")
	for _, m := range src.macros {
		fmt.Fprintf(&b, "#undef %s\n", m)
	}
	return &unit{idx: idx, name: c.Name, text: b.String()}, nil
}

// bufferRefRE matches $k in a parameter's Value: buffer k's pointer.
var bufferRefRE = regexp.MustCompile(`\$[0-9]+`)

// bufferInit returns the launcher's lines that allocate the global memory
// of pointer p (zeroed, or its Init) into the local v, with its initial
// contents in the array initName.
func bufferInit(v, initName string, p Param) ([]string, error) {
	typ := strings.TrimSpace(p.Type)
	if typ == "" || strings.ContainsAny(typ, ";{}") {
		return nil, fmt.Errorf("parameter %s: bad type %q", p.Name, p.Type)
	}
	n := p.Len
	if n < 0 {
		return nil, fmt.Errorf("parameter %s: negative Len %d", p.Name, p.Len)
	}
	if n == 0 {
		n = DefaultLen
		if len(p.Init) > n {
			n = len(p.Init)
		}
	}
	if len(p.Init) > n {
		return nil, fmt.Errorf("parameter %s: %d initial values for %d elements", p.Name, len(p.Init), n)
	}
	var out []string
	if len(p.Init) > 0 {
		lits := make([]string, len(p.Init))
		for k, x := range p.Init {
			lits[k] = int64Lit(x)
		}
		out = append(out, fmt.Sprintf("  static const long long %s[] = {%s};\n", initName, strings.Join(lits, ", ")))
	} else {
		initName = "nullptr"
	}
	out = append(out, fmt.Sprintf("  %s %s = (%s)::drf::param<::drf::elem_t<%s>>(%s, %d, %s, %d);\n",
		typ, v, typ, typ, cString(p.Name), n, initName, len(p.Init)))
	return out, nil
}

func int64Lit(x int64) string {
	if x == -1<<63 {
		return "(-9223372036854775807LL - 1)"
	}
	return strconv.FormatInt(x, 10) + "LL"
}

// cString quotes s as a C string literal of printable ASCII.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f && c != '?':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// batchSource is the translation unit of a batch of units: the runtime
// header, every unit, and the table the runtime's main reads.
func batchSource(units []*unit) string {
	var b strings.Builder
	b.WriteString("#include \"drf_cuda.h\"\n")
	for _, u := range units {
		b.WriteString(u.text)
	}
	b.WriteString("#line 1 \"drfcase_tail.gen\"\nextern \"C\" const ::drf::Case drf_cases[] = {\n")
	for _, u := range units {
		fmt.Fprintf(&b, "  {%s, &::%s::__drf_launch},\n", cString(u.name), u.name)
	}
	if len(units) == 0 {
		b.WriteString("  {nullptr, nullptr},\n")
	}
	fmt.Fprintf(&b, "};\nextern \"C\" const int drf_ncases = %d;\n", len(units))
	return b.String()
}

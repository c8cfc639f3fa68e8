package cudagen

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
)

// This file gives a share of the cases a host program: a function
// host_program, after the kernel in the case's source, that allocates the
// kernel's memory with cudaMalloc (copying input contents with
// cudaMemcpy), builds its arguments and launches it, so that drfcheck,
// run on the file with no -b, -g or -p, reads the launch from host code
// (package internal/infer/launch) and the oracle runs the whole program
// (exec.Case.Host). The launch is the case's (Block, Grid, parameter
// values), written in one of several ways:
//
//   - the launch: k<<<g, b>>>(...) with literal or dim3 sizes or sizes in
//     variables, or cudaLaunchKernel(k, g, b, args) with an array of the
//     arguments' addresses, or either inside a wrapper host_run whose
//     parameters are the kernel's, called from host_program;
//   - scalars: literals, variables, variables of a wider or other type
//     that the call converts (a long long 2^32 + 5 passed to an int is 5,
//     an int -1 passed to an unsigned is 2^32 - 1), and, for the
//     parameters drfcheck must not be given (Var.Free), values it cannot
//     see (drf_host_input(v), a call it does not follow);
//   - structs: an initializer, field by field, a copy; a struct carrying an
//     array of pointers gets them element by element;
//   - pointers: a cudaMalloc each, copies, and, for some cases
//     (Host.Alias), one pointer into another's buffer, at its start or a
//     few elements into it: a copy (d1 = d0 + 1), a reassignment after its
//     own cudaMalloc, on a branch the program takes, an argument array's
//     element changed after its initializer, the wrapper's argument, a
//     struct's element. The interpreter runs the kernel with the same
//     memory (so the race it makes is in Case.Expect), and drfcheck must
//     find it;
//   - twice (Host.Twice): the wrapper called with distinct buffers, the
//     memory zeroed, then called with the aliasing pointers; the
//     interpreter runs both launches.

// Host is a case's host program.
type Host struct {
	// Seed picks how each part of the launch is written.
	Seed int64
	// Alias are the pointers the host points into another's buffer.
	Alias []HostAlias
	// Twice: launched first with distinct buffers, then with Alias.
	Twice bool
	// run is the aliasing of the launch the interpreter runs (runHost).
	run []HostAlias
}

// HostAlias is a pointer (a pointer parameter, or a buffer of a struct
// parameter's array of pointers) that the host passes Off elements into
// the buffer of To.
type HostAlias struct {
	V, To *Var
	Off   int
}

// hostFn is the name of the host program's function.
const hostFn = "host_program"

// hostShare is the share of cases that get a host program.
const hostShare = 0.35

// addHost gives a case a host program, for a share of the cases; the
// choice and the program's shape come from the case's name and source,
// so that the rest of the generator draws the same numbers with or
// without it.
func addHost(c *Case) *Case {
	if c == nil || c.prog == nil {
		return c
	}
	h := fnv.New64a()
	h.Write([]byte(c.Name + "\x00" + c.Source))
	r := rand.New(rand.NewSource(int64(h.Sum64() >> 1)))
	if r.Float64() >= hostShare {
		return c
	}
	p := clone(c.prog)
	host := &Host{Seed: r.Int63()}
	// the pairs of pointers of one element type, a later one into an
	// earlier one's buffer; a struct's buffers more often (they are fewer)
	slots := aliasSlots(p)
	var pairs, bufPairs [][2]*Var
	for i, v := range slots {
		for _, to := range slots[:i] {
			if v.T.Elem.String() == to.T.Elem.String() {
				pairs = append(pairs, [2]*Var{v, to})
				if strings.Contains(v.Name, "[") {
					bufPairs = append(bufPairs, [2]*Var{v, to})
				}
			}
		}
	}
	if len(pairs) > 0 && r.Float64() < 0.9 {
		pick := func() HostAlias {
			from := pairs
			if len(bufPairs) > 0 && r.Float64() < 0.8 {
				from = bufPairs
			}
			pr := from[r.Intn(len(from))]
			off := []int{0, 0, 1, 1, 1, 2, 3}[r.Intn(7)]
			return HostAlias{V: pr[0], To: pr[1], Off: off}
		}
		a := pick()
		host.Alias = append(host.Alias, a)
		if b := pick(); b.V != a.V && b.V != a.To && b.To != a.V && r.Float64() < 0.15 {
			host.Alias = append(host.Alias, b)
		}
		if len(p.Globals) == 0 && r.Float64() < 0.25 {
			host.Twice = true
		}
	}
	p.Host = host
	d, err := finalize(p)
	if err != nil {
		return c
	}
	return d
}

// aliasSlots lists the pointers a host may point into one buffer, in the
// order of the kernel's parameters (a struct's buffers in their order):
// global memory the kernel indexes as the generator's discipline does,
// not input contents (whose values the kernel may index by), counters or
// election cells (whose values the interpreter follows), or a counter's
// slots (whose cells a thread takes depends on the schedule: aliased with
// another array, which cells meet would too, and the interpreter's run is
// one schedule; found by the differential, a counter's slots 4 bytes into
// an election's target, where the execution raced and the interpreter did
// not), or a layout family's buffer (which the interpreter views from its
// object's start, found the same way: lay0 = out2 + 1).
func aliasSlots(p *Program) []*Var {
	var out []*Var
	ok := func(v *Var) bool { return !v.Input && !v.Counter && !v.Elect && !v.Slots && !v.Bytes && v.T.K == KPtr }
	for _, v := range p.Kernel.Params {
		switch {
		case v.T.K == KPtr && ok(v):
			out = append(out, v)
		case v.T.K == KStruct:
			for _, b := range v.Bufs {
				if ok(b) {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// runHost runs the program as its host launches it: once, with the
// aliasing of Host.Alias, or twice (Host.Twice), first with distinct
// buffers; the verdict is the worst, the sizes fit both. An aliasing that
// makes the kernel one the interpreter rejects (an index read from memory
// that becomes written, say) is dropped: the buffers are distinct.
func runHost(p *Program, ti *typeInfo) (*Result, error) {
	h := p.Host
	if h == nil {
		return run(p, ti)
	}
	h.prune(p)
	if len(h.Alias) == 0 {
		h.run, h.Twice = nil, false
		return run(p, ti)
	}
	launches := [][]HostAlias{h.Alias}
	if h.Twice {
		launches = [][]HostAlias{nil, h.Alias}
	}
	var out *Result
	for _, a := range launches {
		h.run = a
		res, err := run(p, ti)
		if err != nil {
			h.run, h.Alias, h.Twice = nil, nil, false
			return run(p, ti)
		}
		out = mergeResults(out, res)
	}
	h.run = h.Alias
	return out, nil
}

// prune drops the aliases of pointers the kernel no longer has.
func (h *Host) prune(p *Program) {
	have := map[*Var]bool{}
	for _, v := range aliasSlots(p) {
		have[v] = true
	}
	var keep []HostAlias
	for _, a := range h.Alias {
		if have[a.V] && have[a.To] {
			keep = append(keep, a)
		}
	}
	h.Alias = keep
}

// mergeResults is the outcome of two launches: the worse verdict (with
// its race), sizes that fit both.
func mergeResults(a, b *Result) *Result {
	if a == nil {
		return b
	}
	out := *a
	rank := map[Verdict]int{DRF: 0, Racy: 1, Divergent: 2}
	if rank[b.Verdict] > rank[a.Verdict] {
		out.Verdict, out.Race, out.DivBlock = b.Verdict, b.Race, b.DivBlock
	}
	if out.Race == nil {
		out.Race = b.Race
	}
	out.fits = map[any]*fit{}
	for _, fs := range []map[any]*fit{a.fits, b.fits} {
		for k, f := range fs {
			g, ok := out.fits[k]
			if !ok {
				c := *f
				out.fits[k] = &c
				continue
			}
			for d := range g.max {
				g.max[d] = max(g.max[d], f.max[d])
			}
			g.ptr = max(g.ptr, f.ptr)
		}
	}
	out.Steps += b.Steps
	out.Accesses += b.Accesses
	out.Iter = max(out.Iter, b.Iter)
	return &out
}

// aliasParam points the pointers of parameter v that the launch being run
// passes into another's buffer there (runKernel's hook): v itself, or an
// element of its struct's array of pointers.
func (in *interp) aliasParam(v *Var, o *object, globals map[*Var]*object) {
	h := in.p.Host
	if h == nil || len(h.run) == 0 {
		return
	}
	to := func(x *Var) (HostAlias, bool) {
		for _, a := range h.run {
			if a.V == x {
				return a, true
			}
		}
		return HostAlias{}, false
	}
	switch v.T.K {
	case KPtr:
		if a, ok := to(v); ok {
			o.cells[cellKey{}] = value{t: v.T, p: ptrv{obj: globals[a.To], kind: pkElem, i: int64(a.Off), elem: v.T.Elem}}
		}
	case KStruct:
		w := 0
		for _, f := range v.T.S.Fields {
			if f.Arr {
				for k := 0; k < f.Len && k < len(v.Bufs); k++ {
					if a, ok := to(v.Bufs[k]); ok {
						b := v.Bufs[k]
						o.cells[cellKey{w: w + k}] = value{t: f.T, p: ptrv{obj: globals[a.To], kind: pkElem, i: int64(a.Off), elem: b.T.Elem}}
					}
				}
			}
			w += f.words()
		}
	}
}

// cloneHost copies a host program for a cloned program (vars maps the
// variables).
func cloneHost(h *Host, v func(*Var) *Var) *Host {
	if h == nil {
		return nil
	}
	out := &Host{Seed: h.Seed, Twice: h.Twice}
	for _, a := range h.Alias {
		out.Alias = append(out.Alias, HostAlias{V: v(a.V), To: v(a.To), Off: a.Off})
	}
	return out
}

// hostPrinter writes a host program.
type hostPrinter struct {
	p    *Program
	h    *Host
	r    *rand.Rand
	body []string // host_program's statements
	used map[string]bool
	name map[*Var]string // the host variable holding each buffer's pointer
	n    int
}

func (hp *hostPrinter) chance(x float64) bool { return hp.r.Float64() < x }
func (hp *hostPrinter) say(format string, args ...any) {
	hp.body = append(hp.body, fmt.Sprintf(format, args...))
}
func (hp *hostPrinter) fresh(prefix string) string {
	hp.n++
	return fmt.Sprintf("%s%d", prefix, hp.n)
}

// hostText prints the program's host program (the empty string for
// none) and names the constructs it uses.
func hostText(p *Program) (string, map[string]bool) {
	h := p.Host
	if h == nil {
		return "", nil
	}
	hp := &hostPrinter{p: p, h: h, r: rand.New(rand.NewSource(h.Seed)), used: map[string]bool{"host program": true}, name: map[*Var]string{}}
	aliasOf := map[*Var]HostAlias{}
	for _, a := range h.Alias {
		aliasOf[a.V] = a
		hp.used["host alias"] = true
		if a.Off > 0 {
			hp.used["host alias at an offset"] = true
		}
	}
	viaArgs := hp.chance(0.3)
	wrapper := h.Twice || hp.chance(0.3)
	if h.Twice {
		hp.used["host wrapper called twice"] = true
	}
	if viaArgs {
		hp.used["host cudaLaunchKernel"] = true
	}
	if wrapper {
		hp.used["host wrapper"] = true
	}

	// the buffers: a cudaMalloc each, input contents copied; an aliased
	// pointer is written in one of several ways (its expression at the
	// launch may stay "d0 + 1" when the launch passes it directly)
	direct := map[*Var]string{} // pointers passed as an expression rather than a variable
	var zero []string           // the buffers the second launch zeroes
	var buffers []*Var
	for _, v := range p.Kernel.Params {
		switch {
		case v.T.K == KPtr:
			buffers = append(buffers, v)
		case v.T.K == KStruct:
			buffers = append(buffers, v.Bufs...)
		}
	}
	for _, v := range buffers {
		if _, ok := aliasOf[v]; ok {
			continue
		}
		d := hp.fresh("d")
		hp.name[v] = d
		elem := v.T.Elem.String()
		hp.say("%s *%s;", elem, d)
		hp.say("cudaMalloc(&%s, %d * sizeof(%s));", d, max(v.Len, 1), elem)
		if v.Input {
			var xs []string
			for j := 0; j < v.Len; j++ {
				xs = append(xs, fmt.Sprint(v.initAt(int64(j))))
			}
			init := hp.fresh("init")
			hp.say("static const %s %s[] = {%s};", elem, init, strings.Join(xs, ", "))
			hp.say("cudaMemcpy(%s, %s, sizeof %s, cudaMemcpyHostToDevice);", d, init, init)
		} else {
			zero = append(zero, fmt.Sprintf("cudaMemset(%s, 0, %d * sizeof(%s));", d, max(v.Len, 1), elem))
		}
		if !viaArgs && !wrapper && hp.chance(0.15) {
			// a copy that keeps it apart from the others
			e := hp.fresh("e")
			hp.say("%s *%s = %s;", elem, e, d)
			hp.name[v] = e
		}
	}
	for _, v := range buffers {
		a, ok := aliasOf[v]
		if !ok || h.Twice {
			continue // twice: a buffer of its own below, the alias at the second call
		}
		elem := v.T.Elem.String()
		target := hp.name[a.To]
		expr := target
		if a.Off > 0 {
			expr = fmt.Sprintf("%s + %d", target, a.Off)
		}
		d := hp.fresh("d")
		hp.name[v] = d
		inStruct := strings.Contains(v.Name, "[")
		switch k := []int{0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 3, 4, 4}[hp.r.Intn(14)]; {
		case k == 0:
			hp.say("%s *%s;", elem, d)
			hp.say("cudaMalloc(&%s, %d * sizeof(%s));", d, max(v.Len, 1), elem)
			hp.say("%s = %s;", d, expr)
			hp.used["host alias reassigned after cudaMalloc"] = true
		case k == 1:
			hp.say("%s *%s;", elem, d)
			hp.say("cudaMalloc(&%s, %d * sizeof(%s));", d, max(v.Len, 1), elem)
			hp.say("if (drf_host_input(1))")
			hp.say("  %s = %s;", d, expr)
			hp.used["host alias on a branch"] = true
			hp.used["host hidden value"] = true
		case k == 2 && a.Off > 0:
			hp.say("%s *%s = %s;", elem, d, target)
			hp.say("%s += %d;", d, a.Off)
		case k == 3 && !viaArgs && !inStruct:
			direct[v] = expr // written at the launch, or at the wrapper's call
			delete(hp.name, v)
		default:
			hp.say("%s *%s = %s;", elem, d, expr)
		}
	}
	if h.Twice {
		// the first launch has every buffer of its own
		for _, a := range h.Alias {
			d := hp.fresh("d")
			elem := a.V.T.Elem.String()
			hp.say("%s *%s;", elem, d)
			hp.say("cudaMalloc(&%s, %d * sizeof(%s));", d, max(a.V.Len, 1), elem)
			hp.name[a.V] = d
		}
	}

	// the scalars and structs: a variable each, or an expression at the
	// launch
	args := make([]string, len(p.Kernel.Params))
	argsTwice := make([]string, len(p.Kernel.Params)) // the second launch's, for Twice
	vars := make([]bool, len(p.Kernel.Params))        // args[i] is a variable (an lvalue)
	blockVar := ""
	for i, v := range p.Kernel.Params {
		switch v.T.K {
		case KPtr:
			args[i], vars[i] = hp.name[v], true
			argsTwice[i] = args[i]
			if e, ok := direct[v]; ok {
				args[i], vars[i], argsTwice[i] = e, false, e
			}
			if h.Twice {
				if a, ok := aliasOf[v]; ok {
					argsTwice[i] = hp.name[a.To]
					if a.Off > 0 {
						argsTwice[i] += fmt.Sprintf(" + %d", a.Off)
					}
				}
			}
		case KStruct:
			args[i], argsTwice[i] = hp.structArg(v, aliasOf, h.Twice)
			vars[i] = true
		case KInt, KUint:
			args[i], vars[i] = hp.scalar(v)
			argsTwice[i] = args[i]
			if vars[i] && p.Block[1] == 1 && p.Block[2] == 1 && v.Vals[0] == int64(p.Block[0]) && blockVar == "" && hp.chance(0.5) {
				blockVar = args[i]
			}
		default:
			args[i], vars[i] = fmt.Sprint(v.Vals[0]), false
			argsTwice[i] = args[i]
		}
	}
	if viaArgs {
		// every argument a variable, for the array of their addresses
		for i, v := range p.Kernel.Params {
			if !vars[i] {
				t := v.T.String()
				x := hp.fresh("x")
				hp.say("%s %s = %s;", t, x, args[i])
				args[i], vars[i] = x, true
			}
		}
	}

	// the sizes, declared where the launch is
	grid, gridDecl := hp.dims(p.Grid, "grid")
	block, blockDecl := hp.dims(p.Block, "block")
	if blockVar != "" {
		block, blockDecl = blockVar, nil
		hp.used["host size from a variable"] = true
	}
	sizeDecls := append(gridDecl, blockDecl...)

	// the launch, in the wrapper or here
	var wrap string
	launch := func(as []string, ind string) []string {
		if !viaArgs {
			return []string{fmt.Sprintf("%s%s<<<%s, %s>>>(%s);", ind, p.Kernel.Name, grid, block, strings.Join(as, ", "))}
		}
		var out []string
		arr := hp.fresh("args")
		var addrs []string
		for _, a := range as {
			addrs = append(addrs, "&"+a)
		}
		out = append(out, fmt.Sprintf("%svoid *%s[] = {%s};", ind, arr, strings.Join(addrs, ", ")))
		// an element changed after the initializer: to the same variable
		// or, for an aliased pointer, from a decoy to its variable
		for i, v := range p.Kernel.Params {
			if v.T.K == KPtr && !wrapper {
				if _, ok := aliasOf[v]; ok {
					decoy := hp.fresh("decoy")
					hp.say("%s *%s;", v.T.Elem.String(), decoy)
					hp.say("cudaMalloc(&%s, %d * sizeof(%s));", decoy, max(v.Len, 1), v.T.Elem.String())
					out[0] = strings.Replace(out[0], "&"+as[i]+"}", "&"+decoy+"}", 1)
					out[0] = strings.Replace(out[0], "&"+as[i]+",", "&"+decoy+",", 1)
					out = append(out, fmt.Sprintf("%s%s[%d] = &%s;", ind, arr, i, as[i]))
					hp.used["host argument array changed"] = true
				}
			}
		}
		if hp.chance(0.3) && len(as) > 0 && !hp.used["host argument array changed"] {
			i := hp.r.Intn(len(as))
			out = append(out, fmt.Sprintf("%s%s[%d] = &%s;", ind, arr, i, as[i]))
			hp.used["host argument array changed"] = true
		}
		out = append(out, fmt.Sprintf("%scudaLaunchKernel(%s, %s, %s, %s, 0, 0);", ind, p.Kernel.Name, hp.dim3(p.Grid, grid), hp.dim3(p.Block, block), arr))
		return out
	}
	if wrapper {
		var ps, names []string
		for i, v := range p.Kernel.Params {
			name := fmt.Sprintf("p%d", i)
			ps = append(ps, v.T.String()+" "+name)
			names = append(names, name)
		}
		blockW := block
		if blockVar != "" {
			// the wrapper's parameter holding the block's variable
			for i := range p.Kernel.Params {
				if args[i] == blockVar {
					blockW = names[i]
				}
			}
		}
		saved := block
		block = blockW
		var lines []string
		for _, d := range sizeDecls {
			lines = append(lines, "  "+d)
		}
		lines = append(lines, launch(names, "  ")...)
		block = saved
		wrap = fmt.Sprintf("void host_run(%s) {\n%s\n}\n", strings.Join(ps, ", "), strings.Join(lines, "\n"))
		hp.say("host_run(%s);", strings.Join(args, ", "))
		if h.Twice {
			for _, z := range zero {
				hp.say("%s", z)
			}
			hp.say("host_run(%s);", strings.Join(argsTwice, ", "))
		}
	} else {
		for _, d := range sizeDecls {
			hp.say("%s", d)
		}
		for _, l := range launch(args, "") {
			hp.say("%s", l)
		}
	}

	var b strings.Builder
	if hp.used["host hidden value"] {
		b.WriteString("extern \"C\" int drf_host_input(int);\n")
	}
	b.WriteString(wrap)
	fmt.Fprintf(&b, "void %s() {\n", hostFn)
	for _, s := range hp.body {
		b.WriteString("  " + s + "\n")
	}
	b.WriteString("}\n")
	return b.String(), hp.used
}

// scalar writes an int or unsigned argument: its text at the launch and
// whether that is a variable.
func (hp *hostPrinter) scalar(v *Var) (string, bool) {
	val := v.Vals[0]
	t := v.T.String()
	if v.Free {
		hp.used["host hidden value"] = true
		x := hp.fresh("h")
		if v.T.K == KUint {
			hp.say("unsigned %s = (unsigned)drf_host_input(%d);", x, int32(uint32(val)))
		} else {
			hp.say("int %s = drf_host_input(%d);", x, val)
		}
		return x, true
	}
	switch k := hp.r.Intn(6); {
	case k == 0:
		if v.T.K == KUint {
			return fmt.Sprintf("%du", val), false
		}
		return fmt.Sprint(val), false
	case k == 1 || k == 2:
		// a wider type whose value the call brings back into range
		x := hp.fresh("h")
		wide := val + int64(1+hp.r.Intn(3))<<32
		if hp.chance(0.3) {
			wide = val - 1<<32
		}
		hp.say("long long %s = %dLL;", x, wide)
		hp.used["host narrowing argument"] = true
		return x, true
	case k == 3:
		// the other 32-bit type
		x := hp.fresh("h")
		if v.T.K == KUint {
			hp.say("int %s = %d;", x, int32(uint32(val)))
		} else {
			hp.say("unsigned %s = %du;", x, uint32(int32(val)))
		}
		if v.T.K == KUint && int32(uint32(val)) < 0 || v.T.K == KInt && val < 0 {
			hp.used["host narrowing argument"] = true
		}
		return x, true
	}
	x := hp.fresh("h")
	suffix := ""
	if v.T.K == KUint {
		suffix = "u"
	}
	hp.say("%s %s = %d%s;", t, x, val, suffix)
	return x, true
}

// structArg writes a struct argument as a variable: its text at the
// launch, and at the second launch (Twice). A struct carrying an array of
// pointers gets its buffers' pointers.
func (hp *hostPrinter) structArg(v *Var, aliasOf map[*Var]HostAlias, twice bool) (string, string) {
	t := v.T.String()
	x := hp.fresh("s")
	ptrOf := func(b *Var, second bool) string {
		if a, ok := aliasOf[b]; ok && (second || !twice) {
			if d, ok := hp.name[b]; ok && !twice {
				return d
			}
			e := hp.name[a.To]
			if a.Off > 0 {
				e += fmt.Sprintf(" + %d", a.Off)
			}
			return e
		}
		if d, ok := hp.name[b]; ok {
			return d
		}
		return "nullptr"
	}
	write := func(x string, second bool) {
		if len(v.Bufs) > 0 {
			hp.used["host struct of pointers"] = true
			for _, b := range v.Bufs {
				if _, ok := aliasOf[b]; ok && (second || !twice) {
					hp.used["host struct alias"] = true
				}
			}
		}
		if hp.chance(0.5) {
			var parts []string
			for i, f := range v.T.S.Fields {
				if f.Arr {
					var es []string
					for k := 0; k < f.Len; k++ {
						if k < len(v.Bufs) {
							es = append(es, ptrOf(v.Bufs[k], second))
						} else {
							es = append(es, "nullptr")
						}
					}
					parts = append(parts, "{"+strings.Join(es, ", ")+"}")
					continue
				}
				parts = append(parts, fmt.Sprint(v.Vals[i]))
			}
			hp.say("%s %s = {%s};", t, x, strings.Join(parts, ", "))
			return
		}
		hp.say("%s %s;", t, x)
		for i, f := range v.T.S.Fields {
			if f.Arr {
				for k := 0; k < f.Len; k++ {
					e := "nullptr"
					if k < len(v.Bufs) {
						e = ptrOf(v.Bufs[k], second)
					}
					hp.say("%s.%s[%d] = %s;", x, f.Name, k, e)
				}
				continue
			}
			hp.say("%s.%s = %d;", x, f.Name, v.Vals[i])
		}
	}
	write(x, false)
	if !twice {
		return x, x
	}
	y := hp.fresh("s")
	write(y, true)
	return x, y
}

// dims writes a launch size: a literal for one dimension, a dim3, or a
// variable holding either, with its declaration.
func (hp *hostPrinter) dims(d [3]int, what string) (string, []string) {
	lit := fmt.Sprint(d[0])
	if d[1] != 1 || d[2] != 1 || hp.chance(0.3) {
		lit = fmt.Sprintf("dim3(%d, %d, %d)", d[0], d[1], d[2])
	}
	if !hp.chance(0.3) {
		return lit, nil
	}
	hp.used["host size from a variable"] = true
	x := hp.fresh(what)
	if d[1] == 1 && d[2] == 1 && hp.chance(0.5) {
		return x, []string{fmt.Sprintf("int %s = %d;", x, d[0])}
	}
	return x, []string{fmt.Sprintf("dim3 %s(%d, %d, %d);", x, d[0], d[1], d[2])}
}

// dim3 is a size as cudaLaunchKernel takes it: a dim3.
func (hp *hostPrinter) dim3(d [3]int, text string) string {
	if strings.HasPrefix(text, "dim3(") {
		return text
	}
	for _, c := range text {
		if c < '0' || c > '9' {
			return "dim3(" + text + ")"
		}
	}
	return fmt.Sprintf("dim3(%d, %d, %d)", d[0], d[1], d[2])
}

// hostConstructs names the constructs of the host program.
func hostConstructs(p *Program, add func(string)) {
	_, used := hostText(p)
	for k := range used {
		add(k)
	}
}

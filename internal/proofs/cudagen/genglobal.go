package cudagen

// This file generates variables of namespace scope: "__device__ int v;"
// and, more often, the same without __device__ ("int v;", a host
// variable), which clang accepts in device code and drfcheck takes as a
// variable of the device, one object for the whole grid (nvcc would reject
// it). The oracle compiles both as plain globals of the CPU program.
//
// Each is an array of the discipline (gen.arrays) in global memory: a
// scalar, which with one block is like a __shared__ scalar (written by one
// thread under a guard, read by all after a barrier), and with several
// blocks is race-free only under atomics, or an int array indexed like a
// pointer parameter.

// namespaceVars adds, to a small fraction of kernels, a variable of
// namespace scope as an array of the kernel through add.
func (g *gen) namespaceVars(add func(*arr) *arr) {
	if !g.chance(0.09) {
		return
	}
	host := g.chance(0.65)
	prefix := "dv"
	if host {
		prefix = "hv"
	}
	t := tInt
	if g.chance(0.3) {
		t = tUint
	}
	v := &Var{Name: g.name(prefix), Kind: VGlobal, T: t, Host: host}
	// scale 1 to 3: not reinterpret_cast<int4 *>, which a plain array of
	// namespace scope is not aligned for
	a := &arr{v: v, sp: spGlobal, elem: t, grid: g.p.blocks() > 1, scale: int64(max(1, g.intn(5)-1))}
	if g.chance(0.3) {
		a.base = int64(g.intn(4))
	}
	if g.chance(0.4) {
		v.Dims, a.dims = []int{1}, 1
	}
	if a.dims == 0 && (a.grid && g.chance(0.5) || g.chance(0.2)) {
		a.atomicOnly = true
	}
	add(a)
	g.p.Globals = append(g.p.Globals, v)
}

// globals prints the declarations of the variables of namespace scope.
func (p *printer) globals(vs []*Var) {
	for _, v := range vs {
		q := "__device__ "
		if v.Host {
			q = ""
		}
		if len(v.Dims) > 0 {
			p.line("%s%s %s[%d];", q, v.T, v.Name, v.Dims[0])
		} else {
			p.line("%s%s %s;", q, v.T, v.Name)
		}
	}
	if len(vs) > 0 {
		p.line("")
	}
}

// globals checks the variables of namespace scope and makes them visible
// in every function.
func (c *checker) globals() {
	c.globalScope = map[*Var]bool{}
	for _, v := range c.prog.Globals {
		c.name(v.Name)
		if v.Kind != VGlobal || !v.T.integral() || v.T.K == KBool || len(v.Dims) > 1 || len(v.Dims) == 1 && v.Dims[0] < 1 {
			c.fail("bad variable of namespace scope %s", v.Name)
		}
		c.decl[v] = true
		c.globalScope[v] = true
	}
}

// namespaceObjects makes the memory of the variables of namespace scope
// and of the buffers of the kernel's struct parameters.
func (in *interp) namespaceObjects(globals map[*Var]*object) {
	in.bufObjects(globals)
	in.vars = map[*Var]*object{}
	for _, v := range in.p.Globals {
		limit := int64(0)
		if len(v.Dims) == 0 {
			limit = 1
		}
		in.vars[v] = in.newObj(spGlobal, v, v.T, len(v.Dims), limit)
	}
}

// fitMore sizes the arrays of namespace scope and the buffers of struct
// parameters.
func fitMore(p *Program, size func(key any, dim int) int) error {
	for _, v := range p.Globals {
		if len(v.Dims) == 1 {
			v.Dims[0] = size(v, 0)
			if v.Dims[0] > maxGlobal {
				return &runError{kind: errBigIndex, node: v, msg: "global array " + v.Name + " too large"}
			}
		}
	}
	return fitBufs(p, size)
}

// scopeConstructs names the constructs of this file and of genptrarr.go.
func scopeConstructs(p *Program, add func(string)) {
	for _, v := range p.Globals {
		if v.Host {
			add("host variable")
		} else {
			add("device variable")
		}
	}
	ptrArrayConstructs(p, add)
}

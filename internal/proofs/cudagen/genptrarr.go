package cudagen

import (
	"fmt"
	"strings"
)

// This file generates a struct parameter that carries an array of pointers
// to global memory:
//
//	struct Bufs { float *c[3]; int n; };
//	__global__ void k(Bufs b, ...) { ... b.c[1][tid] = ...; }
//
// The host passes a distinct buffer per element (Var.Bufs, Param.Buffers),
// as drfcheck assumes of an array it reads at constant indices and never
// modifies. Two kinds of elements:
//
//   - constant elements are arrays of the discipline (gen.arrays) like the
//     pointer parameters: while generating, the kernel names each through
//     its buffer's Var, as it names a pointer parameter; when the kernel is
//     done, every such name becomes b.c[k] (expandBufs), so that reads,
//     writes, atomics, pointers into it, memcpy, inputs and every racy
//     pattern of the generator reach the buffers through the struct;
//   - the last elements, when there are some, are reached only through an
//     index that is not a constant (b.c[2 + tid % 2][tid / 2], b.c[2 +
//     blockIdx.x % 2][tid], b.c[2 + n % 2][tid]): drfcheck cannot tell
//     which buffer that is and must not call the kernel race-free when it
//     races. Statements over them (ptrArrStmt) only touch those elements,
//     with one map from threads to cells per kernel (own cells, race-free)
//     broken in the racy mood (a cell shared by threads k elements apart,
//     the cell of the next thread).

// ptrArr is the kernel's struct parameter with an array of pointers.
type ptrArr struct {
	par   *Var
	field *Field
	nDyn  int // the last nDyn elements are reached at variable indices
	dyn0  int // the first of them
	// how threads map to the variable elements' cells: 'a' element t %
	// nDyn, cell t / nDyn (t the global thread id); 'b' element blockIdx.x
	// % nDyn, cell tid; 'n' element n % nDyn, cell t
	how byte
}

// ptrArrayParam adds, to a small fraction of kernels, a struct parameter
// carrying an array of pointers; its constant elements become arrays of the
// kernel through add.
func (g *gen) ptrArrayParam(add func(*arr) *arr) {
	if !g.chance(0.1) {
		return
	}
	multi := g.p.blocks() > 1
	elem := tInt
	switch g.pick(6, 2, 2) {
	case 1:
		elem = tFloat
	case 2:
		elem = tUint
	}
	nConst := 1 + g.intn(3)
	nDyn := 0
	if g.chance(0.35) {
		nDyn = 2 + g.intn(2)
		if g.chance(0.3) {
			nConst = 0
		}
	}
	if nConst == 0 && nDyn == 0 {
		nConst = 1
	}
	c := &Field{Name: "c", T: ptrTo(elem), Arr: true, Len: nConst + nDyn}
	n := &Field{Name: "n", T: tInt}
	s := &Struct{Name: "Bufs", Fields: []*Field{c, n}}
	if g.tchance(0.3) {
		templated(s, []string{"c"}, "c") // Bufs<float, 3> (gentmpl.go)
	}
	par := &Var{Name: g.name("b"), Kind: VLocal, T: &Type{K: KStruct, S: s}, Param: true,
		Vals: []int64{0, int64(1 + g.intn(8))}}
	g.vr[n] = rk(par.Vals[1], par.Vals[1])
	g.uni[n] = true
	for k := 0; k < c.Len; k++ {
		b := &Var{Name: fmt.Sprintf("%s.c[%d]", par.Name, k), Kind: VLocal, T: ptrTo(elem), Param: true, Len: 1}
		par.Bufs = append(par.Bufs, b)
		if k >= nConst {
			continue
		}
		a := add(&arr{v: b, sp: spGlobal, elem: elem, dims: 1, grid: multi})
		if g.chance(0.3) {
			a.input = true
			b.Input = true
			b.InitA = int64(1 + g.intn(7))
			b.InitB = int64(g.intn(5))
			b.InitM = int64(2 + g.intn(15))
		}
	}
	g.p.Structs = append(g.p.Structs, s)
	g.k.Params = append(g.k.Params, par)
	g.pa = &ptrArr{par: par, field: c, nDyn: nDyn, dyn0: nConst, how: 'a'}
	switch {
	case g.chance(0.2) && g.p.Grid[1] == 1:
		g.pa.how = 'b'
	case g.chance(0.15):
		g.pa.how = 'n'
	}
}

// finishPtrArrays ends a kernel with a pointer array: statements over its
// variable elements at points of the kernel's top level, then every name
// of a constant element's buffer spelled b.c[k].
func (g *gen) finishPtrArrays() {
	pa := g.pa
	if pa == nil {
		return
	}
	if pa.nDyn > 0 {
		body := g.k.Body
		// after the declarations of tid and gid
		from := 0
		for i, s := range body.Stmts {
			if d, ok := s.(*Decl); ok && (d.V == g.tid || d.V == g.gid) {
				from = i + 1
			}
		}
		for range 1 + g.intn(3) {
			var st []Stmt
			g.ptrArrStmt(&st)
			at := from + g.intn(len(body.Stmts)-from+1)
			body.Stmts = append(body.Stmts[:at], append(st, body.Stmts[at:]...)...)
		}
	}
	g.expandBufs(g.p)
}

// expandBufs replaces every name of a buffer of a pointer array by the
// element of the array that points to it.
func (g *gen) expandBufs(p *Program) {
	pa := g.pa
	k := map[*Var]int{}
	for i, b := range pa.par.Bufs {
		k[b] = i
	}
	_, exprs := slots(p)
	for _, e := range exprs {
		if r, ok := (*e).(*VarRef); ok {
			if i, ok := k[r.V]; ok {
				*e = pa.elem(intLit(int64(i)))
			}
		}
	}
}

// elem is b.c[i].
func (pa *ptrArr) elem(i Expr) Expr {
	return &Index{X: &Member{X: ref(pa.par), F: pa.field}, I: i}
}

// ptrArrStmt writes or reads a cell of a variable element: race-free, all
// through the kernel's map from threads to cells, or, in the racy mood,
// sometimes a cell others reach too.
func (g *gen) ptrArrStmt(out *[]Stmt) {
	pa := g.pa
	m := int64(pa.nDyn)
	multi := g.p.blocks() > 1
	t := func() Expr { return ref(g.tid) }
	if multi && pa.how != 'b' {
		t = func() Expr { return ref(g.gid) }
	}
	// element and cell of thread expression x
	cellOf := func(x func() Expr) (Expr, Expr) {
		var el, idx Expr
		switch pa.how {
		case 'b':
			el, idx = bin("%", &Cast{T: tInt, X: bidx(0)}, intLit(m)), x()
			if g.chance(0.3) {
				el = &Cast{T: tInt, X: bin("%", bidx(0), uintLit(m))}
			}
		case 'n':
			el, idx = bin("%", &Member{X: ref(pa.par), F: pa.par.T.S.Fields[1]}, intLit(m)), x()
		default:
			el, idx = bin("%", x(), intLit(m)), bin("/", x(), intLit(m))
			if m == 2 && g.chance(0.4) {
				el, idx = bin("&", x(), intLit(1)), bin(">>", x(), intLit(1))
			}
		}
		return bin("+", intLit(int64(pa.dyn0)), el), idx
	}
	el, idx := cellOf(t)
	racy := g.mood == Racy && g.chance(0.5)
	val := func() Expr {
		var v Expr = bin("+", t(), intLit(int64(1+g.intn(5))))
		if pa.field.T.Elem.K != KInt {
			v = &Cast{T: pa.field.T.Elem, X: v}
		}
		return v
	}
	if racy && g.chance(0.5) {
		// threads that map to one element write its cell 0
		idx = intLit(0)
	}
	save := len(g.scope)
	if racy || g.chance(0.6) {
		*out = append(*out, &Assign{L: &Index{X: pa.elem(el), I: idx}, Op: "=", R: val()})
		if !racy || g.chance(0.5) {
			g.scope = g.scope[:save]
			return
		}
		// the cell of the next thread
		el, idx = cellOf(func() Expr { return bin("+", t(), intLit(1)) })
	}
	x := g.local(out, "x", pa.field.T.Elem, &Index{X: pa.elem(el), I: idx}, unknown, false)
	g.noIdx[x] = true
	g.use(out, x)
	g.scope = g.scope[:save]
}

// ---- checking, running, sizing and printing ----

// ptrArrayField says whether f is an array of pointers to scalars.
func ptrArrayField(f *Field) bool {
	return f.Arr && f.T.K == KPtr && f.T.Elem.arith() && f.T.Elem.K != KBool
}

// valueCount is the number of values (Var.Vals) of a kernel parameter
// that is not a pointer: one per field of a struct.
func valueCount(v *Var) int {
	if v.T.K == KStruct {
		return len(v.T.S.Fields)
	}
	return 1
}

// bufObjects makes the global memory of the buffers of the kernel's
// struct parameters.
func (in *interp) bufObjects(globals map[*Var]*object) {
	for _, v := range in.p.Kernel.Params {
		for _, b := range v.Bufs {
			globals[b] = in.newObj(spGlobal, b, b.T.Elem, 1, 0)
			globals[b].input = b.Input
		}
	}
}

// bufPointers fills the words of array of pointers f, at word w of the
// struct parameter v's object o, with the pointers to v's buffers.
func bufPointers(o *object, w int, f *Field, v *Var, globals map[*Var]*object) {
	for k := 0; k < f.Len && k < len(v.Bufs); k++ {
		b := v.Bufs[k]
		o.cells[cellKey{w: w + k}] = value{t: f.T, p: ptrv{obj: globals[b], kind: pkElem, elem: b.T.Elem}}
	}
}

// fitBufs sizes the buffers of the kernel's struct parameters and keeps
// one per element of their arrays of pointers.
func fitBufs(p *Program, size func(key any, dim int) int) error {
	for _, v := range p.Kernel.Params {
		if len(v.Bufs) == 0 {
			continue
		}
		for _, f := range v.T.S.Fields {
			if !f.Arr {
				continue
			}
			n := size(f, 0)
			if n > len(v.Bufs) {
				return fmt.Errorf("%s.%s has %d elements for %d buffers", v.Name, f.Name, n, len(v.Bufs))
			}
			v.Bufs = v.Bufs[:n]
		}
		for _, b := range v.Bufs {
			b.Len = max(size(b, 0), b.MinLen)
			if b.Len > maxGlobal {
				return fmt.Errorf("global array %s of %d elements", b.Name, b.Len)
			}
		}
	}
	return nil
}

// bufParams are the buffers of a struct parameter, and the value of its
// array of pointers: {$0, $1, ...} (exec.Param.Buffers).
func bufParams(v *Var) ([]Param, string) {
	var ps []Param
	var refs []string
	for k, b := range v.Bufs {
		ps = append(ps, paramOf(b))
		refs = append(refs, fmt.Sprintf("$%d", k))
	}
	return ps, "{" + strings.Join(refs, ", ") + "}"
}

// memText describes the memory of a pointer parameter: "int[4] {1, 2, 3,
// 4}", "float[8] zeroed".
func (p Param) memText() string {
	if p.Init == nil {
		return fmt.Sprintf("%s[%d] zeroed", strings.TrimSuffix(p.Type, " *"), p.Len)
	}
	var xs []string
	for _, x := range p.Init {
		xs = append(xs, fmt.Sprint(x))
	}
	return fmt.Sprintf("%s[%d] {%s}", strings.TrimSuffix(p.Type, " *"), p.Len, strings.Join(xs, ", "))
}

// ptrArrayConstructs names the uses of arrays of pointers of struct
// parameters: at a constant index, at another.
func ptrArrayConstructs(p *Program, add func(string)) {
	walkProgram(p, nil, func(e Expr) {
		ix, ok := e.(*Index)
		if !ok {
			return
		}
		if m, ok := ix.X.(*Member); ok && m.F.Arr && m.F.T.K == KPtr {
			if _, c := constInt(ix.I); c {
				add("struct param pointer array")
			} else {
				add("pointer array, variable element")
			}
		}
	})
}

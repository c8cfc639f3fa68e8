package cudagen

import (
	"fmt"
	"math/rand"
	"strings"
)

// This file generates accesses to memory through layout types: structs
// with __align__(16), with an alignas(8) field, under #pragma pack(1) or
// pack(2), and unions. A kernel parameter "int *layN" is a buffer that
// every thread views through the type, and through short, unsigned char
// and int pointers, at the element of its global index x:
//
//	((L3 *)lay3)[x].b = 5;                          // a member store
//	((short *)lay3)[x * 4 + 1] = (short)x;         // a sub-word store in the element
//	__builtin_memset((char *)lay3 + x * 8 + 2, 7, 3);
//	((L3 *)lay3)[x].a = ((L3 *)lay3)[x].c;          // a union read through another member
//
// Each thread stays in its own element in a race-free kernel; a racy one
// moves one access to the next element, or computes a scalar view's
// stride from the fields' sizes alone, as a layout that ignores padding,
// attributes and packing would (then the threads collide only where the
// real layout says so). The generator lays the types out by C++'s rules
// (layout below, checked against clang++ by TestLayoutNative), and the
// interpreter runs the accesses byte by byte, so that its verdict, and
// whether a race is benign byte for byte, are C++'s.

// layoutProb is the probability of a layout group at each statement of
// the kernel's top level.
var layoutProb = 0.03

// LType is a struct or union of the layout family.
type LType struct {
	Name   string
	Union  bool
	Align  int64 // __align__(Align) on the type, 0 for none
	Pack   int64 // #pragma pack(Pack), 0 for none
	Fields []LField
}

// LField is a scalar field of an LType.
type LField struct {
	Name    string
	T       *Type // KUChar, KShort, KInt
	AlignAs int64 // alignas(AlignAs) on the field, 0 for none
	// Enum declares the field with an enum whose underlying type is T
	// (enum L3_b : short { ... }), as wide as T
	Enum bool
}

// spell is the field's type as the program writes it.
func (l *LType) spell(f LField) string {
	if f.Enum {
		return l.Name + "_" + f.Name
	}
	return f.T.String()
}

func scalarSize(t *Type) int64 {
	switch t.K {
	case KUChar:
		return 1
	case KShort:
		return 2
	}
	return 4
}

// layout returns the offsets of an LType's fields, its size and its
// alignment, by C++'s rules: each field at the next multiple of its
// alignment (its size, raised by alignas, lowered to the packing), a
// union's fields all at 0, the size a multiple of the alignment (the
// largest of the fields', raised by __align__).
func (l *LType) layout() (offs []int64, size, align int64) {
	align = 1
	end := int64(0)
	for _, f := range l.Fields {
		a := scalarSize(f.T)
		if l.Pack > 0 {
			a = min(a, l.Pack)
		}
		a = max(a, f.AlignAs)
		off := int64(0)
		if !l.Union {
			off = (end + a - 1) / a * a
		}
		offs = append(offs, off)
		end = max(end, off+scalarSize(f.T))
		align = max(align, a)
	}
	align = max(align, l.Align)
	return offs, (end + align - 1) / align * align, align
}

// naiveSize is the size a layout made of the fields' sizes alone gives.
func (l *LType) naiveSize() int64 {
	n := int64(0)
	for _, f := range l.Fields {
		if l.Union {
			n = max(n, scalarSize(f.T))
		} else {
			n += scalarSize(f.T)
		}
	}
	return n
}

// print prints the type's definition.
func (l *LType) print(p *printer) {
	kw := "struct"
	if l.Union {
		kw = "union"
	}
	attr := ""
	if l.Align > 0 {
		attr = fmt.Sprintf("__align__(%d) ", l.Align)
	}
	if l.Pack > 0 {
		p.line("#pragma pack(push, %d)", l.Pack)
	}
	var fs []string
	for _, f := range l.Fields {
		a := ""
		if f.AlignAs > 0 {
			a = fmt.Sprintf("alignas(%d) ", f.AlignAs)
		}
		if f.Enum {
			p.line("enum %s : %s { %s_0 };", l.spell(f), f.T, l.spell(f))
		}
		fs = append(fs, fmt.Sprintf("%s%s %s;", a, l.spell(f), f.Name))
	}
	p.line("%s %s%s { %s };", kw, attr, l.Name, strings.Join(fs, " "))
	if l.Pack > 0 {
		p.line("#pragma pack(pop)")
	}
}

// LayoutOp is one access of the family, an expression statement: a store
// to field F of element A*x + B of the buffer viewed as L (View nil), a
// store of View (a scalar type) at index A*x + B, a memset of N bytes of
// value Val from byte A*x + B, or a copy of field G of element A2*x + B2
// into field F of element A*x + B. x is the thread's global index
// (blockIdx.x * blockDim.x + threadIdx.x in a grid of several blocks).
// The value stored is Val, plus x when ValX.
type LayoutOp struct {
	Buf        Expr // the int * parameter
	L          *LType
	View       *Type
	F, G       int
	A, B       int64
	A2, B2     int64
	Val        int64
	ValX, Set  bool
	Copy, Grid bool
	N          int64
}

// layoutRand is the source of the family's choices.
func newLayoutRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x1a7017)) }

// layoutHere says whether to place a layout group here: at the kernel's
// top level, in a launch of one dimension, once a kernel.
func (g *gen) layoutHere() bool {
	p := g.p
	if g.layoutDone || g.depth > 0 || len(g.loops) > 0 || g.inSwitch > 0 || g.guard || !g.ctxUni ||
		p.Block[1] > 1 || p.Block[2] > 1 || p.Grid[1] > 1 || p.Grid[2] > 1 {
		return false
	}
	return g.lr.Float64() < layoutProb
}

// layoutTypes are the shapes the family draws from.
func (g *gen) layoutType() *LType {
	r := g.lr
	n := len(g.p.Layouts)
	l := &LType{Name: fmt.Sprintf("L%d", n)}
	scal := []*Type{tUChar, tShort, tInt}
	nf := 2 + r.Intn(2)
	for i := 0; i < nf; i++ {
		l.Fields = append(l.Fields, LField{Name: string(rune('a' + i)), T: scal[r.Intn(3)]})
	}
	if r.Intn(3) == 0 {
		// an enum as wide as its declared underlying type
		l.Fields[r.Intn(nf)].Enum = true
	}
	switch r.Intn(6) {
	case 0:
		l.Align = []int64{8, 16}[r.Intn(2)]
	case 1:
		l.Fields[1+r.Intn(nf-1)].AlignAs = []int64{4, 8}[r.Intn(2)]
	case 2:
		l.Pack = 1
	case 3:
		l.Pack = 2
	default:
		l.Union = true
	}
	g.p.Layouts = append(g.p.Layouts, l)
	return l
}

// layoutStmt places a group of two to four accesses through one layout
// type to a buffer parameter of its own.
func (g *gen) layoutStmt(out *[]Stmt) {
	g.layoutDone = true
	r := g.lr
	l := g.layoutType()
	buf := &Var{Name: fmt.Sprintf("lay%d", len(g.p.Layouts)-1), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, Bytes: true}
	g.k.Params = append(g.k.Params, buf)
	_, size, _ := l.layout()
	grid := g.p.blocks() > 1
	racy := -1
	n := 2 + r.Intn(3)
	if g.mood == Racy && g.risky() || g.mood == Racy && r.Intn(3) == 0 {
		racy = r.Intn(n)
	}
	for i := 0; i < n; i++ {
		op := &LayoutOp{Buf: ref(buf), L: l, A: 1, Grid: grid, Val: int64(r.Intn(8)), ValX: r.Intn(3) == 0}
		switch r.Intn(5) {
		case 0, 1:
			op.F = r.Intn(len(l.Fields))
		case 2:
			// a scalar view inside the element
			v := []*Type{tUChar, tShort, tInt}[r.Intn(3)]
			z := scalarSize(v)
			if size%z != 0 {
				v, z = tUChar, 1
			}
			op.View, op.L = v, nil
			op.A, op.B = size/z, int64(r.Intn(int(size/z)))
			if i == racy && l.naiveSize()%z == 0 && l.naiveSize() != size {
				op.A = l.naiveSize() / z
				racy = -1
			}
		case 3:
			o := int64(r.Intn(int(size)))
			op.Set, op.L = true, nil
			op.A, op.B, op.N = size, o, 1+int64(r.Intn(int(size-o)))
			op.Val = int64(r.Intn(maxMemsetInt + 1))
		default:
			op.Copy = true
			op.F, op.G = r.Intn(len(l.Fields)), r.Intn(len(l.Fields))
			if l.Union && op.F == op.G {
				// a union read through another member than the one written
				op.G = (op.F + 1) % len(l.Fields)
			}
			op.A2 = 1
		}
		if i == racy {
			op.B += op.A // the next thread's element
			if op.Set && op.B+op.N > 2*op.A {
				op.N = 2*op.A - op.B
			}
		}
		*out = append(*out, &ExprStmt{X: op})
	}
}

// index prints A*x + B.
func (e *LayoutOp) index(a, b int64) string {
	x := "threadIdx.x"
	if e.Grid {
		x = "(blockIdx.x * blockDim.x + threadIdx.x)"
	}
	s := x
	if a != 1 {
		s = fmt.Sprintf("%s * %du", x, a)
	}
	if b != 0 {
		s = fmt.Sprintf("%s + %du", s, b)
	}
	return s
}

// String prints the access.
func (e *LayoutOp) String() string {
	buf := exprString(e.Buf)
	x := "threadIdx.x"
	if e.Grid {
		x = "(blockIdx.x * blockDim.x + threadIdx.x)"
	}
	val := fmt.Sprint(e.Val)
	if e.ValX {
		val = fmt.Sprintf("%s + %d", x, e.Val)
	}
	switch {
	case e.Set:
		return fmt.Sprintf("%s((char *)%s + %s, %d, %d)", memsetName, buf, e.index(e.A, e.B), e.Val, e.N)
	case e.View != nil:
		return fmt.Sprintf("((%s *)%s)[%s] = (%s)(%s)", e.View, buf, e.index(e.A, e.B), e.View, val)
	case e.Copy:
		return fmt.Sprintf("((%s *)%s)[%s].%s = (%s)(((%s *)%s)[%s].%s)", e.L.Name, buf, e.index(e.A, e.B), e.L.Fields[e.F].Name,
			e.L.spell(e.L.Fields[e.F]), e.L.Name, buf, e.index(e.A2, e.B2), e.L.Fields[e.G].Name)
	}
	return fmt.Sprintf("((%s *)%s)[%s].%s = (%s)(%s)", e.L.Name, buf, e.index(e.A, e.B), e.L.Fields[e.F].Name, e.L.spell(e.L.Fields[e.F]), val)
}

// layoutOp runs an access of the family, byte by byte: each word of the
// buffer it touches is one access of the bytes it touches, with the
// bytes a store puts there.
func (th *thread) layoutOp(e *LayoutOp) {
	pv := th.eval(e.Buf)
	o := pv.p.obj
	x := th.tidx[0]
	if e.Grid {
		x += th.bid[0] * int64(th.in.p.Block[0])
	}
	val := e.Val
	if e.ValX {
		val += x
	}
	var offs []int64
	var size int64
	if e.L != nil {
		offs, size, _ = e.L.layout()
	}
	at := func(a, b int64) int64 { return a*x + b }
	le := func(v int64) func(int64) (byte, bool) { // little-endian bytes of v
		return func(k int64) (byte, bool) { return byte(uint64(v) >> (8 * k)), true }
	}
	unknown := func(int64) (byte, bool) { return 0, false }
	switch {
	case e.Set:
		th.layoutBytes(o, at(e.A, e.B), e.N, 1, func(int64) (byte, bool) { return byte(val), true }, e)
	case e.View != nil:
		z := scalarSize(e.View)
		th.layoutBytes(o, at(e.A, e.B)*z, z, 1, le(convertInt(val, e.View)), e)
	case e.Copy:
		g := e.L.Fields[e.G]
		th.layoutBytes(o, at(e.A2, e.B2)*size+offs[e.G], scalarSize(g.T), 0, unknown, e)
		f := e.L.Fields[e.F]
		th.layoutBytes(o, at(e.A, e.B)*size+offs[e.F], scalarSize(f.T), 1, unknown, e)
	default:
		f := e.L.Fields[e.F]
		th.layoutBytes(o, at(e.A, e.B)*size+offs[e.F], scalarSize(f.T), 1, le(convertInt(val, f.T)), e)
	}
}

// layoutBytes accesses n bytes of o from byte b (mode 0 read, 1 write);
// data gives the k-th byte written, when known.
func (th *thread) layoutBytes(o *object, b, n int64, mode int, data func(int64) (byte, bool), e *LayoutOp) {
	if b < 0 {
		fail(errNegIndex, e, "negative byte offset %d", b)
	}
	th.in.record(o.owner, 0, (b+n-1)/4, e)
	for B := b; B < b+n; {
		W := B / 4
		lo, hi := B%4, min(4, b+n-4*W)
		d := wbytes{known: true}
		for k := lo; k < hi; k++ {
			v, ok := data(4*W + k - b)
			d.bits |= uint32(v) << (8 * k)
			d.known = d.known && ok
		}
		l := loc{obj: o, i: W, t: tInt}
		th.in.access(th, l, mode, int(1<<hi-1<<lo), e, d)
		B = 4*W + hi
	}
}

// layoutOp checks an access of the family: its buffer is an int *
// parameter.
func (c *checker) layoutOp(e *LayoutOp) {
	t, _ := c.expr(e.Buf)
	r, ok := e.Buf.(*VarRef)
	if !ok || !r.V.Param || t.K != KPtr || t.Elem.K != KInt {
		c.fail("layout access to %s, not an int * parameter", exprString(e.Buf))
	}
	if e.L == nil && e.View == nil && !e.Set {
		c.fail("layout access without a type")
	}
}
func (*LayoutOp) isExpr() {}

// layoutConstructs adds the constructs of an access of the family.
func layoutConstructs(e *LayoutOp, add func(string)) {
	switch {
	case e.Set:
		add("memset vs typed store")
	case e.View != nil:
		if e.View.K != KInt {
			add("sub-word store")
		}
	case e.Copy && e.L.Union && e.F != e.G:
		add("union other member")
	}
	if e.L == nil {
		return
	}
	switch {
	case e.L.Align > 0:
		add("layout __align__")
	case e.L.Pack > 0:
		add("layout #pragma pack")
	}
	for _, f := range e.L.Fields {
		if f.AlignAs > 0 {
			add("layout alignas field")
		}
		if f.Enum {
			add("layout enum field")
		}
	}
}

package cudagen

import "math"

// This file is the part of the interpreter for whole structs, lambdas and
// the bytes of __builtin_memcpy and __builtin_memset.

// maxMemBytes bounds the size of one memcpy or memset.
const maxMemBytes = 256

// maxMemsetInt is the largest byte memset may write into int memory: words
// stay below 2^28, far enough from overflow for schedule-dependent
// arithmetic (see the package comment of interp.go).
const maxMemsetInt = 15

// structDecl declares a struct local: default-initialized (the fields with
// a default member initializer get it, the others stay uninitialized) or
// copied from Init.
func (th *thread) structDecl(d *Decl) {
	v := d.V
	if !v.T.S.fixedSize() {
		fail(errOther, d, "struct local %s with an array member", v.Name)
	}
	o := th.in.newObj(spLocal, v, v.T, 0, 1)
	if special(v.T.S) {
		th.ctorDecl(d, o)
	} else if d.Init != nil {
		th.copyStruct(loc{obj: o, t: v.T}, th.lval(d.Init), d.Init, d.Init)
	} else {
		w := 0
		for _, f := range v.T.S.Fields {
			if f.Def {
				o.cells[cellKey{w: w}] = value{t: f.T, i: convertInt(f.DefVal, f.T), f: float32(f.DefVal)}
			}
			w += f.words()
		}
	}
	th.fr.env[v] = binding{obj: o}
}

// copyStruct copies the struct at src to dst, word by word: every word is
// read, then every word written. A copy of an uninitialized local field
// is rejected (a memberwise copy of an indeterminate value).
func (th *thread) copyStruct(dst, src loc, dsite, ssite Expr) {
	t := src.t
	if t.K != KStruct || !sameType(dst.t, t) {
		fail(errOther, dsite, "struct copy between %s and %s", src.t, dst.t)
	}
	if !t.S.fixedSize() {
		fail(errOther, dsite, "copy of %s, which has an array member", t)
	}
	n := t.words()
	vals := make([]value, n)
	for w := 0; w < n; w++ {
		vals[w] = th.load(loc{obj: src.obj, i: src.i, j: src.j, w: src.w + w, t: wordType(t, w)}, ssite)
	}
	for w := 0; w < n; w++ {
		th.store(loc{obj: dst.obj, i: dst.i, j: dst.j, w: dst.w + w, t: wordType(t, w)}, vals[w], dsite)
	}
}

// makeClosure makes a lambda's closure: for [=], a copy of every local
// the body names, made now; for [&], the enclosing bindings.
func (th *thread) makeClosure(l *Lambda) *closure {
	c := &closure{lam: l, env: map[*Var]binding{}}
	params := map[*Var]bool{}
	for _, p := range l.Params {
		params[p] = true
	}
	walkExpr(l.Body, func(e Expr) {
		r, ok := e.(*VarRef)
		if !ok || params[r.V] {
			return
		}
		if _, done := c.env[r.V]; done {
			return
		}
		b := th.lookup(r.V)
		switch {
		case b.clo != nil:
			fail(errOther, r, "lambda %s captured", r.V.Name)
		case l.ByRef || r.V.Kind == VShared || r.V.Kind == VDyn || r.V.Kind == VGlobal:
			c.env[r.V] = b
		case r.V.isArray():
			fail(errOther, r, "array %s captured by copy", r.V.Name)
		case r.V.T.K == KStruct:
			o := th.in.newObj(spLocal, r.V, r.V.T, 0, 1)
			th.copyStruct(loc{obj: o, t: r.V.T}, th.lval(r), r, r)
			c.env[r.V] = binding{obj: o}
		default:
			o := th.in.newObj(spLocal, r.V, r.V.T, 0, 1)
			o.cells[cellKey{}] = th.load(th.lval(r), r)
			c.env[r.V] = binding{obj: o}
		}
	})
	return c
}

// callLambda calls a lambda: its arguments are evaluated in the caller,
// its body in the closure's environment.
func (th *thread) callLambda(e *LambdaCall) value {
	b := th.lookup(e.F)
	if b.clo == nil || len(e.Args) != len(b.clo.lam.Params) {
		fail(errOther, e, "bad call of lambda %s", e.F.Name)
	}
	l := b.clo.lam
	env := make(map[*Var]binding, len(b.clo.env)+len(l.Params))
	for v, x := range b.clo.env {
		env[v] = x
	}
	for i, a := range e.Args {
		p := l.Params[i]
		o := th.in.newObj(spLocal, p, p.T, 0, 1)
		o.cells[cellKey{}] = th.convert(th.eval(a), p.T, a)
		env[p] = binding{obj: o}
	}
	saved := th.fr
	th.fr = &frame{env: env}
	defer func() { th.fr = saved }()
	return th.eval(l.Body)
}

// bspan is a byte position in an object: the object, the size of its
// elements in words (of the object itself for a scalar or a struct), and
// the offset in bytes from the object's start.
type bspan struct {
	obj *object
	ew  int64
	b   int64
}

// bytePtr evaluates a pointer argument of memcpy or memset to a byte
// position.
func (th *thread) bytePtr(e Expr) bspan {
	if ba, ok := e.(*ByteAddr); ok {
		s := th.bytePtr(ba.X)
		if ba.Off != nil {
			s.b += th.index(th.eval(ba.Off), ba.Off)
		}
		return s
	}
	p := th.ptr(e)
	o := p.obj
	if o.dims > 1 || p.kind == pkMember || p.kind == pkRow {
		fail(errOther, e, "memcpy or memset on a row or an array member")
	}
	switch {
	case o.elem.K == KStruct && !o.elem.S.fixedSize():
		fail(errOther, e, "memcpy or memset on %s, which has an array member", o.elem)
	case o.elem.K != KStruct && o.elem.K != KInt && o.elem.K != KUint && o.elem.K != KFloat:
		fail(errOther, e, "memcpy or memset on %s", o.elem)
	}
	ew := int64(o.elem.words())
	b := 4 * p.i * ew
	if p.kind == pkSingle {
		b = 4 * (p.ei*ew + int64(p.w) + p.i*int64(p.elem.words()))
	}
	return bspan{obj: o, ew: ew, b: b}
}

// span checks that the n bytes from s lie in its object, which is sized
// to hold them (and the pointer itself).
func (th *thread) span(s bspan, n int64, node Expr) {
	if s.b < 0 {
		fail(errNegIndex, node, "byte offset %d", s.b)
	}
	eb := 4 * s.ew
	ptrEl := (s.b + eb - 1) / eb // the pointer is into or one past this element
	o := s.obj
	if o.limit > 0 {
		if s.b+n > eb*o.limit || ptrEl > o.limit {
			fail(errBigIndex, node, "bytes [%d, %d) beyond %d", s.b, s.b+n, eb*o.limit)
		}
		return
	}
	th.in.recordPtr(o.owner, ptrEl, node)
	if n > 0 {
		th.in.record(o.owner, 0, (s.b+n-1)/eb, node)
	}
}

// wordLoc is the location of word W (counted from the object's start).
func (s bspan) wordLoc(W int64) loc {
	w := int(W % s.ew)
	return loc{obj: s.obj, i: W / s.ew, w: w, t: wordType(s.obj.elem, w)}
}

// memOp runs __builtin_memcpy or __builtin_memset, word by word.
func (th *thread) memOp(e *MemOp) {
	if e.Ghost {
		th.snapshot(e)
		return
	}
	dst := th.bytePtr(e.Dst)
	var src bspan
	var c int64
	if e.Set {
		c = int64(uint8(th.index(th.eval(e.Src), e.Src)))
	} else {
		src = th.bytePtr(e.Src)
	}
	n := th.index(th.eval(e.N), e.N)
	if n < 0 || n > maxMemBytes {
		fail(errBigIndex, e.N, "%d bytes", n)
	}
	th.span(dst, n, e.Dst)
	if dst.obj.owner.Elect || !e.Set && src.obj.owner.Elect {
		fail(errOther, e, "memcpy or memset on an election cell")
	}
	if dst.obj.input {
		fail(errOther, e, "write to input %s", dst.obj.owner.Name)
	}
	if !e.Set {
		th.span(src, n, e.Src)
		if src.obj == dst.obj && src.b < dst.b+n && dst.b < src.b+n {
			fail(errUB, e, "memcpy of overlapping bytes")
		}
		if (dst.b-src.b)%4 != 0 {
			fail(errOther, e, "memcpy moving bytes within their words")
		}
	}
	for B := dst.b; B < dst.b+n; {
		W := B / 4
		lo, hi := B%4, min(4, dst.b+n-4*W)
		mask := int(1<<hi - 1<<lo)
		dl := dst.wordLoc(W)
		var v value
		if e.Set {
			v = bitsValue(uint32(c)*0x01010101, dl.t)
			if dl.t.K == KInt && dst.obj.sp != spLocal && c > maxMemsetInt {
				fail(errUB, e, "memset of byte %d into int memory", c)
			}
		} else {
			sl := src.wordLoc((src.b + B - dst.b) / 4)
			if sl.t.K != dl.t.K {
				fail(errOther, e, "memcpy from %s to %s", sl.t, dl.t)
			}
			v = th.readBytes(sl, mask, e)
			v.t = dl.t
			if dst.obj.sp != spLocal {
				th.checkStored(v, dl.t, e)
			}
		}
		th.writeBytes(dl, mask, v, e)
		B = 4*W + hi
	}
}

// readBytes reads the bytes of mask of the word at l (the whole word's
// value, which those bytes come from).
func (th *thread) readBytes(l loc, mask int, site Expr) value {
	o := l.obj
	if o.sp == spLocal {
		v, ok := o.cells[cellKey{l.i, l.j, l.w}]
		if !ok {
			if !o.zero {
				fail(errUB, site, "copy of an uninitialized local")
			}
			v = value{t: l.t}
		}
		return v
	}
	th.in.access(th, l, 0, mask, site, wbytes{})
	if o.input {
		x := o.owner.initAt(l.i)
		return value{t: l.t, i: convertInt(x, l.t), f: float32(x), mem: true}
	}
	return value{t: l.t, nd: true}
}

// writeBytes writes the bytes of mask of v into the word at l.
func (th *thread) writeBytes(l loc, mask int, v value, site Expr) {
	o := l.obj
	if o.sp != spLocal {
		th.in.access(th, l, 1, mask, site, wordBytes(v, l.t))
		return
	}
	key := cellKey{l.i, l.j, l.w}
	if mask == fullWord {
		v.t = l.t
		o.cells[key] = v
		return
	}
	old, ok := o.cells[key]
	if !ok {
		if !o.zero {
			fail(errUB, site, "part of an uninitialized local written")
		}
		old = value{t: l.t}
	}
	var m uint32
	for b := 0; b < 4; b++ {
		if mask&(1<<b) != 0 {
			m |= 0xff << (8 * b)
		}
	}
	r := bitsValue(wordBits(old)&^m|wordBits(v)&m, l.t)
	r.nd, r.mem = old.nd || v.nd, old.mem || v.mem
	o.cells[key] = r
}

// wordBits is the representation of a scalar value.
func wordBits(v value) uint32 {
	if v.t.K == KFloat {
		return math.Float32bits(v.f)
	}
	return uint32(v.i)
}

// bitsValue is the value of type t represented by b.
func bitsValue(b uint32, t *Type) value {
	switch t.K {
	case KFloat:
		return value{t: t, f: math.Float32frombits(b)}
	case KInt:
		return value{t: t, i: int64(int32(b))}
	}
	return value{t: t, i: int64(b)}
}

// snapshot runs __array_snapshot (MemOp.Ghost): each element of the
// thread's local array becomes what a read of the source's element would
// find now, with no access made.
func (th *thread) snapshot(e *MemOp) {
	dst, src := th.ptr(e.Dst), th.ptr(e.Src)
	for k := range int64(e.Src.(*VarRef).V.Dims[0]) {
		sl, dl := th.at(src, k, e.Src), th.at(dst, k, e.Dst)
		v := th.electRead(sl)
		v.t = dl.t
		dl.obj.cells[cellKey{dl.i, dl.j, dl.w}] = v
	}
}

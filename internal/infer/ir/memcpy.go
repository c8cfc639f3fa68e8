package ir

import (
	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/protocol"
)

// memcpy, memmove and memset (and clang's __builtin_ forms) access a range
// of bytes: they become a loop over the bytes, each read from the source
// and written to the destination, so that the accesses cover exactly the
// bytes the call touches whatever the types on either side (a copy of
// fewer bytes than a struct, an unaligned destination). A destination
// that is a local object of the thread gets an unknown value; a length
// that is not a constant, or that exceeds the object, may write past it:
// unknown.

var byteCopies = map[string]bool{
	"memcpy": true, "__builtin_memcpy": true, "memmove": true, "__builtin_memmove": true,
	"memset": true, "__builtin_memset": true,
}

// u8 is the type of one byte.
var u8 = ctype{kind: cScalar, ir: Type{Kind: Int, Size: 1}, size: 1, align: 1}

// byteCopy lowers a call of memcpy, memmove or memset.
func (l *lowerer) byteCopy(n *clang.Node, name string, args []*clang.Node) val {
	at := l.pos(n)
	dst := l.pointer(l.rv(args[0]))
	set := name == "memset" || name == "__builtin_memset"
	var src *ptrv
	var fill Expr
	if set {
		fill = l.scalar(l.rv(args[1]), u8.ir, at)
	} else {
		src = l.pointer(l.rv(args[1]))
	}
	length := l.scalar(l.rv(args[2]), I64, at)
	k := l.newVar(at, l.name("byte"), I64, Local)
	body := l.into(func() {
		var v Expr = fill
		if src != nil {
			v = l.scalar(l.loadBytes(src, Expr(&Ref{At: at, Var: k}), n), u8.ir, at)
		}
		l.storeBytes(dst, &Ref{At: at, Var: k}, v, length, n)
	})
	l.emit(&Loop{At: at, Kind: For,
		Init: &Block{At: at, Stmts: []Stmt{&Assign{At: at, Dst: k, X: i64(at, 0)}}},
		Test: &Block{At: at}, Cond: &Binary{At: at, Op: "<", X: &Ref{At: at, Var: k}, Y: length, T: BoolT},
		Post: &Block{At: at, Stmts: []Stmt{&Assign{At: at, Dst: k, X: &Binary{At: at, Op: "+", X: &Ref{At: at, Var: k}, Y: i64(at, 1), T: I64}}}},
		Body: &Block{At: at, Stmts: body}, Bytes: true})
	t := l.typeOf(n)
	if t.kind == cPtr {
		return val{t: t, p: dst}
	}
	return val{t: t}
}

// loadBytes reads byte k of what p points to: memory byte by byte, a local
// object as an unknown byte.
func (l *lowerer) loadBytes(p *ptrv, k Expr, n *clang.Node) val {
	at := l.pos(n)
	var alts []place
	for _, a := range p.alts {
		switch a.kind {
		case pMem:
			a.off = add(at, a.off, k)
			alts = append(alts, a)
		case pVar:
			// a local object: its bytes are not followed
		default:
			// a null pointer or one the lowering cannot follow: unknown
			l.loadPlace(a, u8, n)
		}
	}
	if len(alts) != len(p.alts) || len(alts) == 0 {
		// a local source: its bytes are not followed; any memory it is
		// read from is still read
		for _, a := range alts {
			l.load(lval{alts: []place{a}, t: u8, n: n})
		}
		return l.opaqueVal(n, u8, "a byte copied from a local object")
	}
	return l.load(lval{alts: alts, t: u8, n: n})
}

// storeBytes writes byte k of what p points to.
func (l *lowerer) storeBytes(p *ptrv, k, v, length Expr, n *clang.Node) {
	at := l.pos(n)
	l.eachAlt(p.alts, at, func(a place) {
		switch a.kind {
		case pMem:
			a.off = add(at, a.off, k)
			a.guard = nil
			l.storePlace(a, u8, val{t: u8, e: v}, n, at)
		case pVar:
			l.havocBytes(a, length, n)
		default:
			l.storePlace(a, u8, val{t: u8, e: v}, n, at)
		}
	})
}

// havocBytes gives the part of a local object that a byte copy writes an
// unknown value; a length the object may not hold is unknown.
func (l *lowerer) havocBytes(a place, length Expr, n *clang.Node) {
	at := l.pos(n)
	c, ok := length.(*Const)
	off, offOK := int64(0), a.off == nil
	if oc, isConst := a.off.(*Const); isConst {
		off, offOK = oc.Int, true
	}
	if !ok || !offOK || off < 0 || off+c.Int > a.obj.t.size || a.obj.t.size == 0 {
		l.unknown(n, "a copy into local object %s of a length that may exceed it: %s", a.obj.name, l.text(n))
		return
	}
	l.havocObject(a.obj, at)
}

// havocObject gives every scalar of a local object an unknown value.
func (l *lowerer) havocObject(o *object, at protocol.Pos) {
	switch {
	case o.v != nil:
		l.emit(&Assign{At: at, Dst: o.v, X: &Opaque{At: at, Reason: "a value written by a byte copy", T: o.v.T}})
	case o.ptr != nil:
		l.writePtr(o, unknownPtr("a pointer written by a byte copy"), at)
	case o.base != nil:
		// a local array: its contents are not tracked
	default:
		for _, f := range o.fields {
			l.havocObject(f, at)
		}
	}
}

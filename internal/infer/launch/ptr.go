package launch

import (
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
)

// origin is a piece of memory a host pointer may point into.
//
// Why: whether two pointer arguments of a launch may overlap decides which
// races across them exist. Memory the host code allocates itself (each
// cudaMalloc, malloc or new, the address of a variable) is distinct from
// all other memory while it lives, so two pointers into two such
// allocations never overlap; a pointer whose memory the host code does not
// show (a function's result drfcheck does not follow, a parameter of a
// function no code in the file calls, a global) may overlap anything, and
// drfcheck assumes that it does not only as GPU verifiers do, saying so in
// the report (what).
type origin struct {
	id string
	// known: memory the host code allocates or names here
	known bool
	// what says where the memory comes from ("cudaMalloc at
	// main.cu:10:3"), or, when not known, why not ("the result of
	// getBuf() at main.cu:12:10, a call drfcheck does not follow")
	what string
	// summary: allocated in a loop, one origin for the allocations of
	// every iteration: two pointers into it may be into different ones,
	// and never have a known offset from each other
	summary bool
	// null is the null pointer: no memory at all
	null bool
	// varID is set for the address of a host variable (&x): what an
	// element of cudaLaunchKernel's argument array points to
	varID string
}

// alt is one place a pointer may point to: a byte offset (when known)
// into an origin.
type alt struct {
	o     *origin
	off   int64
	known bool
}

var nullOrigin = &origin{id: "null", known: true, null: true, what: "the null pointer"}

// ptrTo is a pointer to the start of an origin.
func ptrTo(o *origin) *val { return &val{k: kPtr, ptr: []alt{{o: o, known: true}}} }

// notShown is memory the host code does not show, for why: an origin of
// its own (never the same as another's, whose id it does not share).
func notShown(why string) *origin {
	return &origin{id: fmt.Sprintf("?j%d", notShownSeq.Add(1)), what: why}
}

var notShownSeq atomic.Int64

// opaque is a pointer into memory the host code does not show.
func (f *finder) opaque(why string) *val {
	f.syms++
	return ptrTo(&origin{id: fmt.Sprintf("?%d", f.syms), what: why})
}

// joinVals is the value of a variable after paths that left it a or b:
// pointers may point where either does; structs and arrays are joined
// member by member; anything else that differs is fresh (a value not
// known, made by fresh).
func joinVals(a, b *val, fresh func() *val) *val {
	switch {
	case a == b:
		return a
	case a == nil || b == nil:
		return fresh()
	case a.k == kPtr && b.k == kPtr:
		return &val{k: kPtr, ptr: joinAlts(a.ptr, b.ptr)}
	case a.k == kStruct && b.k == kStruct && a.typ == b.typ && len(a.fields) == len(b.fields):
		out := &val{k: kStruct, typ: a.typ}
		for i, f := range a.fields {
			g := b.fields[i]
			out.fields = append(out.fields, field{f.name, joinVals(f.v, g.v, func() *val { return unknown("%s is set differently on two paths", f.name) })})
		}
		return out
	case a.k == kArray && b.k == kArray && len(a.elems) == len(b.elems):
		out := &val{k: kArray, typ: a.typ}
		for i := range a.elems {
			out.elems = append(out.elems, joinVals(a.elems[i], b.elems[i], func() *val { return unknown("an element set differently on two paths") }))
		}
		return out
	case a.k == kInt && b.k == kInt:
		x, xok := a.isConst()
		y, yok := b.isConst()
		if xok && yok && x == y && a.t == b.t {
			return a
		}
	case a.k == kFunc && b.k == kFunc && a.fn == b.fn:
		return a
	case a.k == kUnknown && b.k != kPtr:
		return a
	case b.k == kUnknown && a.k != kPtr:
		return b
	}
	if a.k == kPtr || b.k == kPtr {
		// a pointer on one path, something not known on the other
		p := a
		if b.k == kPtr {
			p = b
		}
		why := "a value that is not known on some path"
		if q := a; q.k != kPtr && q.why != "" {
			why = q.why
		} else if q := b; q.k != kPtr && q.why != "" {
			why = q.why
		}
		return &val{k: kPtr, ptr: joinAlts(p.ptr, []alt{{o: notShown(why)}})}
	}
	return fresh()
}

// joinAlts is the union of two sets of places; one origin at two offsets
// is the origin at an offset not known.
func joinAlts(a, b []alt) []alt {
	out := append([]alt(nil), a...)
	for _, y := range b {
		merged := false
		for i, x := range out {
			if x.o == y.o {
				if !(x.known && y.known && x.off == y.off) {
					out[i].known = false
				}
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, y)
		}
	}
	return out
}

func placesKey(as []alt) string {
	var keys []string
	for _, a := range as {
		k := a.o.id + "+?"
		if a.known {
			k = fmt.Sprintf("%s+%d", a.o.id, a.off)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// hasPointers reports whether a value holds a pointer (itself, or in a
// field or element).
func hasPointers(v *val) bool {
	if v == nil {
		return false
	}
	switch v.k {
	case kPtr:
		return true
	case kStruct:
		for _, f := range v.fields {
			if hasPointers(f.v) {
				return true
			}
		}
	case kArray:
		for _, e := range v.elems {
			if hasPointers(e) {
				return true
			}
		}
	}
	return false
}

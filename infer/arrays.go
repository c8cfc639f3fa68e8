package infer

import (
	"strings"

	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// The arrays of a protocol (seed 004, Section 5: "access memory protocols
// (one for each shared array)"; drfcheck also checks global memory):
//   - each __shared__ variable of the kernel and of the functions it calls
//     (an array, or a scalar as an array of one element); every extern
//     __shared__ array is the same dynamic shared memory, one array;
//   - the memory each pointer parameter of the kernel points to, a global
//     array, with distinct parameters assumed not to alias, as GPU
//     verifiers assume (__restrict__ semantics);
//   - each __device__ or __constant__ variable, and static local, global.
// Per-thread variables and local arrays never race and are not arrays of
// the protocol.

// staticArray registers the array of a variable with static storage
// declared in the kernel.
func (k *kernel) staticArray(x *exec, d *clang.Node) *array {
	if a := k.arrays[d.ID]; a != nil {
		return a
	}
	shared := d.HasAttr("CUDASharedAttr")
	if !shared && !d.HasAttr("CUDADeviceAttr") && !d.HasAttr("CUDAConstantAttr") {
		if v, ok := x.constant(d); ok {
			// a static constant: a value, not memory
			x.env.vars[d.ID] = v
			return nil
		}
	}
	t := k.types.parse(d.TypeString())
	at := x.pos(d)
	kind := protocol.Global
	if shared {
		kind = protocol.Shared
	}
	a := &array{kind: kind, at: at}
	elem := t
	switch t.kind {
	case tArray:
		a.dims = append([]int64(nil), t.dims...)
		elem = t.pointee()
	default:
		a.dims, a.scalar = []int64{1}, true
	}
	a.elem = elem.size
	k.elemSizes[d.ID] = a.elem
	if shared && d.StorageClass == "extern" {
		// all extern __shared__ arrays are the same memory
		if ext := k.arrays["extern"]; ext != nil {
			k.arrays[d.ID] = ext
			return ext
		}
		a.dims = []int64{0}
		a.name = k.declarePerm(d.Name, kind, at)
		k.arrays["extern"] = a
		k.arrays[d.ID] = a
		return a
	}
	a.name = k.declarePerm(d.Name, kind, at)
	k.arrays[d.ID] = a
	return a
}

// globalArray returns the array of a file-scope variable in device
// memory, or nil for an ordinary variable.
func (k *kernel) globalArray(x *exec, d *clang.Node) *array {
	if !d.HasAttr("CUDASharedAttr") && !d.HasAttr("CUDADeviceAttr") && !d.HasAttr("CUDAConstantAttr") {
		return nil
	}
	return k.staticArray(x, d)
}

// declElemSize returns the element size of the variable that made an
// array (which differs from the array's for a second extern __shared__
// declaration of another type).
func (k *kernel) declElemSize(id string) int64 {
	if s, ok := k.elemSizes[id]; ok {
		return s
	}
	if a := k.arrays[id]; a != nil {
		return a.elem
	}
	return 0
}

// paramArray makes the global array a pointer parameter points to.
func (k *kernel) paramArray(name string, pointee ctype, at protocol.Pos) *array {
	a := &array{kind: protocol.Global, at: at, dims: []int64{0}, elem: pointee.size}
	if pointee.kind == tArray {
		// float (*A)[N]: rows of N
		a.dims = append([]int64{0}, pointee.dims...)
		a.elem = pointee.pointee().size
	}
	if pointee.kind == tVoid {
		a.elem = 1
	}
	a.name = k.declarePerm(name, protocol.Global, at)
	k.arrays["param:"+a.name] = a
	return a
}

// paramValue is the value of a kernel parameter: a param for an integer,
// a pointer to its own global array for a pointer, a lazy struct whose
// fields are made on first use for a struct.
func (k *kernel) paramValue(name string, t ctype, at protocol.Pos) value {
	switch t.kind {
	case tInt:
		return intVal{&protocol.Var{At: at, Name: k.declarePerm(name, protocol.Param, at)}}
	case tPtr:
		a := k.paramArray(name, t.pointee(), at)
		return ptrVal{alts: []ptrAlt{{kind: tgArray, arr: a, idx: zeros(at, len(a.dims)), depth: 0}}}
	case tStruct:
		return structVal{lazy: &lazyStruct{name: name, fields: map[string]value{}}}
	case tRef:
		return unknownPtr("a reference parameter of a kernel")
	}
	return k.opaque(false, false)
}

// lazyField makes the field of a struct parameter on first use.
func (k *kernel) lazyField(s *lazyStruct, field string, t ctype, at protocol.Pos) value {
	if v, ok := s.fields[field]; ok {
		return v
	}
	v := k.paramValue(s.name+"_"+field, t, at)
	s.fields[field] = v
	return v
}

// function returns the param naming an uninterpreted function.
func (k *kernel) function(name string, at protocol.Pos) string {
	if f, ok := k.funcs[name]; ok {
		return f
	}
	f := k.declarePerm(name, protocol.Param, at)
	k.funcs[name] = f
	return f
}

// enumValues returns the value of every enumerator of the file.
func (k *kernel) enumValues() map[string]int64 {
	if k.enums != nil {
		return k.enums
	}
	k.enums = map[string]int64{}
	var walk func(n *clang.Node)
	walk = func(n *clang.Node) {
		if n == nil {
			return
		}
		if n.Kind == "EnumDecl" {
			next := int64(0)
			for _, c := range n.Inner {
				if c == nil || c.Kind != "EnumConstantDecl" {
					continue
				}
				if v, ok := constantValue(c); ok {
					next = v
				}
				k.enums[c.ID] = next
				next++
			}
			return
		}
		for _, c := range n.Inner {
			walk(c)
		}
	}
	for _, d := range k.tu.MainDecls() {
		walk(d)
	}
	return k.enums
}

// constantValue finds the value clang computed for an enumerator's
// initializer.
func constantValue(n *clang.Node) (int64, bool) {
	for _, c := range n.Inner {
		if c == nil {
			continue
		}
		if c.Kind == "ConstantExpr" {
			return c.IntValue()
		}
		if v, ok := constantValue(c); ok {
			return v, true
		}
	}
	return 0, false
}

// record returns the definition of a struct or class by its type name.
func (k *kernel) record(name string) *clang.Node {
	name = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(name, "struct "), "class "))
	if k.records == nil {
		k.records = map[string]*clang.Node{}
		k.tu.WalkDecls(func(n *clang.Node, prefix string) bool {
			if n.Kind != "CXXRecordDecl" && n.Kind != "RecordDecl" || n.Name == "" || len(n.Inner) == 0 {
				return false
			}
			for _, key := range []string{prefix + n.Name, n.Name} {
				if _, seen := k.records[key]; !seen {
					k.records[key] = n
				}
			}
			return true
		})
	}
	return k.records[name]
}

// fieldNames returns the fields of a struct type in order.
func (k *kernel) fieldNames(t ctype) []string {
	switch {
	case t.name == "dim3" || t.name == "uint3":
		return []string{"x", "y", "z"}
	case structSizes[t.name] > 0:
		n := t.name[len(t.name)-1] - '0'
		if n >= 1 && n <= 4 {
			return []string{"x", "y", "z", "w"}[:n]
		}
	}
	r := k.record(t.name)
	if r == nil {
		return nil
	}
	var fs []string
	for _, c := range r.Inner {
		if c != nil && c.Kind == "FieldDecl" {
			fs = append(fs, c.Name)
		}
	}
	return fs
}

// constructor finds the constructor of a struct with the given type.
func (k *kernel) constructor(t ctype, ctorType string) *clang.Node {
	r := k.record(t.name)
	if r == nil {
		return nil
	}
	for _, c := range r.Inner {
		if c != nil && c.Kind == "CXXConstructorDecl" && c.Type != nil && c.Type.QualType == ctorType {
			return k.definition(c)
		}
	}
	return nil
}

// hasDestructor reports whether a struct of the file has a destructor
// written by the user.
func (k *kernel) hasDestructor(t ctype) bool {
	r := k.record(t.name)
	if r == nil {
		return false
	}
	for _, c := range r.Inner {
		if c != nil && c.Kind == "CXXDestructorDecl" && !c.IsImplicit {
			return true
		}
	}
	return false
}

package infer

import (
	"strconv"
	"strings"
)

// tkind classifies a C type as far as the inference cares.
type tkind int

const (
	tUnknown tkind = iota
	tVoid
	tInt    // integers, bool, enums, characters
	tFloat  // float, double, half
	tPtr    // pointers
	tArray  // arrays
	tStruct // structs, classes, unions, lambdas
	tRef    // references
	tFunc   // functions
)

// ctype is a C type parsed from clang's spelling of it.
type ctype struct {
	kind     tkind
	unsigned bool
	size     int64   // in bytes; 0 when unknown
	elem     *ctype  // pointee, array element (after all dimensions) or referee
	dims     []int64 // array dimensions, outermost first; 0 when unknown
	name     string  // struct name
}

func (t ctype) isInt() bool    { return t.kind == tInt }
func (t ctype) isPtr() bool    { return t.kind == tPtr }
func (t ctype) isStruct() bool { return t.kind == tStruct }

// pointee returns what a pointer or reference points to, or an array's
// element type.
func (t ctype) pointee() ctype {
	if t.elem == nil {
		return ctype{}
	}
	return *t.elem
}

var intSizes = map[string]int64{
	"char": 1, "signed char": 1, "unsigned char": 1, "bool": 1, "_Bool": 1,
	"short": 2, "short int": 2, "signed short": 2, "unsigned short": 2, "unsigned short int": 2, "signed short int": 2,
	"int": 4, "signed": 4, "signed int": 4, "unsigned": 4, "unsigned int": 4,
	"long": 8, "long int": 8, "signed long": 8, "unsigned long": 8, "unsigned long int": 8, "signed long int": 8,
	"long long": 8, "long long int": 8, "signed long long": 8, "unsigned long long": 8, "unsigned long long int": 8,
	"__int128": 16, "unsigned __int128": 16, "wchar_t": 4, "char16_t": 2, "char32_t": 4, "char8_t": 1,
}

var floatSizes = map[string]int64{"float": 4, "double": 8, "long double": 16, "_Float16": 2, "__fp16": 2}

// structSizes gives the sizes of the structs of the prelude, so that
// pointer casts between them and scalars can be followed.
var structSizes = map[string]int64{
	"dim3": 12, "uint3": 12, "__half": 2, "half": 2, "__half2": 4, "half2": 4,
}

func init() {
	for name, size := range map[string]int64{"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4,
		"long": 8, "ulong": 8, "longlong": 8, "ulonglong": 8, "float": 4, "double": 8} {
		for n := int64(1); n <= 4; n++ {
			structSizes[name+strconv.FormatInt(n, 10)] = n * size
		}
	}
}

// typeEnv knows the enums and structs declared in the file, which clang's
// type spellings do not distinguish from each other.
type typeEnv struct {
	enums map[string]bool
}

// parse parses a type spelling such as "const float *__restrict",
// "float[16][17]", "float (*)[17]", "unsigned int", "int &" or
// "cooperative_groups::thread_block".
func (te *typeEnv) parse(s string) ctype {
	s = strings.TrimSpace(s)
	if s == "" || s == "<dependent type>" {
		return ctype{}
	}
	// Qualifiers after the type apply to a pointer itself.
	for {
		t := s
		for _, q := range []string{" const", " volatile", " __restrict", " restrict", " __restrict__"} {
			t = strings.TrimSuffix(t, q)
		}
		if t == s {
			break
		}
		s = strings.TrimSpace(t)
	}
	if strings.HasSuffix(s, "&&") {
		r := te.parse(s[:len(s)-2])
		return ctype{kind: tRef, elem: &r, size: 8}
	}
	if strings.HasSuffix(s, "&") {
		r := te.parse(s[:len(s)-1])
		return ctype{kind: tRef, elem: &r, size: 8}
	}
	if i := strings.Index(s, "(*)"); i >= 0 {
		rest := strings.TrimSpace(s[i+3:])
		if strings.HasPrefix(rest, "[") {
			a := te.parse(s[:i] + rest)
			return ctype{kind: tPtr, elem: &a, size: 8}
		}
		f := ctype{kind: tFunc}
		return ctype{kind: tPtr, elem: &f, size: 8}
	}
	if strings.HasSuffix(s, "]") {
		i := strings.Index(s, "[")
		base := te.parse(s[:i])
		var dims []int64
		for _, part := range strings.Split(strings.TrimSuffix(s[i+1:], "]"), "][") {
			n, _ := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
			dims = append(dims, n)
		}
		t := ctype{kind: tArray, elem: &base, dims: dims}
		if base.size > 0 {
			t.size = base.size
			for _, d := range dims {
				t.size *= d
			}
		}
		return t
	}
	if strings.HasSuffix(s, "*") {
		p := te.parse(s[:len(s)-1])
		return ctype{kind: tPtr, elem: &p, size: 8}
	}
	if strings.HasPrefix(s, "(lambda") {
		return ctype{kind: tStruct, name: s}
	}
	if strings.Contains(s, "(") {
		return ctype{kind: tFunc}
	}
	return te.base(s)
}

// base parses a type without declarators.
func (te *typeEnv) base(s string) ctype {
	words := strings.Fields(s)
	var kept []string
	isEnum, isRecord := false, false
	for _, w := range words {
		switch w {
		case "const", "volatile", "__restrict", "restrict", "__restrict__", "typename":
		case "enum":
			isEnum = true
		case "struct", "class", "union":
			isRecord = true
		default:
			kept = append(kept, w)
		}
	}
	name := strings.Join(kept, " ")
	if n, ok := intSizes[name]; ok {
		return ctype{kind: tInt, size: n, unsigned: strings.HasPrefix(name, "unsigned") || name == "bool" || name == "_Bool"}
	}
	if n, ok := floatSizes[name]; ok {
		return ctype{kind: tFloat, size: n}
	}
	switch name {
	case "void":
		return ctype{kind: tVoid}
	case "uint8_t":
		return ctype{kind: tInt, size: 1, unsigned: true}
	case "uint16_t":
		return ctype{kind: tInt, size: 2, unsigned: true}
	case "uint", "uint32_t":
		return ctype{kind: tInt, size: 4, unsigned: true}
	case "size_t", "uint64_t", "uintptr_t":
		return ctype{kind: tInt, size: 8, unsigned: true}
	case "int8_t":
		return ctype{kind: tInt, size: 1}
	case "int16_t":
		return ctype{kind: tInt, size: 2}
	case "int32_t":
		return ctype{kind: tInt, size: 4}
	case "int64_t", "ptrdiff_t", "intptr_t":
		return ctype{kind: tInt, size: 8}
	case "std::nullptr_t", "nullptr_t":
		v := ctype{kind: tVoid}
		return ctype{kind: tPtr, elem: &v, size: 8}
	}
	if isEnum || te != nil && te.enums[name] {
		return ctype{kind: tInt, size: 4}
	}
	if strings.HasPrefix(name, "std::") || strings.Contains(name, "<") && !isRecord {
		// a library or template type: a struct as far as values go
		return ctype{kind: tStruct, name: name}
	}
	return ctype{kind: tStruct, name: name, size: structSizes[name]}
}

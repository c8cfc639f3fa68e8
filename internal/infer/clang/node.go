package clang

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Node is one node of clang's JSON AST: a declaration, statement,
// expression, attribute or template argument. Only the attributes the front
// end reads are decoded; Inner holds the children in clang's order, with a
// node of empty Kind where clang prints {} for an absent child (the missing
// init, condition or increment of a for statement).
type Node struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Loc   Loc    `json:"loc"`
	Range Range  `json:"range"`

	Name            string     `json:"name"`
	Type            *Type      `json:"type"`
	ValueCategory   string     `json:"valueCategory"`
	Opcode          string     `json:"opcode"`
	IsPostfix       bool       `json:"isPostfix"`
	CastKind        string     `json:"castKind"`
	IsArrow         bool       `json:"isArrow"`
	Init            string     `json:"init"`
	StorageClass    string     `json:"storageClass"`
	IsImplicit      bool       `json:"isImplicit"`
	HasElse         bool       `json:"hasElse"`
	HasVar          bool       `json:"hasVar"`
	HasInit         bool       `json:"hasInit"`
	TagUsed         string     `json:"tagUsed"`
	ArgType         *Type      `json:"argType"`
	ComputeLHS      *Type      `json:"computeLHSType"`
	ComputeResult   *Type      `json:"computeResultType"`
	Referenced      *DeclRef   `json:"referencedDecl"`
	MemberDecl      string     `json:"referencedMemberDecl"`
	AnyInit         *DeclRef   `json:"anyInit"`
	BaseInit        *Type      `json:"baseInit"`
	CtorType        *Type      `json:"ctorType"`
	Lookups         []DeclRef  `json:"lookups"`
	PreviousDecl    string     `json:"previousDecl"`
	Variadic        bool       `json:"variadic"`
	Inline          bool       `json:"inline"`
	Constexpr       bool       `json:"constexpr"`
	Virtual         bool       `json:"virtual"`         // a method declared virtual (clang omits it on an override without the keyword)
	IsParameterPack bool       `json:"isParameterPack"` // a template parameter pack (typename... T)
	ConstrKind      string     `json:"constructionKind"`
	Defaulted       string     `json:"explicitlyDefaulted"` // "default" for a special member declared = default
	Bases           []BaseSpec `json:"bases"`               // the base classes of a class, in order
	FixedType       *Type      `json:"fixedUnderlyingType"` // an enum's declared underlying type (enum E : char)
	// DefinitionData says what clang knows of a class's special members:
	// whether its default constructor does anything.
	DefinitionData *DefinitionData `json:"definitionData"`
	// Value is the value of a literal (a string for integers and floats, a
	// number for characters, a boolean for bool), of a ConstantExpr, or of
	// an integral template argument.
	Value json.RawMessage `json:"value"`

	Inner []*Node `json:"inner"`
}

// DefinitionData is clang's summary of a class's special members.
type DefinitionData struct {
	DefaultCtor struct {
		// NonTrivial: the default constructor runs code (its own body, or
		// the constructors of bases and members, or member initializers).
		NonTrivial bool `json:"nonTrivial"`
	} `json:"defaultCtor"`
}

// BaseSpec is a base class of a class.
type BaseSpec struct {
	Type      *Type `json:"type"`
	IsVirtual bool  `json:"isVirtual"`
}

// Type is the type of a node as clang prints it.
type Type struct {
	QualType          string `json:"qualType"`
	DesugaredQualType string `json:"desugaredQualType"`
	TypeAliasDeclID   string `json:"typeAliasDeclId"`
}

// String returns the desugared type when clang gives one.
func (t *Type) String() string {
	if t == nil {
		return ""
	}
	if t.DesugaredQualType != "" {
		return t.DesugaredQualType
	}
	return t.QualType
}

// DeclRef is a reference to a declaration by id.
type DeclRef struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Type *Type  `json:"type"`
}

// Loc is a source location. clang prints a location either bare (offset,
// file, line, col) or, inside a macro expansion, as a pair of a spelling
// and an expansion location. File and Line are filled in for every valid
// bare location once the AST is resolved (clang omits them when they do not
// change).
type Loc struct {
	Offset       *int      `json:"offset"`
	File         string    `json:"file"`
	Line         int       `json:"line"`
	Col          int       `json:"col"`
	TokLen       int       `json:"tokLen"`
	IncludedFrom *struct{} `json:"includedFrom"`
	Spelling     *Loc      `json:"spellingLoc"`
	Expansion    *Loc      `json:"expansionLoc"`
}

// Range is a source range: the first and the last token.
type Range struct {
	Begin Loc `json:"begin"`
	End   Loc `json:"end"`
}

// Valid reports whether the location is known.
func (l *Loc) Valid() bool { return l.At().Offset != nil }

// At returns the bare location that places l in a file: the expansion
// location of a macro expansion (where the user wrote the macro), l itself
// otherwise.
func (l *Loc) At() *Loc {
	if l.Expansion != nil {
		return l.Expansion.At()
	}
	return l
}

// Off returns the byte offset of the location in its file, or -1.
func (l *Loc) Off() int {
	if a := l.At(); a.Offset != nil {
		return *a.Offset
	}
	return -1
}

// resolver fills in the file and line that clang omits: it prints them only
// when they differ from the previous location it printed, in document order
// across the whole dump (spelling before expansion, loc before range, a node
// before its children).
type resolver struct {
	file string
	line int
}

func (r *resolver) loc(l *Loc) {
	if l.Spelling != nil || l.Expansion != nil {
		if l.Spelling != nil {
			r.loc(l.Spelling)
		}
		if l.Expansion != nil {
			r.loc(l.Expansion)
		}
		return
	}
	if l.Offset == nil {
		return
	}
	if l.File != "" {
		r.file, r.line = l.File, l.Line
	} else if l.Line != 0 {
		r.line = l.Line
	}
	l.File, l.Line = r.file, r.line
}

func (r *resolver) node(n *Node) {
	if n == nil {
		return
	}
	r.loc(&n.Loc)
	r.loc(&n.Range.Begin)
	r.loc(&n.Range.End)
	for _, c := range n.Inner {
		r.node(c)
	}
}

// Child returns the i-th child, or nil.
func (n *Node) Child(i int) *Node {
	if n == nil || i < 0 || i >= len(n.Inner) {
		return nil
	}
	return n.Inner[i]
}

// Empty reports whether n stands for an absent child.
func (n *Node) Empty() bool { return n == nil || n.Kind == "" }

// TypeString returns the node's (desugared) type.
func (n *Node) TypeString() string { return n.Type.String() }

// IntValue returns the integer value of a literal, a ConstantExpr or an
// integral template argument.
func (n *Node) IntValue() (int64, bool) {
	if len(n.Value) == 0 {
		return 0, false
	}
	var v any
	if err := json.Unmarshal(n.Value, &v); err != nil {
		return 0, false
	}
	switch v := v.(type) {
	case string:
		i, err := strconv.ParseInt(v, 0, 64)
		if err != nil {
			u, uerr := strconv.ParseUint(v, 0, 64)
			if uerr != nil {
				return 0, false
			}
			return int64(u), true
		}
		return i, true
	case float64:
		if v != float64(int64(v)) {
			return 0, false
		}
		return int64(v), true
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// HasAttr reports whether a declaration carries an attribute of this kind
// (for instance "CUDAGlobalAttr").
func (n *Node) HasAttr(kind string) bool {
	for _, c := range n.Inner {
		if c != nil && c.Kind == kind {
			return true
		}
	}
	return false
}

// IsKernel reports whether a function declaration is a kernel: CUDA's
// __global__ or OpenCL's __kernel.
func (n *Node) IsKernel() bool { return n.HasAttr("CUDAGlobalAttr") || n.HasAttr("OpenCLKernelAttr") }

// Body returns the body of a function declaration, or nil.
func (n *Node) Body() *Node {
	for _, c := range n.Inner {
		if c != nil && c.Kind == "CompoundStmt" {
			return c
		}
	}
	return nil
}

// Params returns the parameters of a function declaration.
func (n *Node) Params() []*Node {
	var ps []*Node
	for _, c := range n.Inner {
		if c != nil && c.Kind == "ParmVarDecl" {
			ps = append(ps, c)
		}
	}
	return ps
}

// IsDecl reports whether the node kind is a declaration.
func IsDecl(kind string) bool { return strings.HasSuffix(kind, "Decl") }

// TemplateArgs spells the template arguments of a function template's
// instantiation: <float>, <4, int>; "" for a function that is none.
func (fn *Node) TemplateArgs() string {
	var args []string
	for _, c := range fn.Inner {
		if c == nil || c.Kind != "TemplateArgument" {
			continue
		}
		switch {
		case c.Type != nil:
			args = append(args, c.Type.QualType)
		case len(c.Value) > 0:
			if v, ok := c.IntValue(); ok {
				args = append(args, fmt.Sprint(v))
			} else {
				args = append(args, strings.Trim(string(c.Value), `"`))
			}
		default:
			args = append(args, "?")
		}
	}
	if len(args) == 0 {
		return ""
	}
	return "<" + strings.Join(args, ", ") + ">"
}

// Inspect traverses a tree in depth-first order, as go/ast.Inspect does:
// it calls f(n) and, when that returns true, inspects n's children.
func Inspect(n *Node, f func(*Node) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, c := range n.Inner {
		Inspect(c, f)
	}
}

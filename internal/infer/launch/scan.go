package launch

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
)

// fnInfo is what the walk knows of the function it is in.
type fnInfo struct {
	locals map[string]bool // the variables declared in it (and its parameters)
	// escaped are the locals it does not track, with why: their address
	// taken, bound to a reference, captured by a lambda, static
	escaped map[string]string
	opaque  bool // goto: nothing is tracked
	// argArrays are the local arrays of pointers used only as
	// cudaLaunchKernel's argument array: read and written at constant
	// indices, initialized with addresses of variables, passed to the
	// launch. The addresses stored in them do not make their variables
	// escape: the launch reads the variables' values when it runs.
	argArrays map[string]bool
}

// allocators are the functions whose first argument is the address of
// a pointer they set to newly allocated memory.
var allocators = map[string]bool{
	"cudaMalloc": true, "cudaMallocManaged": true, "cudaMallocHost": true, "cudaHostAlloc": true,
	"cudaMallocAsync": true, "cudaMallocPitch": true, "cudaMallocFromPoolAsync": true,
}

// launchers are the calls that launch a kernel through an argument array.
func isLauncher(name string) bool {
	return name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel"
}

// scan records the local variables of a function body and those it does
// not track: their address taken (except into cudaMalloc, which sets
// them, and into an argument array of cudaLaunchKernel, which only reads
// them when the launch runs), bound to a reference, captured by a lambda,
// static; and whether it jumps (goto), which makes every variable
// untracked.
func (f *finder) scan(fn *clang.Node) *fnInfo {
	if info, ok := f.infos[fn.ID]; ok {
		return info
	}
	info := &fnInfo{locals: map[string]bool{}, escaped: map[string]string{}, argArrays: map[string]bool{}}
	f.infos[fn.ID] = info
	for _, p := range fn.Params() {
		info.locals[p.ID] = true
		if strings.Contains(p.TypeString(), "&") {
			info.escaped[p.ID] = fmt.Sprintf("%s, a reference", p.Name)
		}
	}
	body := fn.Body()
	if body == nil {
		return info
	}
	// first the argument arrays, whose elements' addresses do not escape
	candidates := map[string]bool{}
	walkTree(body, func(n *clang.Node) bool {
		if n.Kind == "VarDecl" && isPtrArray(n.TypeString()) && n.StorageClass == "" {
			candidates[n.ID] = true
		}
		return true
	})
	f.walkUses(body, func(ref *clang.Node, parents []*clang.Node, inLambda bool) {
		if candidates[ref.Referenced.ID] && (inLambda || !argArrayUse(ref, parents)) {
			delete(candidates, ref.Referenced.ID)
		}
	})
	info.argArrays = candidates
	f.walkUses(body, func(ref *clang.Node, parents []*clang.Node, inLambda bool) {
		id := ref.Referenced.ID
		if info.argArrays[id] {
			return
		}
		switch {
		case inLambda:
			info.escaped[id] = fmt.Sprintf("%s, captured by a lambda", ref.Referenced.Name)
		case !trackedUse(ref, parents, info):
			if _, ok := info.escaped[id]; !ok {
				info.escaped[id] = fmt.Sprintf("%s, whose address is taken at %s", ref.Referenced.Name, f.pos(ref))
			}
		}
	})
	walkTree(body, func(n *clang.Node) bool {
		switch n.Kind {
		case "VarDecl":
			info.locals[n.ID] = true
			switch {
			case n.StorageClass == "static" || n.StorageClass == "extern":
				info.escaped[n.ID] = fmt.Sprintf("%s, a static variable", n.Name)
			case strings.Contains(n.TypeString(), "&"):
				info.escaped[n.ID] = fmt.Sprintf("%s, a reference", n.Name)
			}
		case "GotoStmt", "IndirectGotoStmt", "LabelStmt":
			info.opaque = true
		}
		return true
	})
	return info
}

// walkUses calls use for every reference to a variable under n, with its
// parents, and whether it is in a lambda (or a block).
func (f *finder) walkUses(n *clang.Node, use func(ref *clang.Node, parents []*clang.Node, inLambda bool)) {
	var walk func(n *clang.Node, parents []*clang.Node, inLambda bool)
	walk = func(n *clang.Node, parents []*clang.Node, inLambda bool) {
		if n == nil {
			return
		}
		switch n.Kind {
		case "LambdaExpr", "BlockExpr":
			inLambda = true
		case "DeclRefExpr":
			if r := n.Referenced; r != nil && (r.Kind == "VarDecl" || r.Kind == "ParmVarDecl") {
				use(n, parents, inLambda)
			}
		}
		parents = append(parents, n)
		for _, c := range n.Inner {
			walk(c, parents, inLambda)
		}
	}
	walk(n, nil, false)
}

// isPtrArray reports whether a type is an array of pointers (void
// *args[3]).
func isPtrArray(t string) bool {
	i := strings.Index(t, "[")
	return i > 0 && strings.HasSuffix(strings.TrimSpace(t[:i]), "*") && strings.HasSuffix(t, "]")
}

// argArrayUse reports whether a use of an array of pointers is one of an
// argument array: args[k] read or assigned at a constant index k, or args
// passed as cudaLaunchKernel's fourth argument.
func argArrayUse(ref *clang.Node, parents []*clang.Node) bool {
	i := len(parents) - 1
	for i >= 0 && (parents[i].Kind == "ParenExpr" || parents[i].Kind == "ImplicitCastExpr" && parents[i].CastKind == "NoOp") {
		i--
	}
	if i < 0 || parents[i].Kind != "ImplicitCastExpr" || parents[i].CastKind != "ArrayToPointerDecay" {
		return false
	}
	decay := parents[i]
	i--
	for i >= 0 && (parents[i].Kind == "ParenExpr" || parents[i].Kind == "ImplicitCastExpr" || parents[i].Kind == "CStyleCastExpr") {
		i--
	}
	if i < 0 {
		return false
	}
	p := parents[i]
	switch {
	case p.Kind == "ArraySubscriptExpr" && p.Child(0) == decay:
		if _, ok := p.Child(1).IntValue(); !ok && constIndex(p.Child(1)) < 0 {
			return false
		}
		// read, or the target of a plain assignment
		if i > 0 {
			q := parents[i-1]
			switch {
			case q.Kind == "ImplicitCastExpr" && q.CastKind == "LValueToRValue":
				return true
			case q.Kind == "BinaryOperator" && q.Opcode == "=" && q.Child(0) == p:
				return true
			}
		}
		return false
	case p.Kind == "CallExpr" && isLauncher(calleeName(p)):
		if len(p.Inner) <= 4 {
			return false
		}
		x := p.Inner[4]
		for x != nil && x != decay && (x.Kind == "ImplicitCastExpr" || x.Kind == "CStyleCastExpr" || x.Kind == "ParenExpr") {
			x = x.Child(0)
		}
		return x == decay
	}
	return false
}

// constIndex returns the value of an integer literal index (through
// casts and parentheses), or -1.
func constIndex(n *clang.Node) int64 {
	n = strip(n)
	if n == nil {
		return -1
	}
	if v, ok := n.IntValue(); ok && v >= 0 {
		return v
	}
	return -1
}

// strip removes implicit casts, parentheses and C casts.
func strip(n *clang.Node) *clang.Node {
	for n != nil && (n.Kind == "ImplicitCastExpr" || n.Kind == "ParenExpr" || n.Kind == "CStyleCastExpr" || n.Kind == "CXXStaticCastExpr" || n.Kind == "CXXReinterpretCastExpr" || n.Kind == "ConstantExpr") {
		n = n.Child(0)
	}
	return n
}

// trackedUse reports whether a use of a variable is one the walk follows:
// a read, the target of an assignment, increment or decrement (of the
// variable, of a member, of an element at a constant or variable index), a
// copy of a dim3 or a struct; the address passed to an allocator (which
// sets it) or stored into an argument array (which the launch reads).
func trackedUse(n *clang.Node, parents []*clang.Node, info *fnInfo) bool {
	child := n
	readOnly := false // under a ?: whose value is an lvalue: only a read is followed
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		if readOnly {
			switch {
			case p.Kind == "ParenExpr" || p.Kind == "ImplicitCastExpr" && p.CastKind == "NoOp" || p.Kind == "ConditionalOperator" && p.Child(0) != child:
				child = p
				continue
			case p.Kind == "ImplicitCastExpr" && p.CastKind == "LValueToRValue":
				return true
			}
			return false
		}
		switch {
		case p.Kind == "ConditionalOperator" && p.Child(0) != child:
			readOnly = true
		case p.Kind == "ParenExpr" || p.Kind == "ImplicitCastExpr" && p.CastKind == "NoOp":
		case p.Kind == "MemberExpr" && !p.IsArrow:
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "ArrayToPointerDecay":
			// an array member or variable: only as the base of a subscript
			if i == 0 || parents[i-1].Kind != "ArraySubscriptExpr" || parents[i-1].Child(0) != p {
				return false
			}
		case p.Kind == "ArraySubscriptExpr":
			if p.Child(0) != child {
				return true // the index: a read
			}
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "LValueToRValue":
			return true
		case p.Kind == "UnaryExprOrTypeTraitExpr":
			return true
		case p.Kind == "ImplicitCastExpr" && p.CastKind == "FunctionToPointerDecay":
			return false
		case p.Kind == "BinaryOperator" && p.Opcode == "=" || p.Kind == "CompoundAssignOperator":
			return len(p.Inner) > 0 && p.Inner[0] == child
		case p.Kind == "UnaryOperator" && (p.Opcode == "++" || p.Opcode == "--"):
			return true
		case p.Kind == "CXXConstructExpr" && len(p.Inner) == 1 && copyCtor(p):
			return true // a copy of a dim3 or a struct
		case p.Kind == "CXXOperatorCallExpr" && len(p.Inner) == 3 && operatorAssign(p):
			return true // a struct assigned (the target) or copied (the source)
		case p.Kind == "UnaryOperator" && p.Opcode == "&":
			return addressTracked(p, parents[:i], info)
		default:
			return false
		}
		child = p
	}
	return false
}

// copyCtor reports whether a constructor call copies one object of its own
// type (a trivial copy, as clang spells a struct passed or initialized by
// value).
func copyCtor(n *clang.Node) bool {
	arg := n.Child(0)
	for arg != nil && (arg.Kind == "ImplicitCastExpr" && arg.CastKind == "NoOp" || arg.Kind == "ParenExpr" || arg.Kind == "MaterializeTemporaryExpr") {
		arg = arg.Child(0)
	}
	return arg != nil && normType(arg.TypeString()) == normType(n.TypeString())
}

// operatorAssign reports whether an operator call is a struct's implicit
// copy assignment.
func operatorAssign(n *clang.Node) bool {
	c := n.Child(0)
	for c != nil && (c.Kind == "ImplicitCastExpr" || c.Kind == "ParenExpr") {
		c = c.Child(0)
	}
	return c != nil && c.Kind == "DeclRefExpr" && c.Referenced != nil && c.Referenced.Name == "operator=" && normType(n.Child(1).TypeString()) == normType(n.Child(2).TypeString())
}

// normType is a type's spelling without qualifiers and tags.
func normType(t string) string {
	t = strings.TrimSpace(t)
	for _, p := range []string{"const ", "volatile ", "struct ", "class "} {
		t = strings.TrimPrefix(t, p)
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(t, " const"), " &"))
}

// addressTracked reports whether the address &x (p) is one the walk
// follows: the first argument of an allocator, or stored into an argument
// array (its initializer or an element).
func addressTracked(p *clang.Node, parents []*clang.Node, info *fnInfo) bool {
	i := len(parents) - 1
	child := p
	for i >= 0 && (parents[i].Kind == "ImplicitCastExpr" || parents[i].Kind == "CStyleCastExpr" || parents[i].Kind == "ParenExpr" || parents[i].Kind == "CXXReinterpretCastExpr" || parents[i].Kind == "CXXStaticCastExpr") {
		child = parents[i]
		i--
	}
	if i < 0 {
		return false
	}
	q := parents[i]
	switch {
	case q.Kind == "CallExpr" && allocators[calleeName(q)]:
		return len(q.Inner) > 1 && q.Inner[1] == child
	case q.Kind == "InitListExpr":
		if i > 0 && parents[i-1].Kind == "VarDecl" && info.argArrays[parents[i-1].ID] {
			return true
		}
	case q.Kind == "BinaryOperator" && q.Opcode == "=" && q.Child(1) == child:
		t := strip(q.Child(0))
		if t != nil && t.Kind == "ArraySubscriptExpr" {
			b := strip(t.Child(0))
			return b != nil && b.Kind == "DeclRefExpr" && b.Referenced != nil && info.argArrays[b.Referenced.ID]
		}
	}
	return false
}

// walkTree calls visit on n and, while visit returns true, its children.
func walkTree(n *clang.Node, visit func(*clang.Node) bool) {
	if n == nil || !visit(n) {
		return
	}
	for _, c := range n.Inner {
		walkTree(c, visit)
	}
}

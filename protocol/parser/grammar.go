package parser

import "github.com/alecthomas/participle/v2/lexer"

// The participle grammar. It is untyped on purpose: integer expressions and
// conditions share one expression grammar (expression ... primary), because
// "(" cannot tell a parenthesized condition from a parenthesized integer
// without unbounded lookahead. convert.go then types the tree and reports
// a condition where an integer is expected (and vice versa) with positions.
//
// Each precedence level is its own struct since participle has no left
// recursion: a level is an operand of the next tighter level followed by any
// number of (operator, operand) tails, which convert.go folds to the left.
// The struct names show up in participle's "expected ..." messages, so they
// are words a user understands.

type file struct {
	Items []*item `parser:"@@*"`
}

// item is a declaration or a statement. Blocks also hold items, so that a
// declaration inside braces gets a clear error from convert.go instead of a
// parse error.
type item struct {
	Decl *declaration `parser:"  @@"`
	Stmt *statement   `parser:"| @@"`
}

type declaration struct {
	Pos   lexer.Position
	Kind  string  `parser:"@('param' | 'local' | 'shared' | 'global' | 'distinct')"`
	Block bool    `parser:"@'shared'?"`
	Names []*name `parser:"@@ (',' @@)* ';'"`
}

type name struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type statement struct {
	Sync   *syncStmt   `parser:"  @@"`
	Access *access     `parser:"| @@"`
	Loop   *loop       `parser:"| @@"`
	If     *ifStmt     `parser:"| @@"`
	Assume *assumeStmt `parser:"| @@"`
	Block  *block      `parser:"| @@"`
}

type syncStmt struct {
	Pos       lexer.Position
	Sync      bool       `parser:"@'sync'"`
	Scope     string     `parser:"@('warp' | 'grid')?"`
	Fence     string     `parser:"@('shared' | 'global' | 'none')?"`
	Invariant *invariant `parser:"@@? ';'"`
}

type invariant struct {
	Pos  lexer.Position
	Cond *expression `parser:"'invariant' @@"`
	For  []*forItem  `parser:"('for' @@ (',' @@)*)?"`
}

// forItem is a thread an invariant is assumed for, or a pair of them.
type forItem struct {
	Pair []*expression `parser:"  '{' @@ ',' @@ '}'"`
	One  *expression   `parser:"| @@"`
}

type access struct {
	Pos   lexer.Position
	Mode  string        `parser:"@('rd' | 'wr' | 'atomic')"`
	Scope string        `parser:"('.' @Ident)?"`
	Array string        `parser:"@Ident"`
	Index []*expression `parser:"('[' @@ ']')+"`
	Value *expression   `parser:"('=' @@)?"`
	As    *name         `parser:"('as' @@)? ';'"`
}

type loop struct {
	Pos  lexer.Position
	Var  *name       `parser:"'for' @@ 'in'"`
	Lo   *expression `parser:"@@ '..'"`
	Hi   *expression `parser:"@@"`
	Step *expression `parser:"('step' @@)?"`
	Body *block      `parser:"@@"`
}

type ifStmt struct {
	Pos  lexer.Position
	Cond *expression `parser:"'if' @@"`
	Then *block      `parser:"@@"`
	Else *elseBranch `parser:"('else' @@)?"`
}

type elseBranch struct {
	Pos   lexer.Position
	If    *ifStmt `parser:"  @@"`
	Block *block  `parser:"| @@"`
}

type assumeStmt struct {
	Pos  lexer.Position
	Cond *expression `parser:"'assume' @@ ';'"`
}

type block struct {
	Pos   lexer.Position
	Items []*item `parser:"'{' @@* '}'"`
}

// expression is the conditional expression c ? a : b, the loosest level.
// It is right-associative: the else branch is an expression again.
type expression struct {
	Pos  lexer.Position
	Cond *disjunction `parser:"@@"`
	Then *expression  `parser:"('?' @@"`
	Else *expression  `parser:"':' @@)?"`
}

type disjunction struct {
	Pos  lexer.Position
	X    *conjunction `parser:"@@"`
	Tail []*orTail    `parser:"@@*"`
}

type orTail struct {
	Op string       `parser:"@'||'"`
	Y  *conjunction `parser:"@@"`
}

type conjunction struct {
	Pos  lexer.Position
	X    *equality  `parser:"@@"`
	Tail []*andTail `parser:"@@*"`
}

type andTail struct {
	Op string    `parser:"@'&&'"`
	Y  *equality `parser:"@@"`
}

type equality struct {
	Pos  lexer.Position
	X    *comparison `parser:"@@"`
	Tail []*eqTail   `parser:"@@*"`
}

type eqTail struct {
	Op string      `parser:"@('==' | '!=')"`
	Y  *comparison `parser:"@@"`
}

type comparison struct {
	Pos  lexer.Position
	X    *bitOr     `parser:"@@"`
	Tail []*relTail `parser:"@@*"`
}

type relTail struct {
	Op string `parser:"@('<=' | '>=' | '<' | '>')"`
	Y  *bitOr `parser:"@@"`
}

// The bitwise levels bind tighter than comparisons, unlike C, so that
// "x & 1 == 0" reads as it is meant.
type bitOr struct {
	Pos  lexer.Position
	X    *bitXor  `parser:"@@"`
	Tail []*orBit `parser:"@@*"`
}

type orBit struct {
	Op string  `parser:"@'|'"`
	Y  *bitXor `parser:"@@"`
}

type bitXor struct {
	Pos  lexer.Position
	X    *bitAnd   `parser:"@@"`
	Tail []*xorBit `parser:"@@*"`
}

type xorBit struct {
	Op string  `parser:"@'^'"`
	Y  *bitAnd `parser:"@@"`
}

type bitAnd struct {
	Pos  lexer.Position
	X    *shift    `parser:"@@"`
	Tail []*andBit `parser:"@@*"`
}

type andBit struct {
	Op string `parser:"@'&'"`
	Y  *shift `parser:"@@"`
}

type shift struct {
	Pos  lexer.Position
	X    *sum         `parser:"@@"`
	Tail []*shiftTail `parser:"@@*"`
}

type shiftTail struct {
	Op string `parser:"@('<<' | '>>')"`
	Y  *sum   `parser:"@@"`
}

type sum struct {
	Pos  lexer.Position
	X    *product   `parser:"@@"`
	Tail []*addTail `parser:"@@*"`
}

type addTail struct {
	Op string   `parser:"@('+' | '-')"`
	Y  *product `parser:"@@"`
}

type product struct {
	Pos  lexer.Position
	X    *unary     `parser:"@@"`
	Tail []*mulTail `parser:"@@*"`
}

type mulTail struct {
	Op string `parser:"@('*' | '/' | '%')"`
	Y  *unary `parser:"@@"`
}

type unary struct {
	Pos     lexer.Position
	Op      string   `parser:"( @('-' | '!')"`
	X       *unary   `parser:"  @@"`
	Primary *primary `parser:"| @@ )"`
}

type primary struct {
	Pos     lexer.Position
	Int     *string     `parser:"  @Int"`
	Bool    *string     `parser:"| @('true' | 'false')"`
	Builtin *builtin    `parser:"| @@"`
	Other   *expression `parser:"| 'other' '(' @@ ')'"`
	Name    *call       `parser:"| @@"`
	Paren   *expression `parser:"| '(' @@ ')'"`
}

// call is a variable, or an application when arguments follow (the grammar
// requires at least one, so no Args means a variable).
type call struct {
	Pos   lexer.Position
	Name  string        `parser:"@Ident"`
	Args  []*expression `parser:"( '(' @@ (',' @@)* ')'"`
	Index []*expression `parser:"| ('[' @@ ']')+ )?"`
}

type builtin struct {
	Pos  lexer.Position
	Tid  bool   `parser:"  @'tid'"`
	Kind string `parser:"| @('threadIdx' | 'blockIdx' | 'blockDim' | 'gridDim') '.'"`
	Dim  *name  `parser:"  @@"`
}

// exprRoot is the grammar of ParseExpr and ParseCond.
type exprRoot struct {
	X *expression `parser:"@@"`
}

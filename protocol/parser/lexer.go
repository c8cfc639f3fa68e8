package parser

import (
	"fmt"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/drfcheck/drfcheck/protocol"
)

// keywords are reserved: the lexer never returns them as identifiers, so a
// declaration or loop variable cannot be named after one. The list matches
// the one protocol.Check rejects.
const keywords = `param|local|shared|global|sync|rd|wr|atomic|for|in|step|if|else|assume|` +
	`true|false|tid|threadIdx|blockIdx|blockDim|gridDim|other|as|invariant`

// lexDef is the lexer. Rules are tried in order and the first that matches
// wins, so the order matters:
//   - a complete comment is tried before the opening of an unterminated one,
//     which becomes an Unclosed token reported with a clear message;
//   - keywords come before identifiers, and "\b" keeps "param1" an identifier;
//   - Int swallows every letter and digit that follows a digit ("12ab",
//     "0x", "1e5") so that a malformed literal is one error, not two tokens;
//     it never contains '.', so "0..N" lexes as 0 .. N, and there are no floats;
//   - ".." comes before "." so that ranges are one token;
//   - Invalid catches any other byte so that lexing never fails and every
//     stray character gets a positioned error from scan.
//
// Rules with lower-case names are dropped by the lexer.
var lexDef = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "comment", Pattern: `//[^\n]*|/\*(?s:.)*?\*/`},
	{Name: "Unclosed", Pattern: `/\*`},
	{Name: "whitespace", Pattern: `[ \t\r\n\f\v]+`},
	{Name: "Keyword", Pattern: `(?:` + keywords + `)\b`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Int", Pattern: `[0-9][A-Za-z0-9_]*`},
	{Name: "Op", Pattern: `\.\.|==|!=|<<|>>|<=|>=|&&|\|\||[-+*/%<>!?:.,;=()\[\]{}&|^]`},
	{Name: "Invalid", Pattern: `(?s:.)`},
})

var (
	symbols      = lexDef.Symbols()
	unclosedType = symbols["Unclosed"]
	invalidType  = symbols["Invalid"]
	opType       = symbols["Op"]
	identType    = symbols["Ident"]
	intType      = symbols["Int"]
	keywordType  = symbols["Keyword"]
)

// maxDepth bounds how deeply constructs may nest. The parser is recursive
// (participle and the conversion both are; a level of parentheses costs
// about 10 KB of stack), so without a bound some hundred kilobytes of "("
// would exhaust the goroutine stack, which is a fatal error rather than a
// panic. No real protocol comes close.
const maxDepth = 1000

// maxLexErrors caps the stray characters reported: after a few, the rest
// (say, of a binary file) only bury the first.
const maxLexErrors = 10

// tokenize lexes src completely. The Invalid rule makes lexing total, so
// errors come only from scan. An unterminated comment runs to the end of the
// input, so lexing stops there rather than tokenizing the commented text.
func tokenize(filename string, src []byte) ([]lexer.Token, error) {
	lex, err := lexDef.LexString(filename, string(src))
	if err != nil {
		return nil, err
	}
	var toks []lexer.Token
	for {
		t, err := lex.Next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		switch {
		case t.EOF():
			return toks, nil
		case t.Type == unclosedType:
			return append(toks, lexer.EOFToken(t.Pos)), nil
		}
	}
}

// scan reports the lexical errors in toks (stray characters, unterminated
// comments) and rejects nesting deeper than maxDepth, before the parser
// sees the tokens.
func scan(toks []lexer.Token) protocol.ErrorList {
	var errs protocol.ErrorList
	for _, t := range toks {
		if len(errs) == maxLexErrors {
			break
		}
		switch t.Type {
		case invalidType:
			errs = append(errs, protocol.Errorf(pos(t.Pos), "%s", invalidMessage(t.Value)))
		case unclosedType:
			errs = append(errs, protocol.Errorf(pos(t.Pos), "comment not terminated (missing */)"))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	if t, ok := tooDeep(toks); ok {
		return protocol.ErrorList{protocol.Errorf(pos(t.Pos), "nesting too deep (more than %d levels)", maxDepth)}
	}
	return nil
}

// invalidMessage explains a character that starts no token, with a hint for
// the operators that C programmers might expect to exist.
func invalidMessage(s string) string {
	hint := map[string]string{"=": "==", "&": "&&", "|": "||"}[s]
	if hint != "" {
		return fmt.Sprintf("unexpected character %q (did you mean %q?)", s, hint)
	}
	if r, _ := utf8.DecodeRuneInString(s); r == utf8.RuneError {
		return fmt.Sprintf("unexpected byte %#x (the input is not valid UTF-8)", s[0])
	}
	return fmt.Sprintf("unexpected character %q", s)
}

// tooDeep returns the first token at which the parser's recursion would
// exceed maxDepth. It over-approximates that recursion from the tokens
// alone. Brackets nest. A run of prefix operators ("- - !x") nests until its
// operand ends. A '?' or an 'else' nests until the expression or statement
// ends, since "a ? b : c ? d : e" and else-if chains recurse to the right.
// Within brackets, ',' ends an argument and ';' ends a statement.
func tooDeep(toks []lexer.Token) (lexer.Token, bool) {
	// level is the nesting within one pair of brackets: chain counts the
	// open '?' and 'else', prefix the prefix operators awaiting an operand.
	type level struct{ base, chain, prefix int }
	var outer []level
	cur := level{}
	for i, t := range toks {
		switch {
		case isOp(t, "(", "[", "{"):
			outer = append(outer, cur)
			cur = level{base: cur.base + cur.chain + cur.prefix + 1}
		case isOp(t, ")", "]", "}"):
			if n := len(outer); n > 0 {
				cur, outer = outer[n-1], outer[:n-1]
			}
			cur.prefix = 0 // the bracket ends an operand
			if t.Value == "}" && !(i+1 < len(toks) && toks[i+1].Value == "else") {
				cur.chain = 0 // and a block ends a statement unless else follows
			}
		case isOp(t, ";", ","):
			cur.chain, cur.prefix = 0, 0
		case isOp(t, "?"), t.Type == keywordType && t.Value == "else":
			cur.chain++
		case isOp(t, "!"), isOp(t, "-") && !(i > 0 && endsOperand(toks[i-1])):
			cur.prefix++
		case endsOperand(t):
			cur.prefix = 0
		}
		if cur.base+cur.chain+cur.prefix > maxDepth {
			return t, true
		}
	}
	return lexer.Token{}, false
}

func isOp(t lexer.Token, ops ...string) bool {
	if t.Type != opType {
		return false
	}
	for _, op := range ops {
		if t.Value == op {
			return true
		}
	}
	return false
}

// endsOperand reports whether t can be the last token of an operand, in
// which case a '-' after it is binary.
func endsOperand(t lexer.Token) bool {
	switch t.Type {
	case identType, intType:
		return true
	case keywordType:
		return t.Value == "tid" || t.Value == "true" || t.Value == "false"
	}
	return isOp(t, ")", "]")
}

// sliceLexer replays tokens that were lexed already, so that scan and the
// parser share one lexing pass.
type sliceLexer struct {
	toks []lexer.Token
	eof  lexer.Token
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if len(l.toks) == 0 {
		return l.eof, nil
	}
	t := l.toks[0]
	l.toks = l.toks[1:]
	return t, nil
}

// pos converts a participle position.
func pos(p lexer.Position) protocol.Pos {
	return protocol.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

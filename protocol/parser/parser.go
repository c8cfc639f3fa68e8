// Package parser reads access memory protocols written in the .prot
// language into the typed AST of package protocol.
//
// A .prot file is a sequence of declarations (param, local, shared, global)
// and statements (accesses, barriers, loops, conditionals, assumptions and
// blocks); see the package protocol documentation for their meaning. The
// parser does syntax and typing only (an integer expression where a
// condition belongs is an error here); name resolution is protocol.Check,
// which callers run on the result.
//
// Parsing has three passes: the participle lexer turns the whole input into
// tokens, which scan checks for stray characters and excessive nesting; the
// participle grammar (grammar.go) builds an untyped tree with one expression
// grammar for integers and conditions alike; convert.go types that tree and
// produces the AST. Every error carries a file:line:col position.
package parser

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/drfcheck/drfcheck/protocol"
)

// The parsers commit to an alternative as soon as it has consumed a token
// (lookahead 0), which the grammar allows since it is LL(1). With
// participle's default lookahead of 1, a failure one token into an optional
// part, as in "A[1 + ]", is backtracked silently and reported at the wrong
// token ("+", expected "]").
var (
	fileParser = participle.MustBuild[file](participle.Lexer(lexDef), participle.UseLookahead(0))
	exprParser = participle.MustBuild[exprRoot](participle.Lexer(lexDef), participle.UseLookahead(0))
)

// ParseFile parses a .prot file. filename is used in positions only. The
// error, if any, is a protocol.ErrorList sorted by position.
func ParseFile(filename string, src []byte) (*protocol.File, error) {
	g, err := parse(fileParser, filename, src, "a declaration or a statement")
	if err != nil {
		return nil, err
	}
	c := &converter{}
	f := c.file(filename, g)
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// ParseExpr parses an integer expression, such as the value of a --param
// flag. The error, if any, is a protocol.ErrorList.
func ParseExpr(filename string, src string) (protocol.Expr, error) {
	return parseExpr(filename, src, (*converter).expr)
}

// ParseCond parses a condition. The error, if any, is a protocol.ErrorList.
func ParseCond(filename string, src string) (protocol.Cond, error) {
	return parseExpr(filename, src, (*converter).cond)
}

// parseExpr parses src as one expression and types it with convert.
func parseExpr[T any](filename, src string, convert func(*converter, *expression) T) (T, error) {
	var zero T
	g, err := parse(exprParser, filename, []byte(src), "an operator or the end of the expression")
	if err != nil {
		return zero, err
	}
	c := &converter{}
	x := convert(c, g.X)
	if err := c.errs.Err(); err != nil {
		return zero, err
	}
	return x, nil
}

// parse lexes and scans src and runs the participle parser p on the tokens.
// trailing is what the grammar expects in place of a token left over after
// the longest parse.
func parse[G any](p *participle.Parser[G], filename string, src []byte, trailing string) (*G, error) {
	toks, err := tokenize(filename, src)
	if err != nil {
		return nil, internalError(filename, err)
	}
	if errs := scan(toks); len(errs) > 0 {
		return nil, errs.Err()
	}
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks, eof: toks[len(toks)-1]})
	if err != nil {
		return nil, internalError(filename, err)
	}
	g, err := p.ParseFromLexer(peek)
	if err != nil {
		errs := syntaxError(filename, err, trailing)
		if open, ok := unclosed(toks); ok && strings.HasPrefix(errs[0].Msg, "unexpected end of input") {
			// The end of the file is the wrong place to look: point at the
			// brace or parenthesis that is never closed.
			errs[0] = protocol.Errorf(pos(open.Pos), "%q is never closed (%s)", open.Value, errs[0].Msg)
		}
		return nil, errs.Err()
	}
	return g, nil
}

// unclosed returns the innermost opening brace, bracket or parenthesis left
// open at the end of the tokens.
func unclosed(toks []lexer.Token) (lexer.Token, bool) {
	var stack []lexer.Token
	closing := map[string]string{"}": "{", ")": "(", "]": "["}
	for _, t := range toks {
		switch {
		case isOp(t, "{", "(", "["):
			stack = append(stack, t)
		case isOp(t, "}", ")", "]"):
			if len(stack) > 0 && stack[len(stack)-1].Value == closing[t.Value] {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return lexer.Token{}, false
	}
	return stack[len(stack)-1], true
}

// internalError wraps an error that the lexer cannot produce (its Invalid
// rule matches any byte) but that the participle API allows, so that
// callers always get an ErrorList.
func internalError(filename string, err error) error {
	return protocol.ErrorList{protocol.Errorf(startOf(filename), "%v", err)}.Err()
}

func startOf(filename string) protocol.Pos { return protocol.Pos{File: filename, Line: 1, Col: 1} }

// syntaxError converts a participle error. Participle phrases what it
// expected in grammar terms (`unexpected token ";" (expected ("[" Expression
// "]")+ ";")`); the common unexpected-token case is reworded to name only
// the first thing that could have come, as compilers do.
func syntaxError(filename string, err error, trailing string) protocol.ErrorList {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return protocol.ErrorList{protocol.Errorf(startOf(filename), "%v", err)}
	}
	at := pos(perr.Position())
	if !at.IsValid() {
		at = startOf(filename)
	}
	msg := perr.Message()
	var uerr *participle.UnexpectedTokenError
	if errors.As(err, &uerr) {
		msg = unexpected(uerr, trailing)
	}
	return protocol.ErrorList{protocol.Errorf(at, "%s", msg)}
}

// unexpected words an unexpected-token error. trailing is what was expected
// when participle expected nothing in particular, which happens when a
// token is left over after the longest parse.
func unexpected(u *participle.UnexpectedTokenError, trailing string) string {
	tok := fmt.Sprintf("%q", u.Unexpected.Value)
	switch {
	case u.Unexpected.EOF():
		tok = "end of input"
	case u.Unexpected.Type == keywordType:
		tok = "keyword " + tok // says why "param for;" is wrong: keywords are reserved
	case u.Unexpected.Value == "=":
		// = only gives a write its value (wr a[i] = v;)
		return `unexpected "=" (did you mean "=="?)`
	}
	exp := expected(u.Message())
	switch {
	case exp != "":
	case u.Unexpected.EOF():
		// Only the expression grammar stops at the end without saying
		// what it wanted: on empty input.
		exp = "an expression"
	default:
		exp = trailing
	}
	if exp == "" {
		return "unexpected " + tok
	}
	return "unexpected " + tok + ", expected " + exp
}

// expected extracts what participle's message says was expected and returns
// its first symbol in words, or "" when there is nothing useful to say.
func expected(msg string) string {
	_, exp, ok := strings.Cut(msg, "(expected ")
	if !ok {
		return ""
	}
	exp = strings.TrimLeft(exp, "( ")
	if lit, err := strconv.QuotedPrefix(exp); err == nil {
		return lit
	}
	if strings.HasPrefix(exp, "<ident>") {
		return "a name"
	}
	end := strings.IndexFunc(exp, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(exp)
	}
	return ruleWords[exp[:end]]
}

// ruleWords names grammar rules (as participle capitalizes the struct names
// of grammar.go) in words.
var ruleWords = map[string]string{
	"Name":        "a name",
	"Block":       `"{"`,
	"ElseBranch":  `"if" or "{"`,
	"Statement":   "a statement",
	"Expression":  "an expression",
	"Disjunction": "an expression",
	"Conjunction": "an expression",
	"Equality":    "an expression",
	"Comparison":  "an expression",
	"BitOr":       "an expression",
	"BitXor":      "an expression",
	"BitAnd":      "an expression",
	"Shift":       "an expression",
	"Sum":         "an expression",
	"Product":     "an expression",
	"Unary":       "an expression",
	"Primary":     "an expression",
}

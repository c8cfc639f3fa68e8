package proofs

import (
	"fmt"
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// roundTrip is the printer's contract: the printed text parses back to a
// protocol.Equal file, and printing that again gives the same text.
func roundTrip(c *Case) string {
	f := c.File()
	text := printer.File(f)
	again, err := parser.ParseFile(f.Name, []byte(text))
	if err != nil {
		return fmt.Sprintf("the printed file does not parse: %v\n%s", err, text)
	}
	if !protocol.Equal(f, again) {
		return fmt.Sprintf("parsing the printed file gives another protocol, printed as\n%s", printer.File(again))
	}
	if text2 := printer.File(again); text2 != text {
		return fmt.Sprintf("printing is not a fixpoint; the second printing is\n%s", text2)
	}
	return ""
}

// TestRoundTrip: for any protocol f, including conditionals with else and
// else-if, assumptions, steps, Ite, calls, every builtin, several
// dimensions and extreme literals, parser.ParseFile(printer.File(f)) is
// protocol.Equal to f and printing is a fixpoint. The protocols of the
// other properties are checked too.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, frag := range []Fragment{Syntax, WellFormed, Full, Nested} {
		t.Run(frag.String(), func(t *testing.T) {
			run(t, 1001+int64(frag), forAll(frag, roundTrip))
		})
	}
}

package check

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// Dump prints a stage of the pipeline for one input: "protocol" (the input
// protocol), "aligned" (each variant and array after barrier aligning, Fig. 3,
// whatever the encoding), "traces" (the symbolic traces of the checker's
// encoding) or "smt" (the SMT-LIB text of each race query).
func Dump(c *Checker, in Input, stage string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// ==== %s: %s\n", in.Name, stage)
	if stage == "protocol" {
		b.WriteString(printer.File(in.File))
		return b.String()
	}
	levels, _ := c.levels(in)
	for _, level := range levels {
		prog := c.normalize(context.Background(), in, level, time.Time{})
		for vi, v := range prog.Variants {
			for _, array := range in.arrays() {
				if level == wellformed.GridLevel && in.Info.Kinds[array] != protocol.Global {
					continue
				}
				fmt.Fprintf(&b, "// %s level, variant %d%s, array %s\n", level, vi+1, choices(v), array)
				c.dumpStage(&b, in, prog, v, array, stage)
			}
		}
	}
	return b.String()
}

func choices(v *wellformed.Variant) string {
	if len(v.Choices) == 0 {
		return ""
	}
	whys := make([]string, len(v.Choices))
	for i, ch := range v.Choices {
		whys[i] = ch.Why
	}
	return " (" + strings.Join(whys, "; ") + ")"
}

func (c *Checker) dumpStage(b *strings.Builder, in Input, prog *wellformed.Program, v *wellformed.Variant, array, stage string) {
	if stage == "aligned" {
		aligned, rest := alignSlice(v.Body, array, in.Info.Kinds[array])
		writeStmts(b, aligned, "")
		if len(rest) > 0 {
			b.WriteString("// after the last aligned barrier:\n")
			writeStmts(b, rest, "")
		}
		return
	}
	traces, err := traces(c.opts.Encoding, v.Body, array, in.Info.Kinds[array])
	if err != nil {
		fmt.Fprintf(b, "// error: %v\n", err)
		return
	}
	env := c.env(in, prog.Level)
	env.Pre = append(append([]protocol.Cond(nil), prog.Pre...), v.Pre()...)
	env.Agree = v.Agree()
	for i, t := range traces {
		var binders []string
		for _, bd := range t.Binders {
			binders = append(binders, fmt.Sprintf("%s in %s..%s", bd.Var, printer.Node(bd.Lo), printer.Node(bd.Hi)))
		}
		fmt.Fprintf(b, "// trace %d: %s\n", i+1, strings.Join(binders, ", "))
		if stage == "traces" {
			writeStmts(b, t.Phase, "  ")
			continue
		}
		var text string
		c.with(func(s *smtgen.Solver) {
			text, err = s.RaceSMT(smtgen.RaceQuery{Env: env, Array: array, Trace: t})
		})
		if err != nil {
			fmt.Fprintf(b, "// error: %v\n", err)
		}
		b.WriteString(text)
	}
}

func writeStmts(b *strings.Builder, sts []protocol.Stmt, indent string) {
	for _, s := range sts {
		for _, line := range strings.Split(strings.TrimRight(printer.Node(s), "\n"), "\n") {
			b.WriteString(indent + line + "\n")
		}
	}
}

package symexec

import "github.com/drfcheck/drfcheck/internal/infer/ir"

// QuietLines reports, for each source line of a load of f, whether every
// load on that line is quiet (intervals.go).
func QuietLines(f *ir.Func) map[int]bool {
	iv := intervalsOf(f)
	lines := map[int]bool{}
	ir.Inspect(f.Body, func(n ir.Node) bool {
		if l, ok := n.(*ir.Load); ok {
			_, quiet := iv.quiet[l]
			if q, seen := lines[l.At.Line]; seen {
				quiet = quiet && q
			}
			lines[l.At.Line] = quiet
		}
		return true
	})
	return lines
}

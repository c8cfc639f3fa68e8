package report

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// Text writes reports shaped like compiler diagnostics.
type Text struct {
	W     io.Writer
	Color bool
	// Quiet leaves out the lines of kernels that are data-race free (or
	// whose findings are all suppressed), host-only files, notes and
	// suppressed findings: only what needs attention.
	Quiet bool
	src   sources
}

func (t *Text) paint(code, s string) string {
	if !t.Color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (t *Text) printf(format string, args ...any) { fmt.Fprintf(t.W, format, args...) }

// File writes the report of one file.
func (t *Text) File(f *File) {
	if f.NoKernel {
		return
	}
	for _, e := range f.BadSuppressions {
		t.header(e.At, "error", e.Msg)
		t.quote(e.At, "")
	}
	if f.Err != nil {
		for _, line := range strings.Split(f.Err.Error(), "\n") {
			t.diag(line, "error")
		}
		return
	}
	if f.HostOnly && !t.Quiet {
		t.printf("%s: %s: no __global__ function (host code only): nothing to check\n", t.paint("1", f.Path), t.paint(sevColor("note"), "note"))
		return
	}
	for _, k := range f.Kernels {
		t.kernel(f.Path, k)
	}
}

// diag prints "pos: error: msg" lines, painting the severity.
func (t *Text) diag(line, severity string) {
	if i := strings.Index(line, ": "); i > 0 && strings.Count(line[:i], ":") >= 1 {
		t.printf("%s: %s: %s\n", t.paint("1", line[:i]), t.paint(sevColor(severity), severity), line[i+2:])
		return
	}
	t.printf("%s: %s\n", t.paint(sevColor(severity), severity), line)
}

func sevColor(s string) string {
	switch s {
	case "error":
		return "1;31"
	case "warning":
		return "1;35"
	}
	return "1;36"
}

// kernel writes every finding of one kernel of the file at path and its
// summary line.
func (t *Text) kernel(path string, k *check.Report) {
	effective := k.Effective()
	if t.Quiet && (effective == check.DRF || effective == check.Unchecked) {
		return
	}
	for i, r := range k.Races {
		if s := k.Suppressed(check.RuleRace, i); s != nil {
			t.suppressed(r.Witness.Threads[0].Access.At, raceTitle(r), s)
			continue
		}
		t.race(k, r)
	}
	for i, d := range k.Divergences {
		if s := k.Suppressed(check.RuleDivergence, i); s != nil {
			t.suppressed(d.Witness.Check.At, "barrier divergence", s)
			continue
		}
		t.divergence(k, d)
	}
	for i, u := range k.Unknowns {
		if s := k.Suppressed(check.RuleUnknown, i); s != nil {
			t.suppressed(u.At, "cannot check: "+u.Reason, s)
			continue
		}
		t.header(u.At, "warning", "cannot check: "+u.Reason)
		t.quote(u.At, "")
	}
	if !t.Quiet {
		for _, n := range k.Notes {
			t.header(n.At, "note", n.Message)
			t.quote(n.At, "")
		}
	}
	t.summary(path, k)
}

// suppressed writes the one line of a suppressed finding.
func (t *Text) suppressed(at protocol.Pos, what string, s *check.Suppression) {
	if t.Quiet {
		return
	}
	why := s.Reason
	if s.Kind == check.InSource {
		why = "drfcheck:ignore at " + s.At.String() + ": " + s.Reason
	}
	t.header(at, "note", fmt.Sprintf("suppressed %s (%s)", what, why))
}

func (t *Text) header(pos protocol.Pos, severity, msg string) {
	t.printf("%s: %s: %s\n", t.paint("1", pos.String()), t.paint(sevColor(severity), severity), t.paint("1", msg))
}

// quote prints the source line of pos with a caret under its column.
func (t *Text) quote(pos protocol.Pos, note string) { t.quoteSpan(pos, "", note) }

// quoteSpan is quote with the caret followed by tildes under text, when the
// line has text at pos (the access as written in CUDA).
func (t *Text) quoteSpan(pos protocol.Pos, text, note string) {
	line, ok := t.src.line(pos)
	if !ok {
		return
	}
	num := fmt.Sprint(pos.Line)
	pad := strings.Repeat(" ", len(num))
	t.printf(" %s | %s\n", num, line)
	col := pos.Col - 1
	if col < 0 || col > len(line) {
		col = 0
	}
	// Keep tabs so that the caret lines up under tab-indented code.
	indent := []byte(line[:col])
	for i, c := range indent {
		if c != '\t' {
			indent[i] = ' '
		}
	}
	if note != "" {
		note = " " + note
	}
	mark := "^"
	if text != "" && !strings.Contains(text, "\n") && strings.HasPrefix(line[col:], text) {
		mark += strings.Repeat("~", len([]rune(text))-1)
	}
	t.printf(" %s | %s%s%s\n", pad, indent, t.paint("1;32", mark), note)
}

func (t *Text) race(k *check.Report, r *check.Race) {
	if protocol.IsInvariant(r.Array) {
		t.invariant(k, r)
		return
	}
	w := r.Witness
	a, b := w.Threads[0], w.Threads[1]
	msg := fmt.Sprintf("data race on '%s' (%s/%s)", r.Array, a.Access.Word(), b.Access.Word())
	msg += betweenText(k, r)
	t.header(a.Access.At, "error", msg)
	words := termsOf(k)
	t.quoteSpan(a.Access.At, a.Access.Source, fmt.Sprintf("%s by %s %s", a.Access.Word(), words.thread, tidText(a.ThreadIdx, k.Launch.BlockDim)))
	if b.Access.At != a.Access.At {
		t.printf("%s: %s: the other access\n", t.paint("1", b.Access.At.String()), t.paint(sevColor("note"), "note"))
	}
	t.quoteSpan(b.Access.At, b.Access.Source, fmt.Sprintf("%s by %s %s", b.Access.Word(), words.thread, tidText(b.ThreadIdx, k.Launch.BlockDim)))
	t.table(k, w)
	if r.Wrap != "" {
		t.printf("    %s: %s\n", t.paint(sevColor("note"), "note"), r.Wrap)
	}
	for _, f := range fenceText(r) {
		t.printf("    %s: %s\n", t.paint(sevColor("note"), "note"), f)
	}
	if h := hintText(r.Hint); h != "" {
		t.printf("    %s: %s\n", t.paint(sevColor("note"), "note"), h)
	}
}

// table prints the witness: one column per access.
func (t *Text) table(k *check.Report, w *smtgen.Witness) {
	a, b := w.Threads[0], w.Threads[1]
	words := termsOf(k)
	rows := [][3]string{
		{"", fmt.Sprintf("%s at %d:%d", a.Access.Word(), a.Access.At.Line, a.Access.At.Col), fmt.Sprintf("%s at %d:%d", b.Access.Word(), b.Access.At.Line, b.Access.At.Col)},
		{words.threadIdx, dim3(a.ThreadIdx), dim3(b.ThreadIdx)},
		{words.blockIdx, dim3(a.BlockIdx), dim3(b.BlockIdx)},
	}
	for _, name := range loopNames(a.Loops, b.Loops) {
		rows = append(rows, [3]string{name, lookup(a.Loops, name), lookup(b.Loops, name)})
	}
	for _, name := range localNames(a, b) {
		rows = append(rows, [3]string{name, lookup(a.Locals, name), lookup(b.Locals, name)})
	}
	rows = append(rows, [3]string{"index", cellText(indexText(w.Array, a.Access.ShapedIndex(a.Index)), a.Access.CellBytes), cellText(indexText(w.Array, b.Access.ShapedIndex(b.Index)), b.Access.CellBytes)})
	width := [3]int{}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	for _, r := range rows {
		t.printf("    %-*s  %-*s  %s\n", width[0], r[0], width[1], r[1], r[2])
	}
	var params []string
	for _, p := range w.Params {
		params = append(params, fmt.Sprintf("%s = %d", p.Name, p.Value))
	}
	if len(params) > 0 {
		t.printf("    with %s\n", strings.Join(params, ", "))
	}
	t.launch(k, w.BlockDim, w.GridDim)
}

// launch prints a witness's launch.
func (t *Text) launch(k *check.Report, block, grid [3]int64) {
	words := termsOf(k)
	t.printf("    launch %s = %s, %s = %s\n", words.blockDim, dim3(block), words.gridDim, dim3(grid))
}

func (t *Text) divergence(k *check.Report, d *check.Divergence) {
	w := d.Witness
	what := "conditional"
	if w.Check.Loop {
		what = "loop"
	}
	words := termsOf(k)
	t.header(w.Check.At, "error", fmt.Sprintf("barrier divergence: %s disagree at this %s, so one of them reaches a barrier the other does not", words.threads, what))
	a, b := w.Threads[0], w.Threads[1]
	t.quote(w.Check.At, "")
	for _, th := range []smtgen.DivergentThread{a, b} {
		var did string
		if w.Check.Loop {
			did = fmt.Sprintf("runs it with bounds %v", th.Bounds)
			if w.Check.Trips != nil {
				did = fmt.Sprintf("runs it %s (%s)", times(th.Trips), span(th.Bounds))
			}
		} else if th.Cond {
			did = "reaches the barrier"
		} else {
			did = "does not"
		}
		who := tidText(th.ThreadIdx, k.Launch.BlockDim)
		if a.BlockIdx != b.BlockIdx {
			who += " of " + words.block + " " + tidText(th.BlockIdx, k.Launch.GridDim)
		}
		t.printf("    %s %s %s\n", words.thread, who, did)
	}
	var params []string
	for _, p := range append(w.Params, w.Binders...) {
		params = append(params, fmt.Sprintf("%s = %d", p.Name, p.Value))
	}
	if len(params) > 0 {
		t.printf("    with %s\n", strings.Join(params, ", "))
	}
	t.launch(k, w.BlockDim, w.GridDim)
}

func (t *Text) summary(path string, k *check.Report) {
	var what string
	switch k.Verdict {
	case check.DRF:
		what = t.paint("1;32", "data-race free")
	case check.Racy:
		inv := 0
		for _, r := range k.Races {
			if protocol.IsInvariant(r.Array) {
				inv++
			}
		}
		var parts []string
		if n := len(k.Races) - inv; n > 0 {
			parts = append(parts, plural(n, "data race"))
		}
		if inv > 0 {
			parts = append(parts, plural(inv, "failed barrier invariant"))
		}
		what = t.paint("1;31", strings.Join(parts, ", "))
		if len(k.Divergences) > 0 {
			what += t.paint("1;31", ", "+plural(len(k.Divergences), "barrier divergence"))
		}
	case check.Divergent:
		what = t.paint("1;31", plural(len(k.Divergences), "barrier divergence"))
	case check.Unchecked:
		what = "nothing checked (" + strings.Join(k.Skipped, "; ") + ")"
	default:
		what = t.paint("1;35", "unknown") + " (" + plural(len(k.Unknowns), "construct") + " not checked)"
	}
	if n := k.SuppressedCount(); n > 0 {
		if k.Effective() == check.DRF {
			what = t.paint("1;32", "nothing left") + " (" + what + ", all suppressed)"
		} else {
			what += fmt.Sprintf(" (%d suppressed)", n)
		}
	}
	levels := make([]string, len(k.Levels))
	for i, l := range k.Levels {
		levels[i] = l.String()
	}
	name := k.Name
	if name != path {
		name = path + ": " + name // a kernel of a CUDA file
	}
	checked := "no level"
	if len(levels) > 0 {
		checked = strings.Join(levels, "+") + " level"
	}
	sizes := [2]string{"blockDim", "gridDim"}
	if k.OpenCL {
		sizes = [2]string{"local_size", "num_groups"} // the flags that set them
	}
	t.printf("%s: %s [%s=%s %s=%s, %s, %s, %s]\n",
		name, what, sizes[0], formatDims(k.Launch.BlockDim), sizes[1], formatDims(k.Launch.GridDim),
		checked, plural(k.Queries, "query"), k.Elapsed.Round(1e5))
	for _, line := range LaunchLines(k.Source) {
		t.printf("    %s: %s\n", t.paint(sevColor("note"), "note"), line)
	}
}

// LaunchLines says where a kernel's launch came from, one line per site,
// fact and note: what the text report prints under a kernel, and SARIF
// adds to its messages.
func LaunchLines(s check.LaunchSource) []string {
	var out []string
	for _, site := range s.Sites {
		out = append(out, SiteText(site))
	}
	for _, f := range s.Facts {
		out = append(out, "assuming "+f)
	}
	for _, a := range s.Assumed {
		out = append(out, AssumedText(a))
	}
	return append(out, s.Notes...)
}

// AssumedText is how every format states an assumption the host code
// does not show.
func AssumedText(a string) string {
	return "assuming, without the host code showing it: " + a
}

// SiteText is how every format names a launch site.
func SiteText(s check.Site) string {
	if s.Via != "" {
		return fmt.Sprintf("launched at %s with %s (%s)", s.At, s.Config, s.Via)
	}
	return fmt.Sprintf("launched at %s with %s", s.At, s.Config)
}

// Summary writes the closing summary of a run: a line for one file, a table
// for a batch.
func (t *Text) Summary(r *Run) {
	c := r.Count()
	if c.Files <= 1 {
		return
	}
	t.printf("\n%-12s %7s\n", "verdict", "kernels")
	for _, row := range []struct {
		name  string
		n     int
		color string
	}{
		{"drf", c.DRF, "1;32"}, {"racy", c.Racy, "1;31"}, {"divergent", c.Divergent, "1;31"},
		{"unknown", c.Unknown, "1;35"}, {"unchecked", c.Unchecked, "1"}, {"suppressed", c.Suppressed, "1"},
	} {
		if (row.name == "unchecked" || row.name == "suppressed") && row.n == 0 {
			continue
		}
		name := fmt.Sprintf("%-12s", row.name)
		if row.n > 0 {
			name = t.paint(row.color, name)
		}
		t.printf("%s %7d\n", name, row.n)
	}
	errs := fmt.Sprintf("%-12s", "error")
	if c.Errors > 0 {
		errs = t.paint("1;31", errs)
	}
	t.printf("%s %7d %s\n", errs, c.Errors, pluralWord(c.Errors, "file"))
	if c.HostOnly > 0 {
		t.printf("%-12s %7d %s\n", "host only", c.HostOnly, pluralWord(c.HostOnly, "file"))
	}
	t.printf("%s, %s in %s\n", plural(c.Kernels, "kernel"), plural(c.Files, "file"), r.Elapsed.Round(1e6))
}

func plural(n int, word string) string { return fmt.Sprintf("%d %s", n, pluralWord(n, word)) }

func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	if strings.HasSuffix(word, "y") {
		return word[:len(word)-1] + "ies"
	}
	return word + "s"
}

func formatDims(d [3]int64) string {
	parts := make([]string, 3)
	for i, n := range d {
		parts[i] = "*"
		if n > 0 {
			parts[i] = fmt.Sprint(n)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func dim3(d [3]int64) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

// tidText names a thread by the dimensions the block has: "3" for a
// one-dimensional block, "(3,1,0)" otherwise.
// betweenText says which threads race when it matters: of different
// blocks, or, when warps matter (the kernel has warp barriers or runs in
// lock-step, or its race is one of warps only: the warp note), of one warp
// or of two.
func betweenText(k *check.Report, r *check.Race) string {
	warps := (slices.Contains(k.Levels, wellformed.WarpLevel) || r.Hint == check.WarpHint) && !k.OpenCL
	switch {
	case r.Level == wellformed.GridLevel:
		return termsOf(k).between(" between threads of different blocks")
	case !warps:
		return ""
	case r.Warp(0) == r.Warp(1):
		return fmt.Sprintf(" between threads of one warp (warp %d)", r.Warp(0))
	}
	return fmt.Sprintf(" between threads of different warps (%d and %d)", r.Warp(0), r.Warp(1))
}

func tidText(tid, blockDim [3]int64) string {
	if blockDim[1] == 1 && blockDim[2] == 1 {
		return fmt.Sprint(tid[0])
	}
	return dim3(tid)
}

// cellText says what an index counts when it is not the array's
// elements: a[6] of an int array read by bytes is its byte 6.
func cellText(index string, cellBytes int64) string {
	switch {
	case cellBytes == 1:
		return index + " (byte)"
	case cellBytes > 1:
		return fmt.Sprintf("%s (%d-byte part)", index, cellBytes)
	}
	return index
}

func indexText(array string, idx []int64) string {
	var b strings.Builder
	b.WriteString(array)
	for _, i := range idx {
		fmt.Fprintf(&b, "[%d]", i)
	}
	return b.String()
}

func loopNames(a, b []smtgen.Value) []string {
	var names []string
	seen := map[string]bool{}
	for _, v := range append(append([]smtgen.Value(nil), a...), b...) {
		if !seen[v.Name] {
			seen[v.Name] = true
			names = append(names, v.Name)
		}
	}
	return names
}

// localNames lists the locals an access's index depends on.
func localNames(a, b smtgen.ThreadWitness) []string {
	used := map[string]bool{}
	for _, t := range []smtgen.ThreadWitness{a, b} {
		for _, ix := range t.Access.Index {
			for n := range protocol.FreeVars(ix) {
				used[n] = true
			}
		}
	}
	var names []string
	for _, v := range a.Locals {
		if used[v.Name] {
			names = append(names, v.Name)
		}
	}
	sort.Strings(names)
	return names
}

func lookup(vs []smtgen.Value, name string) string {
	for _, v := range vs {
		if v.Name == name {
			return fmt.Sprint(v.Value)
		}
	}
	return "-"
}

// raceTitle names a race in a few words.
func raceTitle(r *check.Race) string {
	if protocol.IsInvariant(r.Array) {
		return "barrier invariant may not hold"
	}
	return fmt.Sprintf("data race on '%s'", r.Array)
}

// failing is the thread of an invariant's witness for which it may not
// hold: the one whose access is the atomic.
func failing(r *check.Race) smtgen.ThreadWitness {
	if r.Witness.Threads[1].Access.Mode == protocol.Atomic {
		return r.Witness.Threads[1]
	}
	return r.Witness.Threads[0]
}

// invariant prints a barrier invariant that may not hold, with the thread
// and the values of its witness.
func (t *Text) invariant(k *check.Report, r *check.Race) {
	f := failing(r)
	words := termsOf(k)
	who := words.thread + " " + tidText(f.ThreadIdx, k.Launch.BlockDim)
	t.header(f.Access.At, "error", "barrier invariant may not hold for "+who)
	t.quoteSpan(f.Access.At, f.Access.Source, "fails for "+who)
	rows := [][2]string{{words.threadIdx, dim3(f.ThreadIdx)}, {words.blockIdx, dim3(f.BlockIdx)}}
	for _, v := range f.Loops {
		rows = append(rows, [2]string{v.Name, fmt.Sprint(v.Value)})
	}
	for _, r := range rows {
		t.printf("    %-*s  %s\n", len(words.threadIdx)+2, r[0], r[1])
	}
	var params []string
	for _, p := range r.Witness.Params {
		params = append(params, fmt.Sprintf("%s = %d", p.Name, p.Value))
	}
	if len(params) > 0 {
		t.printf("    with %s\n", strings.Join(params, ", "))
	}
	t.launch(k, r.Witness.BlockDim, r.Witness.GridDim)
	t.printf("    %s: %s\n", t.paint(sevColor("note"), "note"), "checked with the values the thread stored or read since the last barrier; any other location may hold anything (another thread may have written it)")
}

// times says how many times a loop runs.
func times(n int64) string {
	switch {
	case n <= 0:
		return "zero times"
	case n == 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// span says over which values a loop of bounds lo, hi and maybe step runs.
func span(b []int64) string {
	if len(b) < 2 {
		return fmt.Sprint(b)
	}
	if len(b) == 3 && b[2] != 1 {
		return fmt.Sprintf("from %d while below %d, step %d", b[0], b[1], b[2])
	}
	return fmt.Sprintf("from %d while below %d", b[0], b[1])
}

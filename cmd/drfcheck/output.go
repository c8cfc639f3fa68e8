package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/drfcheck/drfcheck/internal/report"
)

// output writes the reports of a run in input order, streaming text as
// files finish, with a progress bar on stderr when it is a terminal.
type output struct {
	cfg      *config
	stdout   io.Writer
	text     *report.Text
	progress *progress
	mu       sync.Mutex
	done     map[int]*report.File
	next     int
}

func newOutput(cfg *config, stdout, stderr io.Writer, files int) *output {
	o := &output{cfg: cfg, stdout: stdout, done: map[int]*report.File{}}
	o.text = &report.Text{W: stdout, Color: colorful(stdout), Quiet: cfg.quiet}
	if files > 1 && isTerminal(stderr) {
		o.progress = &progress{w: stderr, total: files}
	}
	return o
}

// colorful reports whether w is a terminal and NO_COLOR is not set
// (https://no-color.org).
func colorful(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	return isTerminal(w)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// fileDone records a finished file and prints what can be printed in order.
func (o *output) fileDone(i int, f *report.File) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done[i] = f
	if o.progress != nil {
		o.progress.step(f.Path)
		defer o.progress.draw()
		o.progress.clear()
	}
	if o.cfg.format != "text" {
		return
	}
	for {
		f, ok := o.done[o.next]
		if !ok {
			return
		}
		o.text.File(f)
		delete(o.done, o.next)
		o.next++
	}
}

// finish writes what comes after every file, then the files of --output.
func (o *output) finish(r *report.Run) error {
	if o.progress != nil {
		o.progress.clear()
	}
	if o.cfg.format == "text" {
		if len(r.Files) > 1 {
			o.text.Summary(r)
		}
	} else if err := writeReport(o.stdout, o.cfg.format, r, o.cfg.quiet); err != nil {
		return err
	}
	for _, f := range o.cfg.outputs {
		if err := f.write(r, o.cfg.quiet); err != nil {
			return err
		}
	}
	return nil
}

// writeReport writes a whole run in a format; text as the streamed text
// reads, without colour.
func writeReport(w io.Writer, format string, r *report.Run, quiet bool) error {
	switch format {
	case "text":
		t := &report.Text{W: w, Quiet: quiet}
		for _, f := range r.Files {
			t.File(f)
		}
		if len(r.Files) > 1 {
			t.Summary(r)
		}
		return nil
	case "sarif":
		return report.WriteSARIF(w, r)
	case "github":
		return report.WriteGitHub(w, r)
	}
	return report.WriteJSON(w, r)
}

// outputFile is a format to write to a file (--output FORMAT=PATH).
type outputFile struct {
	format, path string
	w            *os.File // created before the run, so that a bad path fails at once
}

// createOutputs makes the files of --output, or says which cannot be made.
func createOutputs(fs []outputFile) error {
	for i := range fs {
		w, err := os.Create(fs[i].path)
		if err != nil {
			closeOutputs(fs[:i])
			return fmt.Errorf("--output=%s=%s: %v", fs[i].format, fs[i].path, err)
		}
		fs[i].w = w
	}
	return nil
}

func closeOutputs(fs []outputFile) {
	for _, f := range fs {
		if f.w != nil {
			f.w.Close()
		}
	}
}

func (f outputFile) write(r *report.Run, quiet bool) error {
	err := writeReport(f.w, f.format, r, quiet)
	if cerr := f.w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("--output=%s=%s: %v", f.format, f.path, err)
	}
	return nil
}

// parseOutputs reads the values of --output.
func parseOutputs(vals []string) ([]outputFile, error) {
	var out []outputFile
	for _, v := range vals {
		format, path, ok := strings.Cut(v, "=")
		if !ok || path == "" || !knownFormat(format) {
			return nil, fmt.Errorf("--output=%s: want FORMAT=PATH, FORMAT text, json, sarif or github", v)
		}
		out = append(out, outputFile{format: format, path: path})
	}
	return out, nil
}

func knownFormat(f string) bool {
	switch f {
	case "text", "json", "sarif", "github":
		return true
	}
	return false
}

// progress draws "[=====>    ] 12/40 path" on a terminal, on one line
// redrawn in place.
type progress struct {
	w           io.Writer
	done, total int
	last        string
}

func (p *progress) step(path string) { p.done++; p.last = path }

func (p *progress) draw() {
	const width = 30
	filled := width * p.done / p.total
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", width-filled)
	name := p.last
	if len(name) > 40 {
		name = "..." + name[len(name)-37:]
	}
	fmt.Fprintf(p.w, "\r[%s] %d/%d %s", bar, p.done, p.total, name)
}

func (p *progress) clear() { fmt.Fprint(p.w, "\r\x1b[K") }

package main

import (
	"io"
	"os"
	"sync"

	"drfcheck/cmd/drfcheck/report"
)

// output writes the reports of a run in input order, streaming text as
// files finish.
type output struct {
	cfg    *config
	stdout io.Writer
	text   *report.Text
	mu     sync.Mutex
	done   map[int]*report.File
	next   int
}

func newOutput(cfg *config, stdout, stderr io.Writer) *output {
	o := &output{cfg: cfg, stdout: stdout, done: map[int]*report.File{}}
	o.text = &report.Text{W: stdout, Color: colorful(stdout)}
	return o
}

// colorful reports whether w is a terminal and NO_COLOR is not set
// (https://no-color.org).
func colorful(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress records a finished file and prints what can be printed in order.
func (o *output) progress(i int, f *report.File) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done[i] = f
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

// finish writes what comes after every file.
func (o *output) finish(r *report.Run) error {
	if o.cfg.format == "text" {
		if len(r.Files) > 1 {
			o.text.Summary(r)
		}
		return nil
	}
	return report.WriteJSON(o.stdout, r)
}

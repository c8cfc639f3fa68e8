package clang

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// prober reruns clang on a variant of the main file, with the arguments
// the TU was parsed with. It is what Probe uses; nil for a TU made from a
// dump (NewTU), which has nothing to rerun.
type prober struct {
	bin, includeDir string
	prelude         []string
	opts            Options
	missing         []string // headers replaced by empty ones in the parse
}

// ErrNoProbe is Probe's error for a TU that was not parsed by clang here.
var ErrNoProbe = errors.New("no clang run to repeat: the TU was made from a dump")

// Probe checks src, a variant of the main file (the file with text
// appended), with clang as the file was parsed (the same prelude, -D, -I
// and flags, the main file's directory searched for its quoted includes),
// without an AST dump and without a limit on errors, and returns clang's
// diagnostics. The front end asks clang questions this way that the JSON
// dump does not answer: the layouts of records (sizeof, alignof and
// offsetof evaluated by clang, see internal/infer/ir), which it prints in the
// errors of deliberately incomplete templates. Access control is off, so
// that private members can be measured. A failing run is no error:
// clang's diagnostics are the answer.
func (tu *TU) Probe(src []byte) ([]byte, error) {
	p := tu.prober
	if p == nil {
		return nil, ErrNoProbe
	}
	tmp, err := os.MkdirTemp("", "drfcheck-probe-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	file := filepath.Join(tmp, filepath.Base(tu.MainFile))
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return nil, err
	}
	opts := p.opts
	if len(p.missing) > 0 {
		// the headers the parse went without: empty again
		stubs := &stubDir{dir: filepath.Join(tmp, "missing")}
		for _, name := range p.missing {
			stubs.add(name)
		}
		opts.Includes = append(opts.Includes[:len(opts.Includes):len(opts.Includes)], stubs.dir)
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append(languageFlags(p.includeDir, p.opts.std()), "-fsyntax-only", "-fno-color-diagnostics", "-fno-caret-diagnostics",
		"-ferror-limit=0", "-Xclang", "-fno-access-control")
	args = append(args, p.prelude...)
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	for _, i := range opts.Includes {
		args = append(args, "-I"+i)
	}
	args = append(args, "-iquote", filepath.Dir(tu.MainFile))
	args = append(args, opts.Flags...)
	args = append(args, file)
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, p.bin, args...)
	cmd.Stderr = &stderr
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) || ctx.Err() != nil {
		return nil, fmt.Errorf("%s: probing with clang: %v", tu.MainFile, runErr)
	}
	return stderr.Bytes(), nil
}

// Memo returns the value computed by f for key, computing it once per TU:
// what the front end learns by a Probe is shared by the kernels of a file.
func (tu *TU) Memo(key string, f func() any) any {
	if v, ok := tu.memo[key]; ok {
		return v
	}
	if tu.memo == nil {
		tu.memo = map[string]any{}
	}
	v := f()
	tu.memo[key] = v
	return v
}

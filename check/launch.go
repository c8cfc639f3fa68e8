package check

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/drfcheck/drfcheck/smtgen"
)

// ParseDim parses a block or grid size: "64", "[16,16]", "[*,*,1]" or "*".
// Missing dimensions are 1; "*" (stored as 0) is any size.
func ParseDim(s string) ([3]int64, error) {
	d := [3]int64{1, 1, 1}
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") != strings.HasSuffix(t, "]") {
		return d, fmt.Errorf("%q: unbalanced brackets", s)
	}
	t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	parts := strings.Split(t, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("%q: at most three dimensions", s)
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "*" {
			d[i] = 0
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < 1 {
			return d, fmt.Errorf("%q: dimension %d must be a positive integer or *", s, i+1)
		}
		d[i] = n
	}
	return d, nil
}

// FormatDim prints a size the way parseDim reads it.
func FormatDim(d [3]int64) string {
	parts := make([]string, 3)
	for i, n := range d {
		parts[i] = "*"
		if n > 0 {
			parts[i] = strconv.FormatInt(n, 10)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// headerLaunch reads the launch configuration that GPU verification test
// suites write in a comment near the top of a file, e.g.
// "//--blockDim=64 --gridDim=[2,2]" (GPUVerify's second line). It returns
// nil sizes for what the header does not set.
func headerLaunch(src []byte) (block, grid *[3]int64, err error) {
	err = headerFlags(src, func(fs *pflag.FlagSet) func() error {
		b := fs.String("blockDim", "", "")
		g := fs.String("gridDim", "", "")
		// GPUVerify's OpenCL spellings
		ls := fs.String("local_size", "", "")
		ng := fs.String("num_groups", "", "")
		gs := fs.String("global_size", "", "")
		return func() error {
			for _, f := range []struct {
				name string
				s    *string
				dst  **[3]int64
			}{{"blockDim", b, &block}, {"gridDim", g, &grid}, {"local_size", ls, &block}, {"num_groups", ng, &grid}} {
				if *f.s == "" {
					continue
				}
				d, err := ParseDim(*f.s)
				if err != nil {
					return fmt.Errorf("--%s=%v", f.name, err)
				}
				*f.dst = &d
			}
			if *gs == "" {
				return nil
			}
			d, err := GroupsOf(*gs, block)
			if err != nil {
				return err
			}
			grid = &d
			return nil
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return block, grid, nil
}

// ParseOffset parses an OpenCL global offset (GPUVerify's
// --global_offset): "16", "[0,8]" or "[*,0]"; missing dimensions are 0,
// and "*" (stored as -1) is any offset.
func ParseOffset(s string) ([3]int64, error) {
	var d [3]int64
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") != strings.HasSuffix(t, "]") {
		return d, fmt.Errorf("%q: unbalanced brackets", s)
	}
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(t, "["), "]"), ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("%q: at most three dimensions", s)
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "*" {
			d[i] = -1
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < 0 {
			return d, fmt.Errorf("%q: dimension %d must be a non-negative integer or *", s, i+1)
		}
		d[i] = n
	}
	return d, nil
}

// headerOffset reads the global offset of a file's header
// (--global_offset), nil when it gives none.
func headerOffset(src []byte) (off *[3]int64, err error) {
	err = headerFlags(src, func(fs *pflag.FlagSet) func() error {
		o := fs.String("global_offset", "", "")
		return func() error {
			if *o == "" {
				return nil
			}
			d, err := ParseOffset(*o)
			if err != nil {
				return fmt.Errorf("--global_offset=%v", err)
			}
			off = &d
			return nil
		}
	})
	return off, err
}

// GroupsOf returns the number of work-groups of an OpenCL launch from its
// global size (GPUVerify's --global_size, the global work size of
// clEnqueueNDRangeKernel) and its local size: their quotient in each
// dimension, which must be exact; a dimension either leaves open ("*") is
// open.
func GroupsOf(global string, local *[3]int64) ([3]int64, error) {
	g, err := ParseDim(global)
	if err != nil {
		return g, fmt.Errorf("--global_size=%v", err)
	}
	if local == nil {
		return g, fmt.Errorf("--global_size=%s needs --local_size: the number of work-groups is the global size divided by the local size", global)
	}
	var out [3]int64
	for i := range g {
		switch {
		case g[i] == 0 || local[i] == 0:
			out[i] = 0
		case g[i]%local[i] != 0:
			return out, fmt.Errorf("--global_size=%s: dimension %d (%d) is not a multiple of the local size (%d)", global, i+1, g[i], local[i])
		default:
			out[i] = g[i] / local[i]
		}
	}
	return out, nil
}

// headerFlags reads the flag lines among the leading comment lines of a
// file (the first ten lines at most): for each, define adds the flags it
// reads to a flag set and returns what to do with their values once the
// line is parsed. Flags no one defines are ignored, as is a comment that
// does not start with a flag (prose, or a rule such as //-----------).
// Errors name the line: "line 2: ...".
func headerFlags(src []byte, define func(fs *pflag.FlagSet) func() error) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 0; sc.Scan() && n < 10; n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "//") {
			break
		}
		body := strings.TrimSpace(strings.TrimPrefix(line, "//"))
		if !isFlagLine(body) {
			continue
		}
		fs := pflag.NewFlagSet("header", pflag.ContinueOnError)
		fs.ParseErrorsAllowlist.UnknownFlags = true
		apply := define(fs)
		if err := fs.Parse(strings.Fields(body)); err != nil {
			return fmt.Errorf("line %d: %v", n+1, err)
		}
		if err := apply(); err != nil {
			return fmt.Errorf("line %d: %v", n+1, err)
		}
	}
	return nil
}

// isFlagLine reports whether a comment's text starts with a flag:
// --name.
func isFlagLine(body string) bool {
	rest, ok := strings.CutPrefix(body, "--")
	return ok && rest != "" && (rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= 'A' && rest[0] <= 'Z')
}

// launchFor decides the launch configuration of a file: a flag wins over
// the file's header, which wins over the default for the file's kind.
func launchFor(flagBlock, flagGrid *[3]int64, src []byte, def smtgen.Launch) (smtgen.Launch, error) {
	l := def
	hb, hg, err := headerLaunch(src)
	if err != nil {
		return l, err
	}
	for _, set := range []struct {
		dst  *[3]int64
		srcs []*[3]int64
	}{{&l.BlockDim, []*[3]int64{flagBlock, hb}}, {&l.GridDim, []*[3]int64{flagGrid, hg}}} {
		for _, s := range set.srcs {
			if s != nil {
				*set.dst = *s
				break
			}
		}
	}
	return l, nil
}

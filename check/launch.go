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
// "//--blockDim=64 --gridDim=[2,2]" (GPUVerify's second line). It looks at
// the leading comment lines only; flags it does not know are ignored. It
// returns nil sizes for what the header does not set.
func headerLaunch(src []byte) (block, grid *[3]int64, err error) {
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
			continue // prose, or a rule such as //-----------
		}
		fs := pflag.NewFlagSet("header", pflag.ContinueOnError)
		fs.ParseErrorsWhitelist.UnknownFlags = true
		b := fs.String("blockDim", "", "")
		g := fs.String("gridDim", "", "")
		if err := fs.Parse(strings.Fields(body)); err != nil {
			return nil, nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if *b != "" {
			d, err := ParseDim(*b)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: --blockDim=%v", n+1, err)
			}
			block = &d
		}
		if *g != "" {
			d, err := ParseDim(*g)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: --gridDim=%v", n+1, err)
			}
			grid = &d
		}
	}
	return block, grid, nil
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

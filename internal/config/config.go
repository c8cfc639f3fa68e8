// Package config reads a project's drfcheck configuration file,
// .drfcheck.yaml, found in the directory of the files checked or above it:
// default flags, paths left out of directory runs, and launch
// configurations per path and per kernel. It is read with
// go.yaml.in/yaml/v3, strictly: a misspelt key is an error at its line.
//
//	# .drfcheck.yaml
//	flags: ["--fail-on=race,divergence", --max-races=3]
//	exclude: [third_party/**, "**/*_host.cu"]
//	launch:
//	  - path: src/reduce/*.cu        # relative to this file's directory
//	    blockDim: "[256,1,1]"
//	    gridDim: "*"
//	  - path: src/scan.cu
//	    kernel: scanBlocks           # only this kernel of the file
//	    blockDim: 512
//	    params: {n: 4096}
package config

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Name is the configuration file's name.
const Name = ".drfcheck.yaml"

// File is a configuration file read.
type File struct {
	Path string `yaml:"-"` // the file
	Dir  string `yaml:"-"` // its directory, absolute: the base of its globs
	// Flags are command-line flags applied before the command line's,
	// which win over them.
	Flags []string `yaml:"flags"`
	// Exclude are globs of files that a directory run leaves out.
	Exclude []string `yaml:"exclude"`
	// Launch are launch configurations, in order: for a file, the last
	// entry that matches it wins.
	Launch []Launch `yaml:"launch"`
}

// Launch is the launch of the files a glob matches, or of one kernel of
// them: what -b, -g and -p would say.
type Launch struct {
	Path     string           `yaml:"path"`   // a glob relative to the file's directory; "" for every file
	Kernel   string           `yaml:"kernel"` // a kernel's name; "" for all of them
	BlockDim string           `yaml:"blockDim"`
	GridDim  string           `yaml:"gridDim"`
	Params   map[string]int64 `yaml:"params"`
	Line     int              `yaml:"-"` // where the entry starts
}

// Find looks for the configuration file in the directory of start (start
// itself when it is a directory) and its parents; "" when there is none.
func Find(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		p := filepath.Join(dir, Name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads a configuration file. Errors name the file and the line.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f := &File{Path: path}
	if f.Dir, err = filepath.Abs(filepath.Dir(path)); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(f); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %v", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	// the lines of the launch entries, for errors about their values
	if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
		m := doc.Content[0].Content
		for i := 0; i+1 < len(m); i += 2 {
			if m[i].Value == "launch" && m[i+1].Kind == yaml.SequenceNode {
				for j, e := range m[i+1].Content {
					if j < len(f.Launch) {
						f.Launch[j].Line = e.Line
					}
				}
			}
		}
	}
	for _, g := range append(append([]string{}, f.Exclude...), launchPaths(f.Launch)...) {
		if _, err := globRE(g); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return f, nil
}

func launchPaths(ls []Launch) []string {
	var out []string
	for _, l := range ls {
		if l.Path != "" {
			out = append(out, l.Path)
		}
	}
	return out
}

// Excluded reports whether a file found in a directory is left out.
func (f *File) Excluded(file string) bool {
	for _, g := range f.Exclude {
		if f.match(g, file) {
			return true
		}
	}
	return false
}

// LaunchesFor returns the launch entries that apply to a file, in order.
func (f *File) LaunchesFor(file string) []Launch {
	var out []Launch
	for _, l := range f.Launch {
		if l.Path == "" || f.match(l.Path, file) {
			out = append(out, l)
		}
	}
	return out
}

// match reports whether a glob, relative to the file's directory, matches
// a file (a path relative to the working directory, or absolute).
func (f *File) match(glob, file string) bool {
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(f.Dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	re, err := globRE(glob)
	return err == nil && re.MatchString(filepath.ToSlash(rel))
}

// globRE compiles a glob: * and ? within one path element, ** across
// elements (a/**/b, **/x.cu, dir/**), a trailing / for a directory and
// everything under it.
func globRE(glob string) (*regexp.Regexp, error) {
	g := filepath.ToSlash(glob)
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(g); i++ {
		switch c := g[i]; {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[' || c == ']' || c == '{' || c == '}':
			return nil, fmt.Errorf("glob %q: character classes and alternatives are not supported", glob)
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

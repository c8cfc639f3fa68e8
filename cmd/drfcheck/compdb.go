package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// compDB is a compilation database (compile_commands.json, as CMake,
// Bear and the clang tools write it, and as clang-tidy and clangd read it
// with -p): the flags each file is compiled with. drfcheck keeps the flags
// that change what clang parses: include directories, macros, the language
// standard, forced includes.
type compDB map[string][]string // absolute file path -> flags for clang

type compEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
}

// loadCompDB reads DIR/compile_commands.json (or the file itself when
// path names one).
func loadCompDB(path string) (compDB, error) {
	file := path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		file = filepath.Join(path, "compile_commands.json")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("-p: %v", err)
	}
	var entries []compEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, fmt.Errorf("-p: %s: not a compilation database: %v", file, err)
	}
	base := filepath.Dir(file)
	db := compDB{}
	for _, e := range entries {
		dir := e.Directory
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(base, dir)
		}
		args := e.Arguments
		if len(args) == 0 {
			args = splitCommand(e.Command)
		}
		db[absIn(dir, e.File)] = parserFlags(dir, args)
	}
	return db, nil
}

// flagsFor returns the flags of a file, nil when the database does not
// have it.
func (db compDB) flagsFor(path string) []string {
	if db == nil {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	return db[filepath.Clean(abs)]
}

func absIn(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

// withPath are the flags kept whose value is a path, relative to the
// entry's directory.
var withPath = map[string]bool{"-I": true, "-isystem": true, "-iquote": true, "-idirafter": true, "-include": true}

// parserFlags keeps, of a compiler's arguments, those that change what
// clang parses: -I, -isystem, -iquote, -idirafter and -include (paths made
// absolute), -D, -U and -std. nvcc writes them alike. The rest (the
// compiler, -c, -o, -arch, optimization, warnings) is dropped.
func parserFlags(dir string, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, joined := splitFlag(a)
		switch {
		case withPath[name]:
			if !joined {
				if i+1 >= len(args) {
					continue
				}
				i++
				val = args[i]
			}
			out = append(out, name, absIn(dir, val))
		case name == "-D" || name == "-U":
			if !joined {
				if i+1 >= len(args) {
					continue
				}
				i++
				val = args[i]
			}
			out = append(out, name+val)
		case strings.HasPrefix(a, "-std="):
			out = append(out, a)
		}
	}
	return out
}

// splitFlag splits "-Ipath" into "-I", "path" (joined); "-I" alone has no
// value yet. Flags other than those parserFlags keeps come back whole.
func splitFlag(a string) (name, val string, joined bool) {
	for _, f := range []string{"-isystem", "-iquote", "-idirafter", "-include", "-I", "-D", "-U"} {
		if a == f {
			return f, "", false
		}
		if strings.HasPrefix(a, f) && (len(f) == 2 || strings.HasPrefix(a, f+"=")) {
			return f, strings.TrimPrefix(strings.TrimPrefix(a, f), "="), true
		}
	}
	return a, "", false
}

// splitCommand splits a command line as a POSIX shell does for the words
// compilation databases hold: blanks separate words, and single quotes,
// double quotes and backslashes quote.
func splitCommand(s string) []string {
	var words []string
	var cur strings.Builder
	inWord, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0:
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

package clang

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Purity is a fact the prelude states, never a default: a function whose
// result depends on its arguments only (the math library, conversions,
// integer intrinsics) is declared __attribute__((const)) there
// (__DRF_PURE), and the front end takes a call of any other function
// without a body as giving a fresh value per call and per thread. A
// declaration read from the precompiled prelude is left out of a file's
// dump, and with it its attributes, so the marks are collected once from a
// dump of the prelude alone and kept beside the precompiled header, one
// "name<TAB>type" line per declaration.

var (
	pureMu  sync.Mutex
	pureFor = map[string]map[string]bool{} // clang executable -> its set
)

// Pure reports whether the prelude declares the function of this name and
// type (clang's spelling, "int (unsigned int)") pure. A declaration in the
// file's dump is asked directly (HasAttr("ConstAttr")); this is for those
// that only the precompiled prelude holds.
func (tu *TU) Pure(name, typ string) bool {
	return tu.pure[pureKey(name, typ)]
}

func pureKey(name, typ string) string { return name + "\t" + typ }

// pureSet returns the pure functions of the prelude for a clang
// executable: from the file beside the precompiled prelude, or from a
// dump of the prelude made now. A failure gives the empty set, which
// takes every call as impure: sound, if less precise.
func pureSet(ctx context.Context, bin, dir string) map[string]bool {
	pureMu.Lock()
	defer pureMu.Unlock()
	if s, ok := pureFor[bin]; ok {
		return s
	}
	h := sha256.Sum256([]byte(bin))
	file := filepath.Join(dir, fmt.Sprintf("pure-%s.txt", hex.EncodeToString(h[:8])))
	s, err := readPure(file)
	if err != nil {
		s, err = dumpPure(ctx, bin, dir)
		if err == nil {
			writePure(file, dir, s)
		}
	}
	if err != nil {
		s = map[string]bool{}
	}
	pureFor[bin] = s
	return s
}

func readPure(file string) (map[string]bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	s := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			s[line] = true
		}
	}
	return s, sc.Err()
}

// writePure writes the set through a temporary file, so that a run reading
// it meanwhile never sees half of it.
func writePure(file, dir string, s map[string]bool) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	tmp, err := os.CreateTemp(dir, "pure-*.tmp")
	if err != nil {
		return
	}
	_, err = tmp.WriteString(strings.Join(keys, "\n") + "\n")
	if cerr := tmp.Close(); err != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
	}
}

// dumpPure dumps the prelude alone and collects its functions declared
// with __attribute__((const)).
func dumpPure(ctx context.Context, bin, dir string) (map[string]bool, error) {
	args := append(languageFlags(dir, DefaultStd), "-fsyntax-only", "-Xclang", "-ast-dump=json", filepath.Join(dir, Prelude))
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	if err != nil {
		return nil, fmt.Errorf("dumping the prelude: %v", err)
	}
	tu, err := NewTU(out, filepath.Join(dir, Prelude), nil, dir)
	if err != nil {
		return nil, err
	}
	s := map[string]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		switch n.Kind {
		case "FunctionDecl", "CXXMethodDecl":
			if n.HasAttr("ConstAttr") && n.Type != nil {
				s[pureKey(n.Name, n.Type.QualType)] = true
			}
		case "NamespaceDecl", "LinkageSpecDecl", "FunctionTemplateDecl":
			for _, c := range n.Inner {
				walk(c)
			}
		}
	}
	for _, d := range tu.PreludeDecls() {
		walk(d)
	}
	return s, nil
}

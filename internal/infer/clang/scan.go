package clang

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// element is one top-level declaration of the translation unit, as found by
// the scanner: where its bytes are, the resolver state at its start, and the
// file it belongs to.
type element struct {
	start, end int
	state      resolver
	file       string
}

// scanner makes one pass over the whole dump without decoding it. A file
// that includes system headers dumps tens of megabytes, almost all of it
// declarations the analysis never looks at; decoding them with
// encoding/json would cost more than running clang. The scanner instead
// tracks only what is needed to decode any element later on its own: the
// file and line that clang carries forward between locations (see
// resolver), the file of each top-level declaration, and which top-level
// declaration holds each nested declaration id.
//
// It reads the dump as a stream, through a window of scanChunk bytes
// (data; pos is an offset in the whole dump, base that of data[0]): a dump
// of <iostream> is 120 MB, and holding it whole (let alone the doubling
// buffer it was read into) was most of the memory a file needed. The
// declarations are read again from the dump (a file) when decoded.
type scanner struct {
	in    io.Reader
	data  []byte // the window
	base  int    // the offset of data[0] in the dump
	pos   int    // the offset in the dump
	eof   bool
	r     resolver
	elems []element
	ids   map[string]int // declaration id -> index in elems
	cur   int            // index of the element being scanned, or -1
	found bool           // the current element's file is known
}

// scanContext says where the scanner is inside a location object.
type scanContext struct {
	included bool // inside "includedFrom", whose "file" is not a location
	spelling bool // inside "spellingLoc", which does not place a declaration
}

// scanChunk is the size of the scanner's window.
const scanChunk = 1 << 20

func scan(data []byte) (*scanner, error) {
	return scanFrom(bytes.NewReader(data))
}

func scanFrom(in io.Reader) (*scanner, error) {
	s := &scanner{in: in, ids: map[string]int{}, cur: -1}
	if err := s.topLevel(); err != nil {
		return nil, err
	}
	return s, nil
}

// spaces8 is eight spaces as one little-endian word.
const spaces8 = 0x2020202020202020

// skipIndent returns the first index from i on where d does not hold a run
// of eight spaces, eight bytes at a time: clang indents each level of its
// dump by two spaces, so deep trees are mostly spaces.
func skipIndent(d []byte, i int) int {
	for i+8 <= len(d) && binary.LittleEndian.Uint64(d[i:]) == spaces8 {
		i += 8
	}
	return i
}

// at returns the byte at offset pos of the dump, reading on when it is
// past the window, and false at the end.
func (s *scanner) at(pos int) (byte, bool) {
	if i := pos - s.base; i < len(s.data) {
		return s.data[i], true
	}
	return s.atSlow(pos)
}

func (s *scanner) atSlow(pos int) (byte, bool) {
	for pos-s.base >= len(s.data) {
		if !s.more(s.pos) {
			return 0, false
		}
	}
	return s.data[pos-s.base], true
}

// more reads the next chunk into the window, keeping what is from offset
// keep on, and reports whether it read anything.
func (s *scanner) more(keep int) bool {
	if s.eof {
		return false
	}
	if keep > s.base+len(s.data) {
		keep = s.base + len(s.data)
	}
	if k := keep - s.base; k > 0 {
		n := copy(s.data, s.data[k:])
		s.data = s.data[:n]
		s.base = keep
	}
	if cap(s.data)-len(s.data) < scanChunk/2 {
		grown := make([]byte, len(s.data), len(s.data)+scanChunk)
		copy(grown, s.data)
		s.data = grown
	}
	n, err := s.in.Read(s.data[len(s.data):cap(s.data)])
	s.data = s.data[:len(s.data)+n]
	if err == io.EOF || n == 0 && err == nil {
		s.eof = err == io.EOF
		return n > 0
	}
	if err != nil {
		s.fail("reading: %v", err)
	}
	return true
}

// bytesFrom returns the dump from offset start to pos, which the window
// holds when nothing was dropped since start (tokens: strings, numbers).
func (s *scanner) bytesFrom(start int) []byte {
	return s.data[start-s.base : s.pos-s.base]
}

type scanError struct{ msg string }

func (s *scanner) fail(format string, args ...any) {
	panic(scanError{fmt.Sprintf("clang JSON at byte %d: ", s.pos) + fmt.Sprintf(format, args...)})
}

// topLevel scans the TranslationUnitDecl object, recording each element of
// its "inner" array.
func (s *scanner) topLevel() (err error) {
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(scanError)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%s", se.msg)
		}
	}()
	s.skipSpace()
	s.expect('{')
	for first := true; ; first = false {
		s.skipSpace()
		if s.peek() == '}' {
			s.pos++
			return nil
		}
		if !first {
			s.expect(',')
			s.skipSpace()
		}
		key := s.str()
		s.skipSpace()
		s.expect(':')
		s.skipSpace()
		if key != "inner" {
			s.value(scanContext{})
			continue
		}
		s.array(func() {
			s.elems = append(s.elems, element{start: s.pos, state: s.r})
			s.cur, s.found = len(s.elems)-1, false
			s.value(scanContext{})
			s.elems[s.cur].end = s.pos
			if !s.found {
				s.elems[s.cur].file = s.r.file
			}
			s.cur = -1
		})
	}
}

// array scans a JSON array, calling elem at the start of each element.
func (s *scanner) array(elem func()) {
	s.expect('[')
	for i := 0; ; i++ {
		s.skipSpace()
		if s.peek() == ']' {
			s.pos++
			return
		}
		if i > 0 {
			s.expect(',')
			s.skipSpace()
		}
		elem()
	}
}

func (s *scanner) peek() byte {
	b, ok := s.at(s.pos)
	if !ok {
		s.fail("unexpected end")
	}
	return b
}

func (s *scanner) expect(c byte) {
	if b := s.peek(); b != c {
		s.fail("want %q, got %q", c, b)
	}
	s.pos++
}

func (s *scanner) skipSpace() {
	for {
		d, i := s.data, s.pos-s.base
		for ; i < len(d); i++ {
			i = skipIndent(d, i)
			if i == len(d) {
				break
			}
			switch d[i] {
			case ' ', '\n', '\t', '\r':
				continue
			}
			s.pos = s.base + i
			return
		}
		s.pos = s.base + i
		if !s.more(s.pos) {
			return
		}
	}
}

func (s *scanner) value(c scanContext) {
	switch s.peek() {
	case '{':
		s.object(c)
	case '[':
		s.array(func() { s.value(c) })
	case '"':
		s.skipString()
	default:
		for {
			b, ok := s.at(s.pos)
			if !ok {
				return
			}
			switch b {
			case ',', '}', ']', ' ', '\n', '\t', '\r':
				return
			}
			s.pos++
		}
	}
}

// object scans an object, updating the resolver at the keys that clang's
// location printer emits, and recording declaration ids.
func (s *scanner) object(c scanContext) {
	s.expect('{')
	var id, kind string
	hasLoc := false
	for i := 0; ; i++ {
		s.skipSpace()
		if s.peek() == '}' {
			s.pos++
			break
		}
		if i > 0 {
			s.expect(',')
			s.skipSpace()
		}
		key := s.str()
		s.skipSpace()
		s.expect(':')
		s.skipSpace()
		switch key {
		case "includedFrom":
			s.value(scanContext{included: true})
		case "spellingLoc":
			s.value(scanContext{included: c.included, spelling: true})
		case "expansionLoc":
			s.value(scanContext{included: c.included})
		case "file":
			if c.included || s.peek() != '"' {
				s.value(c)
				break
			}
			s.r.file = s.str()
		case "line":
			if c.included {
				s.value(c)
				break
			}
			s.r.line = s.integer()
		case "col":
			if !c.included && !c.spelling && s.cur >= 0 && !s.found {
				s.elems[s.cur].file, s.found = s.r.file, true
			}
			s.value(c)
		case "id", "kind":
			if s.peek() != '"' {
				s.value(c)
				break
			}
			v := s.str()
			if key == "id" {
				id = v
			} else {
				kind = v
			}
		case "loc":
			hasLoc = true
			s.value(c)
		case "range", "begin", "end", "inner":
			s.value(c)
		default:
			// Nothing else holds a location or a declaration.
			s.skipValue()
		}
	}
	// Declarations have a "loc"; references to them ("referencedDecl")
	// carry an id and a kind but no location.
	if hasLoc && id != "" && s.cur >= 0 && IsDecl(kind) {
		if _, seen := s.ids[id]; !seen {
			s.ids[id] = s.cur
		}
	}
}

// skipValue skips a value by matching brackets, without looking at keys.
func (s *scanner) skipValue() {
	depth := 0
	for {
		// the window's bytes, without a call per byte
		d, i := s.data, s.pos-s.base
		for ; i < len(d); i++ {
			switch d[i] {
			case '"':
				s.pos = s.base + i
				s.skipString()
				if depth == 0 {
					return
				}
				d, i = s.data, s.pos-s.base-1
			case '{', '[':
				depth++
			case '}', ']':
				if depth == 0 {
					s.pos = s.base + i
					return
				}
				depth--
				if depth == 0 {
					s.pos = s.base + i + 1
					return
				}
			case ',':
				if depth == 0 {
					s.pos = s.base + i
					return
				}
			}
		}
		s.pos = s.base + i
		if !s.more(s.pos) {
			s.fail("unexpected end")
		}
	}
}

// skipString skips a string. The window keeps its bytes from keep on
// (str reads them).
func (s *scanner) skipString() { s.skipStringKeeping(-1) }

func (s *scanner) skipStringKeeping(keep int) {
	s.expect('"')
	for {
		if s.pos-s.base >= len(s.data) {
			k := keep
			if k < 0 {
				k = s.pos
			}
			if !s.more(k) {
				s.fail("unterminated string")
			}
			continue
		}
		i := bytes.IndexAny(s.data[s.pos-s.base:], "\\\"")
		if i < 0 {
			s.pos = s.base + len(s.data)
			continue
		}
		s.pos += i
		if s.data[s.pos-s.base] == '"' {
			s.pos++
			return
		}
		s.pos += 2 // an escape
	}
}

func (s *scanner) str() string {
	start := s.pos
	s.skipStringKeeping(start)
	raw := s.bytesFrom(start)
	for _, b := range raw[1 : len(raw)-1] {
		if b == '\\' {
			var v string
			if err := json.Unmarshal(raw, &v); err != nil {
				s.fail("bad string: %v", err)
			}
			return v
		}
	}
	return string(raw[1 : len(raw)-1])
}

func (s *scanner) integer() int {
	start := s.pos
	for {
		if s.pos-s.base >= len(s.data) && !s.more(start) {
			break
		}
		b := s.data[s.pos-s.base]
		if b != '-' && (b < '0' || b > '9') {
			break
		}
		s.pos++
	}
	raw := s.bytesFrom(start)
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		s.fail("bad integer %q", raw)
	}
	return n
}

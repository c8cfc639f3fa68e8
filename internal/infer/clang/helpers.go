package clang

import (
	"regexp"
	"strings"
	"sync"
)

// Benchmark and sample code often declares a helper of the CUDA samples'
// helper_math.h (lerpf, length, fminf on float4) without its body, the
// header having been replaced by prototypes. Such a function is a function
// of its arguments that touches no memory: HelperFunction recognizes it by
// name and type among the helpers drfcheck's own headers define, so that
// the front end can take a call of the prototype as a call of the helper
// (and says so in a note) instead of as a call that may do anything.

var (
	helpersOnce sync.Once
	helperSet   map[string]bool // "name<TAB>clang type", e.g. "length\tfloat (float2)"
)

// helperDecl matches a helper's definition in drfcheck's headers: its
// return type, name and parameter list.
var helperDecl = regexp.MustCompile(`(?m)(?:__DRF_HM|__host__ __device__|inline __device__)\s+(\w+)\s+(\w+)\s*\(([^)]*)\)\s*\{`)

// HelperFunction reports whether a function of this name and type (clang's
// spelling, "float (float2)") is one of helper_math.h's helpers whose
// parameters are all passed by value: a pure function of its arguments.
func HelperFunction(name, typ string) bool {
	helpersOnce.Do(loadHelpers)
	return helperSet[name+"\t"+typ]
}

func loadHelpers() {
	helperSet = map[string]bool{}
	for _, f := range []string{"include/drfcheck_helper_math_body.h", "include/" + Fallback} {
		src, err := headers.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range helperDecl.FindAllStringSubmatch(string(src), -1) {
			if typ, ok := helperType(m[1], m[3]); ok {
				helperSet[m[2]+"\t"+typ] = true
			}
		}
	}
}

// helperType spells a helper's type as clang does ("float (float, float)")
// from its return type and parameter list; ok is false when a parameter
// is passed by reference or pointer (the helper may write through it).
func helperType(ret, params string) (string, bool) {
	var types []string
	for _, p := range strings.Split(params, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if strings.ContainsAny(p, "&*") {
			return "", false
		}
		fs := strings.Fields(p)
		if len(fs) > 1 {
			fs = fs[:len(fs)-1] // the parameter's name
		}
		types = append(types, strings.Join(fs, " "))
	}
	return ret + " (" + strings.Join(types, ", ") + ")", true
}

package infer

import (
	"fmt"
	"strings"
)

// A template kernel that the file never instantiates (a library's kernel,
// instantiated by its users) is checked at stand-in template arguments
// rather than left unknown: int for a type, 32 for an integer (a warp's
// worth, a common block dimension), true for a bool. The report says which
// (Note), as the verdict holds for those arguments only.

// StandIn returns the kernel instantiated at stand-in arguments, spelled
// for C++ (ns::reduce<int, 32>), when k is a template never instantiated
// whose parameters all have one; "" otherwise (template template
// parameters, packs).
func StandIn(k Kernel) string {
	if !k.found.template || k.found.tmpl == nil {
		return ""
	}
	var args []string
	for _, p := range k.found.tmpl.Inner {
		if p == nil {
			continue
		}
		switch p.Kind {
		case "TemplateTypeParmDecl":
			if p.IsParameterPack {
				return ""
			}
			args = append(args, "int")
		case "NonTypeTemplateParmDecl":
			if p.IsParameterPack {
				return ""
			}
			a, ok := standInValue(p.TypeString())
			if !ok {
				return ""
			}
			args = append(args, a)
		case "TemplateTemplateParmDecl":
			return ""
		}
	}
	if len(args) == 0 {
		return ""
	}
	return k.Name + "<" + strings.Join(args, ", ") + ">"
}

// standInValue is the stand-in for a value template parameter of a type.
func standInValue(t string) (string, bool) {
	t = strings.TrimSpace(strings.TrimPrefix(t, "const "))
	switch {
	case t == "bool":
		return "true", true
	case isInt(t):
		return "32", true
	}
	return "", false
}

// StandInNote is the note of a kernel checked at stand-in arguments.
func StandInNote(name string) string {
	return fmt.Sprintf("this template kernel is instantiated nowhere in the file: checked as %s, with stand-in template arguments (the verdict holds for those)", name)
}

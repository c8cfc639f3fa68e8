package exec

import (
	"fmt"
	"strings"
)

// hostUnit ends the unit of a case with a host program (Case.Host): its
// launcher runs the program, whose launches use the case's layout, warp
// size and extern __shared__ size.
func hostUnit(b *strings.Builder, idx int, c Case, src source, warp, dyn int) (*unit, error) {
	host := strings.TrimSpace(c.Host)
	if !caseNameRE.MatchString(host) {
		return nil, fmt.Errorf("host function %q is not an identifier", c.Host)
	}
	fmt.Fprintf(b, "static void __drf_launch() {\n  ::drf::host_case(&__drf_layout, %d, %d, &%s);\n}\n", warp, dyn, host)
	b.WriteString("}\n")
	for _, m := range src.macros {
		fmt.Fprintf(b, "#undef %s\n", m)
	}
	return &unit{idx: idx, name: c.Name, text: b.String()}, nil
}

// rewriteLaunches turns every launch k<<<grid, block[, shared[, stream]]>>>(args)
// of a host program into ::drf::kernel_launch(grid, block, shared, k,
// args), which C++ compiles (drf_host.h), keeping every line where it is.
// The kernel is an identifier, optionally qualified (ns::k).
func rewriteLaunches(src string) (string, error) {
	m := mask(src)
	var out strings.Builder
	last := 0
	for {
		i := strings.Index(m[last:], "<<<")
		if i < 0 {
			break
		}
		i += last
		// the kernel's name before <<<
		j := i
		for j > 0 && (isIdent(m[j-1]) || m[j-1] == ':') {
			j--
		}
		name := strings.TrimSpace(src[j:i])
		if name == "" {
			return "", fmt.Errorf("line %d: a launch without a kernel's name", lineOf(src, i))
		}
		// the configuration, up to >>> at depth 0
		k := i + 3
		depth := 0
		end := -1
		for ; k < len(m); k++ {
			switch m[k] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			case '>':
				if depth == 0 && strings.HasPrefix(m[k:], ">>>") {
					end = k
				}
			}
			if end >= 0 {
				break
			}
		}
		if end < 0 {
			return "", fmt.Errorf("line %d: <<< without >>>", lineOf(src, i))
		}
		cfg := splitTop(src[i+3:end], m[i+3:end])
		if len(cfg) < 2 || len(cfg) > 4 {
			return "", fmt.Errorf("line %d: a launch configuration of %d parts", lineOf(src, i), len(cfg))
		}
		// the arguments, in parentheses
		a := end + 3
		for a < len(m) && isSpace(m[a]) {
			a++
		}
		if a >= len(m) || m[a] != '(' {
			return "", fmt.Errorf("line %d: a launch without arguments", lineOf(src, i))
		}
		depth = 0
		close := -1
		for k = a; k < len(m); k++ {
			if m[k] == '(' {
				depth++
			} else if m[k] == ')' {
				depth--
				if depth == 0 {
					close = k
					break
				}
			}
		}
		if close < 0 {
			return "", fmt.Errorf("line %d: unbalanced parentheses in a launch", lineOf(src, i))
		}
		shared := "0"
		if len(cfg) >= 3 {
			shared = cfg[2]
		}
		args := strings.TrimSpace(src[a+1 : close])
		out.WriteString(src[last:j])
		call := fmt.Sprintf("::drf::kernel_launch(::dim3(%s), ::dim3(%s), (size_t)(%s), %s", cfg[0], cfg[1], shared, name)
		if args != "" {
			call += ", " + args
		}
		call += ")"
		out.WriteString(call)
		// keep the lines: the newlines the launch loses, after it
		out.WriteString(strings.Repeat("\n", strings.Count(src[j:close+1], "\n")-strings.Count(call, "\n")))
		last = close + 1
	}
	out.WriteString(src[last:])
	return out.String(), nil
}

// splitTop splits text at the commas of its top level (masked is the
// same text with comments and literals blanked).
func splitTop(text, masked string) []string {
	var out []string
	depth, start := 0, 0
	for k := 0; k < len(masked); k++ {
		switch masked[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(text[start:k]))
				start = k + 1
			}
		}
	}
	return append(out, strings.TrimSpace(text[start:]))
}

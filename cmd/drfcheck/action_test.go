package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// action.yml is a composite GitHub Action whose steps are the README's
// commands, and .pre-commit-hooks.yaml a hook on CUDA files.
func TestActionAndHook(t *testing.T) {
	var action struct {
		Name        string
		Description string
		Inputs      map[string]struct {
			Description string
			Default     string
		}
		Runs struct {
			Using string
			Steps []struct {
				Name  string
				Uses  string
				Run   string
				Shell string
				If    string
				Env   map[string]string
				With  map[string]any
			}
		}
	}
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&action); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if action.Name == "" || action.Description == "" || action.Runs.Using != "composite" || len(action.Runs.Steps) == 0 {
		t.Fatalf("action.yml: name %q, runs.using %q, %d steps", action.Name, action.Runs.Using, len(action.Runs.Steps))
	}
	for name, in := range action.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
	// every ${{ inputs.x }} names an input
	for _, m := range regexp.MustCompile(`inputs\.([a-z-]+)`).FindAllStringSubmatch(string(data), -1) {
		if _, ok := action.Inputs[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	var script strings.Builder
	for i, s := range action.Runs.Steps {
		if (s.Run == "") == (s.Uses == "") {
			t.Errorf("step %d (%s): exactly one of run and uses", i, s.Name)
		}
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %d (%s): a run step of a composite action needs a shell", i, s.Name)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %d (%s): expressions go through env, not into the script", i, s.Name)
		}
		script.WriteString(s.Run + "\n")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"apt-get install -y -qq gcc libz3-dev clang", "go install \"github.com/drfcheck/drfcheck/cmd/drfcheck@", "drfcheck --output sarif=drfcheck.sarif", "drfcheck --format=github"} {
		if !strings.Contains(script.String(), cmd) {
			t.Errorf("action.yml does not run %q", cmd)
		}
		readmeCmd := strings.NewReplacer(" -qq", "", "\"", "").Replace(cmd)
		if !strings.Contains(string(readme), readmeCmd) {
			t.Errorf("README does not show %q", readmeCmd)
		}
	}
	var hooks []struct {
		ID       string
		Entry    string
		Language string
		Files    string
	}
	data, err = os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) != 1 {
		t.Fatalf(".pre-commit-hooks.yaml: %v, %d hooks", err, len(hooks))
	}
	h := hooks[0]
	files := regexp.MustCompile(h.Files)
	if h.ID != "drfcheck" || h.Entry != "drfcheck" || h.Language != "golang" || !files.MatchString("k.cu") || !files.MatchString("k.cuh") || files.MatchString("k.cpp") {
		t.Errorf("hook %+v", h)
	}
}

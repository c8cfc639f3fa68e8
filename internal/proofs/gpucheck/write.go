package gpucheck

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// The remote script and the comparison, written into the folder of the
// cases so that carrying the folder is all the GPU machine needs.
//
//go:embed run.sh
var runScript string

//go:embed compare.py
var compareScript string

// Write writes the cross-check into dir: prog_NN.cu (batch cases each,
// with the harness), gx_harness.h, smoke.cu, values.cu (valueSeed; nh half
// and nw warp values), run.sh, compare.py and cases.jsonl (with drfcheck's
// verdicts from done). It returns the records.
func Write(dir string, cases []*cudagen.Case, done map[string]Verdict, batch int, valueSeed int64, nh, nw int) ([]Record, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := map[string]string{
		"gx_harness.h": "#pragma once\n" + harnessCore,
		"smoke.cu":     smokeSource,
		"values.cu":    Values(valueSeed, nh, nw),
		"run.sh":       runScript,
		"compare.py":   compareScript,
	}
	var recs []Record
	for f := 0; f*batch < len(cases); f++ {
		lo, hi := f*batch, min((f+1)*batch, len(cases))
		name := fmt.Sprintf("prog_%02d.cu", f)
		text, err := Program(cases[lo:hi])
		if err != nil {
			return nil, err
		}
		files[name] = text
		for i, c := range cases[lo:hi] {
			recs = append(recs, MakeRecord(c, name, i, done[c.Name]))
		}
	}
	for name, text := range files {
		mode := os.FileMode(0o644)
		if filepath.Ext(name) == ".sh" || filepath.Ext(name) == ".py" {
			mode = 0o755
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), mode); err != nil {
			return nil, err
		}
	}
	out, err := os.Create(filepath.Join(dir, "cases.jsonl"))
	if err != nil {
		return nil, err
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return nil, err
		}
	}
	return recs, w.Flush()
}

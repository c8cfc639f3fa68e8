// Command drfcheck proves GPU kernels free of data races, or shows the race:
// the two threads, the two source lines, the loop iterations.
//
// Usage:
//
//	drfcheck [flags] FILE|DIR...
//
// It checks access memory protocols written by hand (.prot) and CUDA kernels
// (.cu), with the compositional method of Cogumbreiro et al. (CAV 2021).
// Exit status: 0 when every kernel is data-race free, 1 when a race or
// barrier divergence was found, 2 for bad input or usage, 3 when nothing was
// found but some part could not be checked, 4 when a tool drfcheck needs
// (clang) is missing.
package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/drfcheck/drfcheck/internal/flags"
	"github.com/spf13/pflag"

	"github.com/drfcheck/drfcheck/check"
	projectconfig "github.com/drfcheck/drfcheck/internal/config"
	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/internal/report"
	"github.com/drfcheck/drfcheck/internal/version"
	"github.com/drfcheck/drfcheck/protocol/wellformed"
	"github.com/drfcheck/drfcheck/smtgen"
)

// config is the parsed command line.
type config struct {
	fromDir       map[string]bool // the files found in a directory argument
	block, grid   *[3]int64
	globalOffset  *[3]int64 // OpenCL (--global_offset)
	params        map[string]int64
	dump          string
	timeout       time.Duration
	kernelTimeout time.Duration
	jobs          int
	maxRaces      int
	benignRaces   bool
	encoding      check.Encoding
	arithmetic    smtgen.Encoding
	levels        []wellformed.Level
	format        string
	outputs       []outputFile // --output: more formats, each to a file
	kernel        string
	arrays        []string
	defines       []string
	includes      []string
	files         []string
	warpSize      int64
	lockStep      bool
	compDB        compDB
	quiet         bool
	failOn        map[report.Outcome]bool
	baseline      string
	writeBaseline string
	shard, shards int // --shard=i/n: 1 <= shard <= shards; 0 for no sharding
	args          []string
	configPath    string              // --config
	noConfig      bool                // --no-config
	project       *projectconfig.File // the configuration file used, or nil
}

const usage = `usage: drfcheck [flags] FILE|DIR...

Checks GPU kernels for data races: CUDA kernels (.cu, .cuh) and access
memory protocols (.prot). Directories are searched recursively.

Exit status: 0 all data-race free, 1 race or barrier divergence found,
2 bad input or usage, 3 nothing found but something could not be checked,
4 clang is missing, 130 interrupted (Ctrl-C: what was found is reported).
Suppressed findings and outcomes --fail-on leaves out do not count.

Flags:
`

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tuneGC trades memory for time, within bounds: a run is short and
// allocates much that dies young (the front end's trial runs of loops), and
// with Go's default the collector took a third of the CPU time of a kernel
// nested 50 loops deep. Collecting at 4x the live heap instead of 2x cut it
// from 0.27 to 0.18 s of user time, for 114 MB instead of 88 MB at peak; the
// soft limit makes the collector work harder as the heap nears 768 MB, so a
// large file still stays under 1 GB. GOGC and GOMEMLIMIT, when set, win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(768 << 20)
	}
}

// Exit statuses of a run as a whole (README, Usage).
const (
	exitBad     = 2 // bad input or usage
	exitMissing = 4 // a tool drfcheck needs is not installed
)

// errVersion stops a run that printed the version.
var errVersion = errors.New("version printed")

// run is the command: the first Ctrl-C (or SIGTERM) gives it up and
// reports what it found; once that is received, a second one stops
// drfcheck at once.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return runContext(ctx, args, stdout, stderr)
}

// runContext runs the command until ctx is done.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stdout, stderr)
	if err == pflag.ErrHelp || err == errVersion {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "drfcheck: %v\n", err)
		return exitBad
	}
	if cfg, err = withConfig(cfg, args, stderr); err != nil {
		fmt.Fprintf(stderr, "drfcheck: %v\n", err)
		return exitBad
	}
	files, fromDir, err := expand(cfg.files)
	if err != nil {
		fmt.Fprintf(stderr, "drfcheck: %v\n", err)
		return exitBad
	}
	if cfg.project != nil {
		files = slices.DeleteFunc(files, func(f string) bool { return fromDir[f] && cfg.project.Excluded(f) })
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "drfcheck: no .cu, .cuh or .prot file in %s: nothing to check\n", strings.Join(cfg.files, ", "))
		return exitBad
	}
	if cfg.shards > 0 {
		files = shard(files, cfg.shard, cfg.shards)
	}
	for _, f := range files {
		if !hasExt(f, protExts) {
			if err := clang.Available(""); err != nil {
				fmt.Fprintf(stderr, "drfcheck: %v\n", err)
				return exitMissing
			}
			break
		}
	}
	var baseline *check.Baseline
	if cfg.baseline != "" {
		if baseline, err = check.ReadBaseline(cfg.baseline); err != nil {
			fmt.Fprintf(stderr, "drfcheck: --baseline: %v\n", err)
			return exitBad
		}
	}
	cfg.fromDir = fromDir
	lines := check.FileLines()
	c := check.New(check.Options{Timeout: cfg.timeout, KernelTimeout: cfg.kernelTimeout, MaxRaces: cfg.maxRaces, Jobs: cfg.jobs, Levels: cfg.levels, BenignRaces: cfg.benignRaces, Encoding: cfg.encoding, Arithmetic: cfg.arithmetic})
	start := time.Now()
	if err := createOutputs(cfg.outputs); err != nil {
		fmt.Fprintf(stderr, "drfcheck: %v\n", err)
		return exitBad
	}
	defer closeOutputs(cfg.outputs)
	out := newOutput(cfg, stdout, stderr, len(files))
	dumpTo := stdout
	if cfg.format != "text" {
		dumpTo = stderr // keep the JSON or SARIF document on stdout intact
	}
	results := checkFiles(ctx, c, cfg, files, dumpTo, func(i int, f *report.File) {
		suppress(f, lines, baseline)
		out.fileDone(i, f)
	})
	r := &report.Run{Files: results, Elapsed: time.Since(start), FailOn: cfg.failOn, Args: cfg.args, Lines: lines}
	if cfg.kernel != "" && !slices.ContainsFunc(results, func(f *report.File) bool { return !f.NoKernel }) {
		fmt.Fprintf(stderr, "drfcheck: --kernel=%s: no such kernel in %s\n", cfg.kernel, strings.Join(cfg.files, ", "))
		return exitBad
	}
	if cfg.writeBaseline != "" {
		var entries []check.BaselineEntry
		for _, f := range results {
			for _, k := range f.Kernels {
				entries = append(entries, check.BaselineEntries(cfg.writeBaseline, f.Path, k, lines)...)
			}
		}
		if err := check.WriteBaseline(cfg.writeBaseline, entries); err != nil {
			fmt.Fprintf(stderr, "drfcheck: --write-baseline: %v\n", err)
			return exitBad
		}
	}
	r.Interrupted = ctx.Err() != nil
	if err := out.finish(r); err != nil {
		fmt.Fprintf(stderr, "drfcheck: %v\n", err)
		return exitBad
	}
	if r.Interrupted {
		fmt.Fprintln(stderr, "drfcheck: interrupted: the report holds what was found before; the rest is unknown or not checked")
	}
	return r.ExitCode()
}

// suppress marks the findings of a file that its suppression comments or
// the baseline accept, and records its malformed suppression comments.
func suppress(f *report.File, lines check.Lines, baseline *check.Baseline) {
	if f.NoKernel {
		return
	}
	if src, err := os.ReadFile(f.Path); err == nil {
		f.BadSuppressions = check.DirectiveErrors(f.Path, src)
	}
	for _, k := range f.Kernels {
		check.SuppressComments(k, lines)
		if baseline != nil {
			baseline.Apply(k, f.Path, lines)
		}
	}
}

// shard keeps the files of shard i of n (1 <= i <= n): those whose path
// hashes to it, so that every runner of a CI matrix, given the same
// arguments, checks its own part and the parts cover the files once.
func shard(files []string, i, n int) []string {
	var out []string
	for _, f := range files {
		h := fnv.New64a()
		h.Write([]byte(filepath.ToSlash(filepath.Clean(f))))
		if int(h.Sum64()%uint64(n)) == i-1 {
			out = append(out, f)
		}
	}
	return out
}

// withConfig applies the project's configuration file (--config, or
// .drfcheck.yaml found upward from the first argument): its flags come
// before the command line's, which win over them.
func withConfig(cfg *config, args []string, stderr io.Writer) (*config, error) {
	path := cfg.configPath
	if path == "" && !cfg.noConfig {
		var err error
		if path, err = projectconfig.Find(cfg.files[0]); err != nil {
			return nil, err
		}
	}
	if path == "" || cfg.noConfig {
		return cfg, nil
	}
	project, err := projectconfig.Load(path)
	if err != nil {
		return nil, err
	}
	if len(project.Flags) > 0 {
		withFlags, err := parseFlags(append(append([]string{}, project.Flags...), args...), io.Discard, stderr)
		if err != nil {
			return nil, fmt.Errorf("%s: flags: %v", path, err)
		}
		if len(withFlags.files) != len(cfg.files) {
			return nil, fmt.Errorf("%s: flags: only flags, no file names", path)
		}
		cfg = withFlags
	}
	for _, l := range project.Launch {
		for _, d := range []struct{ name, s string }{{"blockDim", l.BlockDim}, {"gridDim", l.GridDim}} {
			if d.s == "" {
				continue
			}
			if _, err := check.ParseDim(d.s); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %v", path, l.Line, d.name, err)
			}
		}
	}
	cfg.project = project
	return cfg, nil
}

func parseFlags(args []string, stdout, stderr io.Writer) (*config, error) {
	fs := pflag.NewFlagSet("drfcheck", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	block := fs.StringP("blockDim", "b", "", "block size: 64, [16,16], [*,*,1] (* is any size); default [*,1,1] for .prot, [*,*,*] for CUDA")
	grid := fs.StringP("gridDim", "g", "", "grid size, same forms; default [1,1,1] for .prot; for CUDA [*,1,1], with y and z any size when the kernel reads them")
	localSize := fs.String("local_size", "", "OpenCL: the work-group size (GPUVerify's spelling of --blockDim)")
	numGroups := fs.String("num_groups", "", "OpenCL: the number of work-groups (GPUVerify's spelling of --gridDim)")
	globalSize := fs.String("global_size", "", "OpenCL: the global work size, with --local_size: the number of work-groups is their quotient, which must be exact")
	globalOffset := fs.String("global_offset", "", "OpenCL: the global offset, as the host passes it to clEnqueueNDRangeKernel (* is any; default 0)")
	params := fs.StringArrayP("param", "p", nil, "fix a parameter: name=value (repeatable)")
	dump := fs.String("dump", "", "print a stage of the pipeline: ir (CUDA), protocol, aligned, traces or smt")
	timeout := fs.Duration("timeout", 30*time.Second, "time limit of each SMT query (0 for none)")
	kernelTimeout := fs.Duration("kernel-timeout", 40*time.Second, "time limit of the whole check of one kernel; what it cuts is reported unknown (0 for none)")
	jobs := fs.IntP("jobs", "j", runtime.NumCPU(), "number of SMT queries run in parallel")
	maxRaces := fs.Int("max-races", 10, "distinct racing pairs of accesses reported per kernel")
	benign := fs.Bool("benign-races", false, "report two writes of the same value to one place as a race (by default they are benign, as GPUVerify and Faial count them)")
	level := fs.String("level", "all", "which threads to compare: block (same block), grid (different blocks) or all")
	traces := fs.String("traces", "intervals", "how protocols become symbolic traces: intervals (barrier intervals, polynomial in the nesting of synchronized loops) or paper (align and split of the Faial paper, exponential in it)")
	arith := fs.String("arithmetic", "portfolio", "how SMT queries encode integers: int (unbounded integers, bitwise operators approximated), bv (64-bit bit-vectors: exact machine arithmetic) or portfolio (both at once, the first answer wins)")
	format := fs.String("format", "text", "output format: text, json, sarif or github (workflow-command annotations)")
	outputs := fs.StringArrayP("output", "o", nil, "also write the report in another format to a file: FORMAT=PATH (repeatable), e.g. -o sarif=drfcheck.sarif beside the text on stdout")
	showVersion := fs.Bool("version", false, "print the version and the commit drfcheck was built from, and exit")
	quiet := fs.BoolP("quiet", "q", false, "text: no line for kernels that are data-race free (or whose findings are all suppressed), nor for notes and suppressed findings")
	failOn := fs.StringSlice("fail-on", []string{"race", "divergence", "unknown", "error"}, "which outcomes make the exit status non-zero: race, divergence, unknown, error (comma-separated), or none")
	baseline := fs.String("baseline", "", "a baseline file (--write-baseline): its findings are reported as suppressed and do not count")
	writeBaseline := fs.String("write-baseline", "", "write the findings no comment suppresses to this baseline file")
	configPath := fs.String("config", "", "the project's configuration file (default: "+projectconfig.Name+" in the directory of the first argument or above)")
	noConfig := fs.Bool("no-config", false, "read no configuration file")
	shardFlag := fs.String("shard", "", "check only shard i of n (i/n, 1 <= i <= n) of the files, split by a hash of their paths")
	kernel := fs.String("kernel", "", "check only the CUDA kernel with this name")
	arrays := fs.StringSlice("array", nil, "check only these arrays (comma-separated, repeatable)")
	defines := fs.StringArrayP("define", "D", nil, "CUDA: define a macro, NAME or NAME=VALUE")
	includes := fs.StringArrayP("include", "I", nil, "CUDA: add an include directory")
	warpSize, warpSync := flags.AddWarp(fs)
	compCommands := fs.String("compile-commands", "", "CUDA: a compilation database (compile_commands.json, or the build directory holding it, as clang-tidy's -p): each file's -I, -isystem, -D, -U, -std and -include")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *showVersion {
		fmt.Fprintln(stdout, version.Get())
		return nil, errVersion
	}
	cfg := &config{dump: *dump, timeout: *timeout, kernelTimeout: *kernelTimeout, jobs: *jobs, maxRaces: *maxRaces, format: *format, benignRaces: *benign,
		kernel: *kernel, arrays: *arrays, defines: *defines, includes: *includes, files: fs.Args(),
		quiet: *quiet, baseline: *baseline, writeBaseline: *writeBaseline, args: args, configPath: *configPath, noConfig: *noConfig}
	var err error
	if cfg.failOn, err = parseFailOn(*failOn); err != nil {
		return nil, err
	}
	if *shardFlag != "" {
		if cfg.shard, cfg.shards, err = parseShard(*shardFlag); err != nil {
			return nil, err
		}
	}
	if cfg.block, err = optDim("blockDim", *block); err != nil {
		return nil, err
	}
	if cfg.grid, err = optDim("gridDim", *grid); err != nil {
		return nil, err
	}
	if err := openCLLaunch(cfg, *localSize, *numGroups, *globalSize, *globalOffset); err != nil {
		return nil, err
	}
	if *compCommands != "" {
		if cfg.compDB, err = loadCompDB(*compCommands); err != nil {
			return nil, err
		}
	}
	if cfg.warpSize, cfg.lockStep, err = flags.ParseWarp(*warpSize, *warpSync, fs.Changed("warp-size"), fs.Changed("warp-sync")); err != nil {
		return nil, err
	}
	if cfg.params, err = parseParams(*params); err != nil {
		return nil, err
	}
	if cfg.levels, err = parseLevel(*level); err != nil {
		return nil, err
	}
	if cfg.encoding, err = check.ParseEncoding(*traces); err != nil {
		return nil, fmt.Errorf("--traces=%s: want intervals or paper", *traces)
	}
	if cfg.arithmetic, err = smtgen.ParseEncoding(*arith); err != nil {
		return nil, fmt.Errorf("--arithmetic=%s: want int, bv or portfolio", *arith)
	}
	switch cfg.dump {
	case "", "ir", "protocol", "aligned", "traces", "smt":
	default:
		return nil, fmt.Errorf("--dump=%s: want ir, protocol, aligned, traces or smt", cfg.dump)
	}
	if !knownFormat(cfg.format) {
		return nil, fmt.Errorf("--format=%s: want text, json, sarif or github", cfg.format)
	}
	if cfg.outputs, err = parseOutputs(*outputs); err != nil {
		return nil, err
	}
	if cfg.jobs < 1 {
		return nil, fmt.Errorf("--jobs=%d: want at least 1", cfg.jobs)
	}
	if cfg.maxRaces < 1 {
		return nil, fmt.Errorf("--max-races=%d: want at least 1", cfg.maxRaces)
	}
	if cfg.timeout < 0 {
		return nil, fmt.Errorf("--timeout=%s: want a non-negative duration", cfg.timeout)
	}
	if cfg.kernelTimeout < 0 {
		return nil, fmt.Errorf("--kernel-timeout=%s: want a non-negative duration", cfg.kernelTimeout)
	}
	if len(cfg.files) == 0 {
		fs.Usage()
		return nil, fmt.Errorf("no input files")
	}
	return cfg, nil
}

func optDim(name, s string) (*[3]int64, error) {
	if s == "" {
		return nil, nil
	}
	d, err := check.ParseDim(s)
	if err != nil {
		return nil, fmt.Errorf("--%s=%v", name, err)
	}
	return &d, nil
}

func parseParams(ps []string) (map[string]int64, error) {
	m := map[string]int64{}
	for _, p := range ps {
		name, value, ok := strings.Cut(p, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("--param=%s: want name=value", p)
		}
		var v int64
		if _, err := fmt.Sscan(strings.TrimSpace(value), &v); err != nil {
			return nil, fmt.Errorf("--param=%s: %q is not an integer", p, value)
		}
		m[name] = v
	}
	return m, nil
}

// openCLLaunch sets the launch from GPUVerify's OpenCL flags, which may
// not say what --blockDim and --gridDim already say.
func openCLLaunch(cfg *config, local, groups, global, offset string) error {
	var err error
	if local != "" {
		if cfg.block != nil {
			return fmt.Errorf("--local_size and --blockDim both give the block size")
		}
		if cfg.block, err = optDim("local_size", local); err != nil {
			return err
		}
	}
	if groups != "" && global != "" {
		return fmt.Errorf("--num_groups and --global_size both give the number of work-groups")
	}
	if groups != "" || global != "" {
		if cfg.grid != nil {
			return fmt.Errorf("--num_groups or --global_size, and --gridDim, both give the grid size")
		}
	}
	if groups != "" {
		if cfg.grid, err = optDim("num_groups", groups); err != nil {
			return err
		}
	}
	if global != "" {
		g, err := check.GroupsOf(global, cfg.block)
		if err != nil {
			return err
		}
		cfg.grid = &g
	}
	if offset != "" {
		o, err := check.ParseOffset(offset)
		if err != nil {
			return fmt.Errorf("--global_offset=%v", err)
		}
		cfg.globalOffset = &o
	}
	return nil
}

func parseFailOn(list []string) (map[report.Outcome]bool, error) {
	m := map[report.Outcome]bool{}
	for _, s := range list {
		o := report.Outcome(strings.TrimSpace(s))
		if o == "none" {
			continue
		}
		if !slices.Contains(report.Outcomes, o) {
			return nil, fmt.Errorf("--fail-on=%s: want race, divergence, unknown, error (comma-separated) or none", strings.Join(list, ","))
		}
		m[o] = true
	}
	return m, nil
}

func parseShard(s string) (int, int, error) {
	var i, n int
	a, b, ok := strings.Cut(s, "/")
	_, err1 := fmt.Sscan(a, &i)
	_, err2 := fmt.Sscan(b, &n)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("--shard=%s: want i/n with 1 <= i <= n, such as 2/4", s)
	}
	return i, n, nil
}

func parseLevel(s string) ([]wellformed.Level, error) {
	switch s {
	case "block":
		return []wellformed.Level{wellformed.BlockLevel}, nil
	case "grid":
		return []wellformed.Level{wellformed.GridLevel}, nil
	case "all":
		return []wellformed.Level{wellformed.BlockLevel, wellformed.GridLevel}, nil
	}
	return nil, fmt.Errorf("--level=%s: want block, grid or all", s)
}

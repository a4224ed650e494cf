package sdy

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

type manifestFile struct {
	Functions []struct {
		Name   string
		Params []struct{ Name string }
	}
	Records []struct {
		Name   string
		Size   uintptr
		Fields []struct {
			Name   string
			Offset uintptr
		}
	}
	Handles []struct {
		Name         string
		ThreadSafety string `json:"thread_safety"`
	}
}

// loadManifest reads SDY_ABI_MANIFEST (the ctest sets it); missing, the
// test fails: it is never skipped.
func loadManifest(t *testing.T) manifestFile {
	path := os.Getenv("SDY_ABI_MANIFEST")
	if path == "" {
		t.Fatal("SDY_ABI_MANIFEST must name share/sdy_c/abi.json (the ctest sets it)")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m manifestFile
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

var shimRE = regexp.MustCompile(`call_(\w+)\(void \*f((?:, [^,)]+)*)\)`)

func TestEveryFunctionIsBound(t *testing.T) {
	m := loadManifest(t)
	lib := openTestLibrary(t)
	shims, err := os.ReadFile("shims.h")
	if err != nil {
		t.Fatal(err)
	}
	arity := map[string]int{}
	for _, s := range shimRE.FindAllStringSubmatch(string(shims), -1) {
		arity[s[1]] = strings.Count(s[2], ",")
	}
	bound := map[string]bool{}
	for _, name := range boundFunctions {
		bound[name] = true
	}
	var missing, wrong []string
	for _, f := range m.Functions {
		n, hasShim := arity[f.Name]
		switch {
		case !bound[f.Name] || !hasShim || lib.fns[f.Name] == nil:
			missing = append(missing, f.Name)
		case n != len(f.Params):
			wrong = append(wrong, f.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("not bound by the Go binding (functions.go and shims.h): %s", strings.Join(missing, ", "))
	}
	if len(wrong) > 0 {
		t.Errorf("shims with another parameter count than the manifest: %s", strings.Join(wrong, ", "))
	}
	if len(boundFunctions) != len(m.Functions) {
		t.Errorf("%d functions bound, the manifest has %d", len(boundFunctions), len(m.Functions))
	}
}

func TestStructLayouts(t *testing.T) {
	m := loadManifest(t)
	layouts := structLayouts()
	for name, layout := range queryStructLayouts() {
		layouts[name] = layout
	}
	for _, r := range m.Records {
		got, ok := layouts[r.Name]
		if !ok {
			continue
		}
		want := []uintptr{r.Size}
		for _, f := range r.Fields {
			want = append(want, f.Offset)
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d fields, the manifest has %d", r.Name, len(got)-1, len(want)-1)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: layout %v, the manifest says %v", r.Name, got, want)
				break
			}
		}
		delete(layouts, r.Name)
	}
	if len(layouts) != 0 {
		t.Errorf("records missing from the manifest: %v", layouts)
	}
}

func TestHandlesHaveDocumentedGoroutineSafety(t *testing.T) {
	want := map[string]string{
		"sdy_status_t": "shared", "sdy_mesh_t": "shared", "sdy_sharding_t": "shared",
		"sdy_executable_t": "shared", "sdy_context_t": "movable", "sdy_module_t": "movable",
		"sdy_pipeline_t": "movable", "sdy_backend_t": "movable",
		"sdy_query_t": "shared",
	}
	for _, h := range loadManifest(t).Handles {
		if want[h.Name] != h.ThreadSafety {
			t.Errorf("%s: the headers say %q, the Go docs say %q", h.Name, h.ThreadSafety, want[h.Name])
		}
	}
}

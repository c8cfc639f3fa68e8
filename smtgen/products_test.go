package smtgen

import (
	"reflect"
	"testing"
)

// TestPartners: a product is paired only with the later products that
// share a factor with it, each once and in order, so that the lemmas come
// out as the all-pairs loop made them, without its quadratic comparisons.
func TestPartners(t *testing.T) {
	// products 0: a*b, 1: b*c, 2: c*d, 3: a*a, 4: d*e
	ids := [][2]uint64{{1, 2}, {2, 3}, {3, 4}, {1, 1}, {4, 5}}
	byFactor := map[uint64][]int{}
	for i, id := range ids {
		byFactor[id[0]] = append(byFactor[id[0]], i)
		if id[1] != id[0] {
			byFactor[id[1]] = append(byFactor[id[1]], i)
		}
	}
	for _, tc := range []struct {
		i    int
		want []int
	}{
		{0, []int{1, 3}}, // b with 1, a with 3
		{1, []int{2}},    // c with 2; 0 comes before
		{2, []int{4}},
		{3, nil},
		{4, nil},
	} {
		if got := partners(tc.i, ids[tc.i], byFactor); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("partners(%d) = %v, want %v", tc.i, got, tc.want)
		}
	}
}

package smtgen

import "time"

// SetQuickCheck sets how long a query with domains is tried whole before
// it is split (TestQuickCheckCut), and returns the previous value.
func SetQuickCheck(d time.Duration) time.Duration {
	old := quickCheck
	quickCheck = d
	return old
}

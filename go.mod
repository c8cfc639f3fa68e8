module github.com/drfcheck/drfcheck

go 1.26.8

require (
	github.com/aclements/go-z3 v0.0.0-20220809013456-4675d5f90ca5
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/leanovate/gopter v0.2.11
	github.com/spf13/pflag v1.0.10
	go.yaml.in/yaml/v3 v3.0.6
)

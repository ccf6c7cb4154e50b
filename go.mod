module github.com/bopgo/bopgo

go 1.26.8

require (
	github.com/go-air/gini v1.0.4
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect

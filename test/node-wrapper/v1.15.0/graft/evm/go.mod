// Empty stand-in for avalanchego v1.15.0's graft/evm module, which the Go module proxy does not serve.
// The P-chain packages this wrapper builds never import it (see ../../README.md).
module github.com/ava-labs/avalanchego/graft/evm

go 1.25

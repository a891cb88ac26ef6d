// Command vectors writes test vectors made by avalanchego v1.15.0's own P-chain code, for avatop's codec, RPC
// schemas and simulator tests. A whole v1.15.0 node cannot be built here (the Go module proxy does not serve its
// graft modules), but its P-chain packages can: this module imports them at v1.15.0 with the graft modules
// replaced by empty local ones (see README.md).
//
// Usage: vectors <out-dir>. It writes, as indented JSON:
//
//	txs.json         signed txs of every P-chain tx type: bytes, ID and the node's getTx JSON
//	blocks.json      blocks of every P-chain block type: bytes, ID and the node's getBlock JSON
//	chain.json       the blocks and txs a real platformvm VM built and accepted, as its service serves them
//	validators.json  platform.getCurrentValidators replies of that VM's service (auto-renewed validators,
//	                 one-node queries)
//	upgrades.json    info.upgrades of mainnet and Fuji, as the info service serves them
//
// Every value is deterministic (fixed keys, a fixed VM clock, deterministic signatures), so two runs write the
// same bytes: avatop's conformance suite compares a fresh run against its snapshot in test/fixtures/v1.15.0.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// generator names this program in every file it writes.
const generator = "test/node-wrapper/v1.15.0 (avatop), github.com/ava-labs/avalanchego v1.15.0"

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: vectors <out-dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintf(os.Stderr, "vectors: %v\n", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	txVectors, err := txVectors()
	if err != nil {
		return fmt.Errorf("txs: %w", err)
	}
	blockVectors, err := blockVectors()
	if err != nil {
		return fmt.Errorf("blocks: %w", err)
	}
	chain, validators, err := runNode()
	if err != nil {
		return fmt.Errorf("platformvm: %w", err)
	}
	upgrades, err := upgradeVectors()
	if err != nil {
		return fmt.Errorf("upgrades: %w", err)
	}
	files := map[string]any{
		"txs.json":        txVectors,
		"blocks.json":     blockVectors,
		"chain.json":      chain,
		"validators.json": validators,
		"upgrades.json":   upgrades,
	}
	for name, v := range files {
		if err := writeJSON(filepath.Join(dir, name), v); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

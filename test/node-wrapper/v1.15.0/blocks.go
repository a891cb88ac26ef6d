package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/vms/platformvm/block"
	"github.com/ava-labs/avalanchego/vms/platformvm/txs"
)

// nodeBlockJSON renders a block as platform.getBlock with encoding "json" does (vms/platformvm/service.go
// GetBlock): the block parsed from its bytes, InitCtx with the node's context, then json.Marshal.
func nodeBlockJSON(b []byte, networkID uint32) (block.Block, json.RawMessage, error) {
	parsed, err := block.Parse(block.Codec, b)
	if err != nil {
		return nil, nil, err
	}
	parsed.InitCtx(chainContext(networkID))
	j, err := marshalNode(parsed)
	return parsed, j, err
}

func blockVectors() (any, error) {
	signed := map[string]*txs.Tx{}
	for _, c := range txCases() {
		tx, err := signedTx(c)
		if err != nil {
			return nil, err
		}
		if _, dup := signed[c.name]; !dup {
			signed[c.name] = tx
		}
	}
	pick := func(names ...string) []*txs.Tx {
		out := make([]*txs.Tx, len(names))
		for i, n := range names {
			out[i] = signed[n]
		}
		return out
	}
	parent := seedID("parent block")
	at := time.Unix(t0, 0)
	type blockCase struct {
		name   string
		typeID uint32
		make   func() (block.Block, error)
	}
	cases := []blockCase{
		{"ApricotProposalBlock", 0, func() (block.Block, error) {
			return block.NewApricotProposalBlock(parent, 1_000, signed["AddValidatorTx"])
		}},
		{"ApricotAbortBlock", 1, func() (block.Block, error) { return block.NewApricotAbortBlock(parent, 1_001) }},
		{"ApricotCommitBlock", 2, func() (block.Block, error) { return block.NewApricotCommitBlock(parent, 1_002) }},
		{"ApricotStandardBlock", 3, func() (block.Block, error) {
			return block.NewApricotStandardBlock(parent, 1_003, pick("CreateChainTx", "AddDelegatorTx"))
		}},
		{"ApricotAtomicBlock", 4, func() (block.Block, error) {
			return block.NewApricotAtomicBlock(parent, 1_004, signed["ImportTx"])
		}},
		{"BanffProposalBlock", 29, func() (block.Block, error) {
			return block.NewBanffProposalBlock(at, parent, 20_000_000, signed["RewardValidatorTx"], nil)
		}},
		{"BanffProposalBlock_auto_renewed_with_decision_txs", 29, func() (block.Block, error) {
			return block.NewBanffProposalBlock(at, parent, 20_000_001, signed["RewardAutoRenewedValidatorTx"],
				pick("BaseTx", "SetAutoRenewedValidatorConfigTx"))
		}},
		{"BanffAbortBlock", 30, func() (block.Block, error) { return block.NewBanffAbortBlock(at, parent, 20_000_002) }},
		{"BanffCommitBlock", 31, func() (block.Block, error) { return block.NewBanffCommitBlock(at, parent, 20_000_003) }},
		{"BanffStandardBlock", 32, func() (block.Block, error) {
			return block.NewBanffStandardBlock(at, parent, 20_000_004,
				pick("AddAutoRenewedValidatorTx", "IncreaseL1ValidatorBalanceTx", "DisableL1ValidatorTx", "AddPermissionlessDelegatorTx"))
		}},
		{"BanffStandardBlock_empty", 32, func() (block.Block, error) {
			return block.NewBanffStandardBlock(at, parent, 20_000_005, nil)
		}},
	}
	var out []Vector
	for _, c := range cases {
		blk, err := c.make()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		// Every tx in these blocks is a mainnet tx, rendered as a mainnet node renders it.
		parsed, j, err := nodeBlockJSON(blk.Bytes(), constants.MainnetID)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		v, err := newVector(c.name, c.typeID, fmt.Sprintf("%T", blk)[len("*block."):], constants.MainnetID, blk.Bytes(), blk.ID(), parsed.ID(), j)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return map[string]any{"generator": generator, "vectors": out}, nil
}

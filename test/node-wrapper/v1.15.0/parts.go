package main

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/snow"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/crypto/bls/signer/localsigner"
	"github.com/ava-labs/avalanchego/utils/crypto/secp256k1"
	"github.com/ava-labs/avalanchego/utils/hashing"
	"github.com/ava-labs/avalanchego/vms/components/avax"
	"github.com/ava-labs/avalanchego/vms/platformvm/signer"
	"github.com/ava-labs/avalanchego/vms/platformvm/stakeable"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"
)

// Well-known IDs, so the vectors look like what a mainnet or Fuji node serves.
var (
	mainnetAVAX = ids.FromStringOrPanic("FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z")
	fujiAVAX    = ids.FromStringOrPanic("U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK")
	mainnetX    = ids.FromStringOrPanic("2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM")
	mainnetC    = ids.FromStringOrPanic("2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5")
	fujiC       = ids.FromStringOrPanic("yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp")
)

// assetFor is the AVAX asset ID of a network (any fixed ID for local networks: the codec does not care).
func assetFor(networkID uint32) ids.ID {
	switch networkID {
	case constants.MainnetID:
		return mainnetAVAX
	case constants.FujiID:
		return fujiAVAX
	default:
		return seedID("local AVAX")
	}
}

// seedID, seedShortID and seedNodeID derive fixed values from a label, so every run writes the same bytes.
func seedID(label string) ids.ID {
	return ids.ID(hashing.ComputeHash256Array([]byte("avatop vectors: " + label)))
}

func seedShortID(label string) ids.ShortID {
	var s ids.ShortID
	copy(s[:], hashing.ComputeHash256([]byte("avatop vectors: "+label)))
	return s
}

func seedNodeID(label string) ids.NodeID {
	return ids.NodeID(seedShortID("node " + label))
}

func seedBytes(label string, n int) []byte {
	out := make([]byte, 0, n)
	for i := 0; len(out) < n; i++ {
		out = append(out, hashing.ComputeHash256([]byte(fmt.Sprintf("avatop vectors: %s %d", label, i)))...)
	}
	return out[:n]
}

func seedKey(label string) *secp256k1.PrivateKey {
	k, err := secp256k1.ToPrivateKey(hashing.ComputeHash256([]byte("avatop vectors key: " + label)))
	if err != nil {
		panic(err)
	}
	return k
}

// seedBLS is a BLS secret key from a label; the top bits are cleared so the scalar is below the curve order.
func seedBLS(label string) *localsigner.LocalSigner {
	b := hashing.ComputeHash256([]byte("avatop vectors bls: " + label))
	b[0] &= 0x3f
	sk, err := localsigner.FromBytes(b)
	if err != nil {
		panic(err)
	}
	return sk
}

func pop(label string) *signer.ProofOfPossession {
	p, err := signer.NewProofOfPossession(seedBLS(label))
	if err != nil {
		panic(err)
	}
	return p
}

var (
	keyA = seedKey("a")
	keyB = seedKey("b")
	keyC = seedKey("c")
)

// chainContext is what the node's InitCtx gives a tx before JSON: the P-chain's alias and the network's HRP.
func chainContext(networkID uint32) *snow.Context {
	aliaser := ids.NewAliaser()
	if err := aliaser.Alias(constants.PlatformChainID, "P"); err != nil {
		panic(err)
	}
	return &snow.Context{
		NetworkID: networkID,
		SubnetID:  constants.PrimaryNetworkID,
		ChainID:   constants.PlatformChainID,
		BCLookup:  aliaser,
	}
}

func owners(locktime uint64, threshold uint32, keys ...*secp256k1.PrivateKey) *secp256k1fx.OutputOwners {
	o := &secp256k1fx.OutputOwners{Locktime: locktime, Threshold: threshold}
	for _, k := range keys {
		o.Addrs = append(o.Addrs, k.Address())
	}
	o.Sort()
	return o
}

func transferOut(asset ids.ID, amount uint64, o *secp256k1fx.OutputOwners) *avax.TransferableOutput {
	return &avax.TransferableOutput{
		Asset: avax.Asset{ID: asset},
		Out:   &secp256k1fx.TransferOutput{Amt: amount, OutputOwners: *o},
	}
}

func lockedOut(asset ids.ID, amount, stakeLocktime uint64, o *secp256k1fx.OutputOwners) *avax.TransferableOutput {
	return &avax.TransferableOutput{
		Asset: avax.Asset{ID: asset},
		Out: &stakeable.LockOut{
			Locktime:        stakeLocktime,
			TransferableOut: &secp256k1fx.TransferOutput{Amt: amount, OutputOwners: *o},
		},
	}
}

func transferIn(utxo string, index uint32, asset ids.ID, amount uint64, sigIndices ...uint32) *avax.TransferableInput {
	return &avax.TransferableInput{
		UTXOID: avax.UTXOID{TxID: seedID("utxo " + utxo), OutputIndex: index},
		Asset:  avax.Asset{ID: asset},
		In:     &secp256k1fx.TransferInput{Amt: amount, Input: secp256k1fx.Input{SigIndices: sigIndices}},
	}
}

func lockedIn(utxo string, index uint32, asset ids.ID, amount, stakeLocktime uint64, sigIndices ...uint32) *avax.TransferableInput {
	return &avax.TransferableInput{
		UTXOID: avax.UTXOID{TxID: seedID("utxo " + utxo), OutputIndex: index},
		Asset:  avax.Asset{ID: asset},
		In: &stakeable.LockIn{
			Locktime:       stakeLocktime,
			TransferableIn: &secp256k1fx.TransferInput{Amt: amount, Input: secp256k1fx.Input{SigIndices: sigIndices}},
		},
	}
}

func auth(sigIndices ...uint32) *secp256k1fx.Input {
	return &secp256k1fx.Input{SigIndices: sigIndices}
}

// Vector is one tx or block: its bytes (codec version first, no API checksum), ID and the node's JSON.
type Vector struct {
	Name      string          `json:"name"`
	TypeID    uint32          `json:"typeID"`
	Type      string          `json:"type"`
	NetworkID uint32          `json:"networkID"`
	Hex       string          `json:"hex"`
	ID        string          `json:"id"`
	JSON      json.RawMessage `json:"json"`
}

// newVector records a tx or block once the node's parse of its bytes agrees with what was built: the same ID, and
// the type ID it is listed under.
func newVector(name string, typeID uint32, typ string, networkID uint32, b []byte, built, parsed ids.ID, j json.RawMessage) (Vector, error) {
	if parsed != built {
		return Vector{}, fmt.Errorf("%s: parsed ID %s differs from built %s", name, parsed, built)
	}
	if got := binary.BigEndian.Uint32(b[2:6]); got != typeID {
		return Vector{}, fmt.Errorf("%s: serialized with type ID %d, listed as %d", name, got, typeID)
	}
	return Vector{Name: name, TypeID: typeID, Type: typ, NetworkID: networkID, Hex: hex0x(b), ID: built.String(), JSON: j}, nil
}

func hex0x(b []byte) string {
	return "0x" + hex.EncodeToString(b)
}

// marshalNode renders v as the node's JSON-RPC reply does (encoding/json, through gorilla's codec).
func marshalNode(v any) (json.RawMessage, error) {
	return json.Marshal(v)
}

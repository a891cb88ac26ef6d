package main

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/crypto/secp256k1"
	"github.com/ava-labs/avalanchego/utils/units"
	"github.com/ava-labs/avalanchego/vms/components/avax"
	"github.com/ava-labs/avalanchego/vms/platformvm/reward"
	"github.com/ava-labs/avalanchego/vms/platformvm/signer"
	"github.com/ava-labs/avalanchego/vms/platformvm/txs"
	"github.com/ava-labs/avalanchego/vms/platformvm/warp/message"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"
	"github.com/ava-labs/avalanchego/vms/types"
)

type txCase struct {
	name      string
	typeID    uint32
	networkID uint32
	unsigned  txs.UnsignedTx
	// One credential per input, then one per authorization, each signed by these keys (nil for reward and
	// advance-time txs, which carry no credentials).
	signers [][]*secp256k1.PrivateKey
}

func baseTx(networkID uint32, ins []*avax.TransferableInput, outs []*avax.TransferableOutput, memo []byte) txs.BaseTx {
	return txs.BaseTx{BaseTx: avax.BaseTx{
		NetworkID:    networkID,
		BlockchainID: constants.PlatformChainID,
		Ins:          ins,
		Outs:         outs,
		Memo:         memo,
	}}
}

// Times used by the stakers below: Helicon's activation on mainnet and 14 days later.
const (
	t0 = 1789657200 // 2026-09-22T15:00:00Z
	t1 = t0 + 14*24*3600
)

func txCases() []txCase {
	const (
		mainnet = constants.MainnetID
		fuji    = constants.FujiID
		local   = constants.LocalID
	)
	m, f, l := assetFor(mainnet), assetFor(fuji), assetFor(local)
	one := owners(0, 1, keyA)
	twoOfThree := owners(t1, 2, keyA, keyB, keyC)
	subnet := seedID("subnet")
	signersA := []*secp256k1.PrivateKey{keyA}
	signersAB := []*secp256k1.PrivateKey{keyA, keyB}
	popV := pop("validator")

	return []txCase{
		{
			name: "AddValidatorTx", typeID: 12, networkID: mainnet,
			unsigned: &txs.AddValidatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{
						transferIn("a", 0, m, 2_000*units.Avax+units.MilliAvax, 0),
						lockedIn("b", 3, m, 500*units.Avax, t1, 0),
					},
					[]*avax.TransferableOutput{transferOut(m, 500*units.Avax, one)},
					nil),
				Validator: txs.Validator{NodeID: seedNodeID("apricot validator"), Start: t0, End: t1, Wght: 2_000 * units.Avax},
				StakeOuts: []*avax.TransferableOutput{
					transferOut(m, 1_500*units.Avax, one),
					lockedOut(m, 500*units.Avax, t1, one),
				},
				RewardsOwner:     twoOfThree,
				DelegationShares: 20_000,
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "AddSubnetValidatorTx", typeID: 13, networkID: fuji,
			unsigned: &txs.AddSubnetValidatorTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("c", 1, f, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					[]byte("subnet validator")),
				SubnetValidator: txs.SubnetValidator{
					Validator: txs.Validator{NodeID: seedNodeID("subnet validator"), Start: t0, End: t1, Wght: 100},
					Subnet:    subnet,
				},
				SubnetAuth: auth(0, 1),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersAB},
		},
		{
			name: "AddDelegatorTx", typeID: 14, networkID: mainnet,
			unsigned: &txs.AddDelegatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("d", 0, m, 26*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				Validator:              txs.Validator{NodeID: seedNodeID("apricot validator"), Start: t0, End: t1, Wght: 25 * units.Avax},
				StakeOuts:              []*avax.TransferableOutput{transferOut(m, 25*units.Avax, one)},
				DelegationRewardsOwner: one,
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "CreateChainTx", typeID: 15, networkID: mainnet,
			unsigned: &txs.CreateChainTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("e", 0, m, 2*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax, one)},
					nil),
				SubnetID:    subnet,
				ChainName:   "avatop vectors",
				VMID:        seedID("vm"),
				FxIDs:       []ids.ID{secp256k1fx.ID},
				GenesisData: []byte(`{"config":{"chainId":43214}}`),
				SubnetAuth:  auth(0),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "CreateSubnetTx", typeID: 16, networkID: local,
			unsigned: &txs.CreateSubnetTx{
				BaseTx: baseTx(local,
					[]*avax.TransferableInput{transferIn("f", 0, l, 2*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(l, units.Avax, one)},
					nil),
				Owner: twoOfThree,
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "ImportTx", typeID: 17, networkID: mainnet,
			unsigned: &txs.ImportTx{
				BaseTx: baseTx(mainnet, nil,
					[]*avax.TransferableOutput{transferOut(m, 3*units.Avax-units.MilliAvax, one)},
					nil),
				SourceChain: mainnetX,
				ImportedInputs: []*avax.TransferableInput{
					transferIn("x1", 0, m, units.Avax, 0),
					transferIn("x2", 1, m, 2*units.Avax, 0),
				},
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "ExportTx", typeID: 18, networkID: fuji,
			unsigned: &txs.ExportTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("g", 0, f, 5*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, 2*units.Avax, one)},
					nil),
				DestinationChain: fujiC,
				ExportedOutputs:  []*avax.TransferableOutput{transferOut(f, 3*units.Avax-units.MilliAvax, twoOfThree)},
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "AdvanceTimeTx", typeID: 19, networkID: mainnet,
			unsigned: &txs.AdvanceTimeTx{Time: t0},
		},
		{
			name: "RewardValidatorTx", typeID: 20, networkID: mainnet,
			unsigned: &txs.RewardValidatorTx{TxID: seedID("staker tx")},
		},
		{
			name: "RemoveSubnetValidatorTx", typeID: 23, networkID: fuji,
			unsigned: &txs.RemoveSubnetValidatorTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("h", 0, f, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					nil),
				NodeID:     seedNodeID("subnet validator"),
				Subnet:     subnet,
				SubnetAuth: auth(1),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, {keyB}},
		},
		{
			name: "TransformSubnetTx", typeID: 24, networkID: mainnet,
			unsigned: &txs.TransformSubnetTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("i", 0, m, 11*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax, one)},
					nil),
				Subnet:                   subnet,
				AssetID:                  seedID("subnet asset"),
				InitialSupply:            1 << 60,
				MaximumSupply:            math.MaxUint64,
				MinConsumptionRate:       100_000,
				MaxConsumptionRate:       120_000,
				MinValidatorStake:        1,
				MaxValidatorStake:        1 << 60,
				MinStakeDuration:         3600,
				MaxStakeDuration:         365 * 24 * 3600,
				MinDelegationFee:         20_000,
				MinDelegatorStake:        1,
				MaxValidatorWeightFactor: 5,
				UptimeRequirement:        900_000,
				SubnetAuth:               auth(0),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "AddPermissionlessValidatorTx", typeID: 25, networkID: mainnet,
			unsigned: &txs.AddPermissionlessValidatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("j", 0, m, 2_001*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				Validator:             txs.Validator{NodeID: seedNodeID("permissionless validator"), Start: t0, End: t1, Wght: 2_000 * units.Avax},
				Subnet:                constants.PrimaryNetworkID,
				Signer:                popV,
				StakeOuts:             []*avax.TransferableOutput{transferOut(m, 2_000*units.Avax, one)},
				ValidatorRewardsOwner: one,
				DelegatorRewardsOwner: twoOfThree,
				DelegationShares:      reward.PercentDenominator / 50,
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "AddPermissionlessValidatorTx_subnet_empty_signer", typeID: 25, networkID: fuji,
			unsigned: &txs.AddPermissionlessValidatorTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("k", 0, f, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					nil),
				Validator:             txs.Validator{NodeID: seedNodeID("subnet validator"), Start: t0, End: t1, Wght: 7},
				Subnet:                subnet,
				Signer:                &signer.Empty{},
				StakeOuts:             []*avax.TransferableOutput{transferOut(seedID("subnet asset"), 7, one)},
				ValidatorRewardsOwner: one,
				DelegatorRewardsOwner: one,
				DelegationShares:      reward.PercentDenominator,
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "AddPermissionlessDelegatorTx", typeID: 26, networkID: mainnet,
			unsigned: &txs.AddPermissionlessDelegatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{lockedIn("l", 0, m, 30*units.Avax, t1, 0, 1)},
					[]*avax.TransferableOutput{lockedOut(m, 5*units.Avax, t1, twoOfThree)},
					nil),
				Validator:              txs.Validator{NodeID: seedNodeID("permissionless validator"), Start: t0, End: t1, Wght: 25 * units.Avax},
				Subnet:                 constants.PrimaryNetworkID,
				StakeOuts:              []*avax.TransferableOutput{lockedOut(m, 25*units.Avax, t1, twoOfThree)},
				DelegationRewardsOwner: one,
			},
			signers: [][]*secp256k1.PrivateKey{signersAB},
		},
		{
			name: "TransferSubnetOwnershipTx", typeID: 33, networkID: fuji,
			unsigned: &txs.TransferSubnetOwnershipTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("m", 0, f, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					nil),
				Subnet:     subnet,
				SubnetAuth: auth(0, 2),
				Owner:      owners(0, 1, keyC),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, {keyA, keyC}},
		},
		{
			// Amounts and a locktime above 2^53: JSON numbers a float64 would round.
			name: "BaseTx", typeID: 34, networkID: mainnet,
			unsigned: &txs.BaseTx{BaseTx: avax.BaseTx{
				NetworkID:    mainnet,
				BlockchainID: constants.PlatformChainID,
				Ins:          []*avax.TransferableInput{transferIn("n", 7, m, math.MaxUint64, 0)},
				Outs: []*avax.TransferableOutput{
					transferOut(m, 1<<62+1, owners(math.MaxUint64, 1, keyB)),
					transferOut(m, 1<<53+1, twoOfThree),
				},
				Memo: []byte("avatop \u2713 memo"),
			}},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "ConvertSubnetToL1Tx", typeID: 35, networkID: fuji,
			unsigned: &txs.ConvertSubnetToL1Tx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("o", 0, f, 5*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax, one)},
					nil),
				Subnet:  subnet,
				ChainID: seedID("l1 chain"),
				Address: types.JSONByteSlice(seedBytes("validator manager", 20)),
				Validators: []*txs.ConvertSubnetToL1Validator{
					{
						NodeID:                types.JSONByteSlice(seedNodeID("l1 a").Bytes()),
						Weight:                100,
						Balance:               units.Avax,
						Signer:                *pop("l1 a"),
						RemainingBalanceOwner: message.PChainOwner{Threshold: 1, Addresses: []ids.ShortID{keyA.Address()}},
						DeactivationOwner:     message.PChainOwner{Threshold: 1, Addresses: []ids.ShortID{keyB.Address()}},
					},
					{
						NodeID:                types.JSONByteSlice(seedNodeID("l1 b").Bytes()),
						Weight:                200,
						Balance:               2 * units.Avax,
						Signer:                *pop("l1 b"),
						RemainingBalanceOwner: message.PChainOwner{Threshold: 0, Addresses: []ids.ShortID{}},
						DeactivationOwner:     message.PChainOwner{Threshold: 2, Addresses: []ids.ShortID{keyA.Address(), keyC.Address()}},
					},
				},
				SubnetAuth: auth(0),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "RegisterL1ValidatorTx", typeID: 36, networkID: fuji,
			unsigned: &txs.RegisterL1ValidatorTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("p", 0, f, 2*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					nil),
				Balance:           units.Avax,
				ProofOfPossession: pop("l1 c").ProofOfPossession,
				Message:           types.JSONByteSlice(seedBytes("register warp message", 180)),
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "SetL1ValidatorWeightTx", typeID: 37, networkID: fuji,
			unsigned: &txs.SetL1ValidatorWeightTx{
				BaseTx: baseTx(fuji,
					[]*avax.TransferableInput{transferIn("q", 0, f, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(f, units.Avax-units.MilliAvax, one)},
					nil),
				Message: types.JSONByteSlice(seedBytes("weight warp message", 150)),
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "IncreaseL1ValidatorBalanceTx", typeID: 38, networkID: mainnet,
			unsigned: &txs.IncreaseL1ValidatorBalanceTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("r", 0, m, 3*units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				ValidationID: seedID("validation"),
				Balance:      2 * units.Avax,
			},
			signers: [][]*secp256k1.PrivateKey{signersA},
		},
		{
			name: "DisableL1ValidatorTx", typeID: 39, networkID: mainnet,
			unsigned: &txs.DisableL1ValidatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("s", 0, m, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				ValidationID: seedID("validation"),
				DisableAuth:  auth(0),
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "AddAutoRenewedValidatorTx", typeID: 40, networkID: mainnet,
			unsigned: &txs.AddAutoRenewedValidatorTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("t", 0, m, 2_001*units.Avax, 0), lockedIn("u", 0, m, 500*units.Avax, t1, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				ValidatorNodeID:          types.JSONByteSlice(seedNodeID("auto-renewed").Bytes()),
				Signer:                   pop("auto-renewed"),
				StakeOuts:                []*avax.TransferableOutput{transferOut(m, 2_000*units.Avax, one), lockedOut(m, 500*units.Avax, t1, one)},
				ValidatorRewardsOwner:    one,
				DelegatorRewardsOwner:    twoOfThree,
				ValidatorAuthority:       owners(0, 1, keyC),
				DelegationShares:         reward.PercentDenominator / 20,
				AutoCompoundRewardShares: reward.PercentDenominator / 2,
				Period:                   14 * 24 * 3600,
			},
			signers: [][]*secp256k1.PrivateKey{signersA, signersA},
		},
		{
			name: "SetAutoRenewedValidatorConfigTx", typeID: 41, networkID: mainnet,
			unsigned: &txs.SetAutoRenewedValidatorConfigTx{
				BaseTx: baseTx(mainnet,
					[]*avax.TransferableInput{transferIn("v", 0, m, units.Avax, 0)},
					[]*avax.TransferableOutput{transferOut(m, units.Avax-units.MilliAvax, one)},
					nil),
				TxID:                     seedID("auto-renewed staker tx"),
				Auth:                     auth(0),
				AutoCompoundRewardShares: reward.PercentDenominator,
				Period:                   0,
			},
			signers: [][]*secp256k1.PrivateKey{signersA, {keyC}},
		},
		{
			name: "RewardAutoRenewedValidatorTx", typeID: 42, networkID: mainnet,
			unsigned: &txs.RewardAutoRenewedValidatorTx{TxID: seedID("auto-renewed staker tx"), Timestamp: t1},
		},
	}
}

// signedTx signs (or, without signers, only initializes) a tx with the codec every node uses.
func signedTx(c txCase) (*txs.Tx, error) {
	tx := &txs.Tx{Unsigned: c.unsigned}
	if c.signers == nil {
		return tx, tx.Initialize(txs.Codec)
	}
	return tx, tx.Sign(txs.Codec, c.signers)
}

// nodeTxJSON renders a tx as platform.getTx with encoding "json" does (vms/platformvm/service.go GetTx): the tx
// the node parsed from its database, InitCtx with the node's context, then json.Marshal.
func nodeTxJSON(b []byte, networkID uint32) (*txs.Tx, json.RawMessage, error) {
	parsed, err := txs.Parse(txs.Codec, b)
	if err != nil {
		return nil, nil, err
	}
	parsed.Unsigned.InitCtx(chainContext(networkID))
	j, err := marshalNode(parsed)
	return parsed, j, err
}

func txVectors() (any, error) {
	var out []Vector
	for _, c := range txCases() {
		tx, err := signedTx(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		parsed, j, err := nodeTxJSON(tx.Bytes(), c.networkID)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		v, err := newVector(c.name, c.typeID, fmt.Sprintf("%T", c.unsigned)[len("*txs."):], c.networkID, tx.Bytes(), tx.ID(), parsed.ID(), j)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return map[string]any{"generator": generator, "vectors": out}, nil
}

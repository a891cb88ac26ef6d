package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"time"

	"github.com/ava-labs/avalanchego/api/metrics"
	"github.com/ava-labs/avalanchego/chains"
	"github.com/ava-labs/avalanchego/chains/atomic"
	"github.com/ava-labs/avalanchego/database/memdb"
	"github.com/ava-labs/avalanchego/database/prefixdb"
	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/snow"
	"github.com/ava-labs/avalanchego/snow/consensus/snowman"
	"github.com/ava-labs/avalanchego/snow/engine/common"
	"github.com/ava-labs/avalanchego/snow/uptime"
	"github.com/ava-labs/avalanchego/snow/validators"
	"github.com/ava-labs/avalanchego/snow/validators/validatorstest"
	"github.com/ava-labs/avalanchego/upgrade"
	"github.com/ava-labs/avalanchego/utils"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/crypto/secp256k1"
	"github.com/ava-labs/avalanchego/utils/logging"
	"github.com/ava-labs/avalanchego/utils/set"
	"github.com/ava-labs/avalanchego/utils/units"
	"github.com/ava-labs/avalanchego/version"
	"github.com/ava-labs/avalanchego/vms/components/avax"
	"github.com/ava-labs/avalanchego/vms/components/gas"
	"github.com/ava-labs/avalanchego/vms/platformvm"
	"github.com/ava-labs/avalanchego/vms/platformvm/config"
	"github.com/ava-labs/avalanchego/vms/platformvm/reward"
	"github.com/ava-labs/avalanchego/vms/platformvm/txs"
	"github.com/ava-labs/avalanchego/vms/platformvm/validators/fee"
	"github.com/ava-labs/avalanchego/vms/platformvm/warp"
	"github.com/ava-labs/avalanchego/vms/platformvm/warp/message"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"

	platformgenesis "github.com/ava-labs/avalanchego/vms/platformvm/genesis"
)

// The local network this in-process P-chain runs as: its HRP ("local") is the one the conformance suite's real
// nodes use.
const nodeNetworkID = constants.LocalID

// genesisTime is the chain's genesis; every later time is a fixed offset from it, on the VM's own clock.
var genesisTime = time.Date(2026, time.October, 1, 0, 0, 0, 0, time.UTC)

// ChainItem is a block or tx as the VM's own service serves it: hex (with the API's checksum) and JSON.
type ChainItem struct {
	Label string          `json:"label"`
	ID    string          `json:"id"`
	Hex   string          `json:"hex"`
	JSON  json.RawMessage `json:"json"`
}

// ValidatorsCall is one platform.getCurrentValidators request to the VM's service and its result.
type ValidatorsCall struct {
	Name   string          `json:"name"`
	Method string          `json:"method"`
	About  string          `json:"about"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
}

type noGossip struct{}

func (noGossip) SendAppRequest(context.Context, set.Set[ids.NodeID], uint32, []byte) error {
	return nil
}
func (noGossip) SendAppResponse(context.Context, ids.NodeID, uint32, []byte) error     { return nil }
func (noGossip) SendAppError(context.Context, ids.NodeID, uint32, int32, string) error { return nil }
func (noGossip) SendAppGossip(context.Context, common.SendConfig, []byte) error        { return nil }

var _ common.AppSender = noGossip{}

// vmConfig is a local network's staking configuration (genesis/genesis_local.go LocalParams, lines 40-88 of
// v1.15.0: 2,000 AVAX minimum stake, 24 h minimum and 1 h post-Helicon minimum stake duration, 12 %-10 %
// consumption rates, the dynamic fee config), with every upgrade active from genesis, Helicon included.
func vmConfig() config.Internal {
	upgrades := upgrade.Default
	upgrades.HeliconTime = upgrade.InitiallyActiveTime
	return config.Internal{
		Chains:                 chains.TestManager,
		UptimeLockedCalculator: uptime.NewLockedCalculator(),
		SybilProtectionEnabled: true,
		Validators:             validators.NewManager(),
		DynamicFeeConfig: gas.Config{
			Weights:                  gas.Dimensions{gas.Bandwidth: 1, gas.DBRead: 1_000, gas.DBWrite: 1_000, gas.Compute: 4},
			MaxCapacity:              1_000_000,
			MaxPerSecond:             100_000,
			TargetPerSecond:          50_000,
			MinPrice:                 1,
			ExcessConversionConstant: 2_164_043,
		},
		ValidatorFeeConfig: fee.Config{
			Capacity:                 20_000,
			Target:                   10_000,
			MinPrice:                 gas.Price(units.NanoAvax),
			ExcessConversionConstant: 865_617,
		},
		MinValidatorStake:       2 * units.KiloAvax,
		MaxValidatorStake:       3 * units.MegaAvax,
		MinDelegatorStake:       25 * units.Avax,
		MinDelegationFee:        20_000,
		UptimePercentage:        .8,
		MinStakeDuration:        24 * time.Hour,
		MaxStakeDuration:        365 * 24 * time.Hour,
		HeliconMinStakeDuration: time.Hour,
		RewardConfig: reward.Config{
			MaxConsumptionRate: .12 * reward.PercentDenominator,
			MinConsumptionRate: .10 * reward.PercentDenominator,
			MintingPeriod:      365 * 24 * time.Hour,
			SupplyCap:          720 * units.MegaAvax,
		},
		UpgradeConfig: upgrades,
	}
}

// funder holds the genesis UTXOs, one per tx the run issues, all owned by keyA.
type funder struct {
	asset ids.ID
	next  uint32
}

const fundingUTXOs = 16
const fundingAmount = 5 * units.KiloAvax

var genesisUTXOTx = seedID("genesis utxos")

// spend is a BaseTx that spends the next genesis UTXO, returns `change` to keyA and burns the rest as the fee.
func (f *funder) spend(change uint64) txs.BaseTx {
	i := f.next
	f.next++
	return baseTx(nodeNetworkID,
		[]*avax.TransferableInput{{
			UTXOID: avax.UTXOID{TxID: genesisUTXOTx, OutputIndex: i},
			Asset:  avax.Asset{ID: f.asset},
			In:     &secp256k1fx.TransferInput{Amt: fundingAmount, Input: secp256k1fx.Input{SigIndices: []uint32{0}}},
		}},
		[]*avax.TransferableOutput{transferOut(f.asset, change, owners(0, 1, keyA))},
		nil)
}

func genesisBytes(asset ids.ID) ([]byte, error) {
	g := &platformgenesis.Genesis{
		Timestamp:     uint64(genesisTime.Unix()),
		InitialSupply: 360 * units.MegaAvax,
		Message:       "avatop vectors",
	}
	for i := uint32(0); i < fundingUTXOs; i++ {
		g.UTXOs = append(g.UTXOs, &platformgenesis.UTXO{UTXO: avax.UTXO{
			UTXOID: avax.UTXOID{TxID: genesisUTXOTx, OutputIndex: i},
			Asset:  avax.Asset{ID: asset},
			Out:    &secp256k1fx.TransferOutput{Amt: fundingAmount, OutputOwners: *owners(0, 1, keyA)},
		}})
	}
	// Two genesis validators (an AddValidatorTx each, as every genesis has): records without a BLS key or
	// auto-renewal, beside the ones the run adds.
	for _, name := range []string{"genesis 1", "genesis 2"} {
		tx := &txs.Tx{Unsigned: &txs.AddValidatorTx{
			BaseTx: baseTx(nodeNetworkID, nil, nil, nil),
			Validator: txs.Validator{
				NodeID: seedNodeID(name),
				Start:  uint64(genesisTime.Unix()),
				End:    uint64(genesisTime.Add(365 * 24 * time.Hour).Unix()),
				Wght:   2 * units.KiloAvax,
			},
			StakeOuts:        []*avax.TransferableOutput{transferOut(asset, 2*units.KiloAvax, owners(0, 1, keyB))},
			RewardsOwner:     owners(0, 1, keyB),
			DelegationShares: reward.PercentDenominator,
		}}
		if err := tx.Initialize(txs.GenesisCodec); err != nil {
			return nil, err
		}
		g.Validators = append(g.Validators, tx)
	}
	return platformgenesis.Codec.Marshal(platformgenesis.CodecVersion, g)
}

// node is one platformvm VM, run in-process on a fixed clock, and its HTTP service.
type node struct {
	vm      *platformvm.VM
	ctx     *snow.Context
	service http.Handler
	chain   []ChainItem
}

func (n *node) at(t time.Time) { n.vm.Clock().Set(t) }

// issue hands signed txs to the VM as platform.issueTx would, then builds, verifies and accepts the block.
func (n *node) issue(label string, signed ...*txs.Tx) error {
	for _, tx := range signed {
		if err := n.vm.Network.IssueTxFromRPC(tx); err != nil {
			return fmt.Errorf("%s: issuing %s: %w", label, tx.ID(), err)
		}
	}
	return n.buildAndAccept(label)
}

// buildAndAccept builds the next block and accepts it. A proposal block's two options are both served while
// consensus has yet to decide (a node holds both, verified), so both are recorded; the one the node prefers is
// accepted. Txs are recorded once accepted (getTx reads only accepted txs).
func (n *node) buildAndAccept(label string) error {
	bg := context.Background()
	n.ctx.Lock.Lock()
	blk, err := n.vm.BuildBlock(bg)
	if err == nil {
		err = blk.Verify(bg)
	}
	var options [2]snowman.Block
	oracle, isOracle := blk.(snowman.OracleBlock)
	if err == nil && isOracle {
		options, err = oracle.Options(bg)
		if errors.Is(err, snowman.ErrNotOracle) {
			isOracle, err = false, nil
		}
		for i := 0; err == nil && isOracle && i < 2; i++ {
			err = options[i].Verify(bg)
		}
	}
	n.ctx.Lock.Unlock()
	if err != nil {
		return fmt.Errorf("%s: building: %w", label, err)
	}
	var undecided []ChainItem
	if isOracle {
		for i, which := range []string{"preferred option", "other option"} {
			item, _, err := n.getBlock(options[i].ID())
			if err != nil {
				return fmt.Errorf("%s: %w", label, err)
			}
			item.Label = fmt.Sprintf("block: %s, %s", label, which)
			undecided = append(undecided, item)
		}
	}
	n.ctx.Lock.Lock()
	err = blk.Accept(bg)
	last := blk.ID()
	if err == nil && isOracle {
		err = options[0].Accept(bg)
		if err == nil {
			err = options[1].Reject(bg)
		}
		last = options[0].ID()
	}
	if err == nil {
		err = n.vm.SetPreference(bg, last)
	}
	n.ctx.Lock.Unlock()
	if err != nil {
		return fmt.Errorf("%s: accepting: %w", label, err)
	}
	if err := n.record(label, blk.ID()); err != nil {
		return err
	}
	n.chain = append(n.chain, undecided...)
	return nil
}

// getBlock fetches a block from the VM's service, hex and JSON, as platform.getBlock serves them, and the IDs of
// the txs in it.
func (n *node) getBlock(blkID ids.ID) (ChainItem, []ids.ID, error) {
	var reply [2]struct {
		Block json.RawMessage `json:"block"`
	}
	for i, encoding := range []string{"hex", "json"} {
		res, err := callRPC(n.service, "platform.getBlock", map[string]any{"blockID": blkID, "encoding": encoding})
		if err != nil {
			return ChainItem{}, nil, err
		}
		if err := json.Unmarshal(res, &reply[i]); err != nil {
			return ChainItem{}, nil, err
		}
	}
	var hexStr string
	if err := json.Unmarshal(reply[0].Block, &hexStr); err != nil {
		return ChainItem{}, nil, err
	}
	var blk struct {
		Tx  *struct{ ID ids.ID }  `json:"tx"`
		Txs []struct{ ID ids.ID } `json:"txs"`
	}
	if err := json.Unmarshal(reply[1].Block, &blk); err != nil {
		return ChainItem{}, nil, err
	}
	txIDs := []ids.ID{}
	for _, t := range blk.Txs {
		txIDs = append(txIDs, t.ID)
	}
	if blk.Tx != nil {
		txIDs = append(txIDs, blk.Tx.ID)
	}
	return ChainItem{ID: blkID.String(), Hex: hexStr, JSON: reply[1].Block}, txIDs, nil
}

// record appends an accepted block and each tx in it, as the VM's service serves them.
func (n *node) record(label string, blkID ids.ID) error {
	item, txIDs, err := n.getBlock(blkID)
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	item.Label = "block: " + label
	n.chain = append(n.chain, item)
	for _, txID := range txIDs {
		tx, err := n.getTx(txID)
		if err != nil {
			return fmt.Errorf("%s: %w", label, err)
		}
		tx.Label = "tx in " + label
		n.chain = append(n.chain, tx)
	}
	return nil
}

func (n *node) getTx(txID ids.ID) (ChainItem, error) {
	var hexReply, jsonReply struct {
		Tx json.RawMessage `json:"tx"`
	}
	res, err := callRPC(n.service, "platform.getTx", map[string]any{"txID": txID, "encoding": "hex"})
	if err != nil {
		return ChainItem{}, err
	}
	if err := json.Unmarshal(res, &hexReply); err != nil {
		return ChainItem{}, err
	}
	res, err = callRPC(n.service, "platform.getTx", map[string]any{"txID": txID, "encoding": "json"})
	if err != nil {
		return ChainItem{}, err
	}
	if err := json.Unmarshal(res, &jsonReply); err != nil {
		return ChainItem{}, err
	}
	var hexStr string
	if err := json.Unmarshal(hexReply.Tx, &hexStr); err != nil {
		return ChainItem{}, err
	}
	return ChainItem{ID: txID.String(), Hex: hexStr, JSON: jsonReply.Tx}, nil
}

func (n *node) validators(name, about string, params map[string]any) (ValidatorsCall, error) {
	p, err := json.Marshal(params)
	if err != nil {
		return ValidatorsCall{}, err
	}
	res, err := callRPC(n.service, "platform.getCurrentValidators", params)
	if err != nil {
		return ValidatorsCall{}, fmt.Errorf("%s: %w", name, err)
	}
	if nodeIDs, _ := params["nodeIDs"].([]ids.NodeID); len(nodeIDs) > 1 {
		// Several node IDs come back in the order of a Go map (service.go iterates a set.Set), different on each
		// run: sorted by node ID here, so the file is the same every time.
		if res, err = sortedByNodeID(res); err != nil {
			return ValidatorsCall{}, err
		}
		about += " (sorted by nodeID: the node's order is its set's, random)"
	}
	return ValidatorsCall{Name: name, Method: "platform.getCurrentValidators", About: about, Params: p, Result: res}, nil
}

func sortedByNodeID(result json.RawMessage) (json.RawMessage, error) {
	var reply struct {
		Validators []json.RawMessage `json:"validators"`
	}
	if err := json.Unmarshal(result, &reply); err != nil {
		return nil, err
	}
	nodeID := func(v json.RawMessage) string {
		var r struct {
			NodeID string `json:"nodeID"`
		}
		_ = json.Unmarshal(v, &r)
		return r.NodeID
	}
	sort.SliceStable(reply.Validators, func(i, j int) bool { return nodeID(reply.Validators[i]) < nodeID(reply.Validators[j]) })
	return json.Marshal(reply)
}

// subnets gives the chain a permissioned subnet with a validator, and a subnet converted to an L1 with two
// validators: one whose balance is topped up, one disabled. It returns the permissioned subnet's ID and the
// conversion (its subnet ID and validators, in the order that numbers their validation IDs).
func (n *node) subnets(f *funder, at time.Time) (ids.ID, *txs.ConvertSubnetToL1Tx, error) {
	const fee = 10 * units.MilliAvax
	keys := []*secp256k1.PrivateKey{keyA}
	n.at(at)
	permissioned, err := sign(&txs.CreateSubnetTx{BaseTx: f.spend(fundingAmount - fee), Owner: owners(0, 1, keyA)}, keys)
	if err != nil {
		return ids.Empty, nil, err
	}
	converted, err := sign(&txs.CreateSubnetTx{BaseTx: f.spend(fundingAmount - fee), Owner: owners(0, 1, keyA)}, keys)
	if err != nil {
		return ids.Empty, nil, err
	}
	if err := n.issue("two CreateSubnetTx", permissioned, converted); err != nil {
		return ids.Empty, nil, err
	}

	n.at(at.Add(20 * time.Second))
	subnetValidator, err := sign(&txs.AddSubnetValidatorTx{
		BaseTx: f.spend(fundingAmount - fee),
		SubnetValidator: txs.SubnetValidator{
			Validator: txs.Validator{
				NodeID: seedNodeID("genesis 1"),
				Start:  uint64(at.Add(20 * time.Second).Unix()),
				End:    uint64(at.Add(20*time.Second + 30*24*time.Hour).Unix()),
				Wght:   100,
			},
			Subnet: permissioned.ID(),
		},
		SubnetAuth: auth(0),
	}, keys, keys)
	if err != nil {
		return ids.Empty, nil, err
	}
	l1 := []*txs.ConvertSubnetToL1Validator{}
	for _, name := range []string{"l1 a", "l1 b"} {
		l1 = append(l1, &txs.ConvertSubnetToL1Validator{
			NodeID:                seedNodeID(name).Bytes(),
			Weight:                10,
			Balance:               units.Avax,
			Signer:                *pop(name),
			RemainingBalanceOwner: message.PChainOwner{Threshold: 1, Addresses: []ids.ShortID{keyA.Address()}},
			DeactivationOwner:     message.PChainOwner{Threshold: 1, Addresses: []ids.ShortID{keyB.Address()}},
		})
	}
	utils.Sort(l1)
	convert, err := sign(&txs.ConvertSubnetToL1Tx{
		BaseTx:     f.spend(fundingAmount - 2*units.Avax - fee),
		Subnet:     converted.ID(),
		ChainID:    seedID("l1 chain"),
		Address:    seedBytes("validator manager", 20),
		Validators: l1,
		SubnetAuth: auth(0),
	}, keys, keys)
	if err != nil {
		return ids.Empty, nil, err
	}
	if err := n.issue("AddSubnetValidatorTx and ConvertSubnetToL1Tx", subnetValidator, convert); err != nil {
		return ids.Empty, nil, err
	}

	n.at(at.Add(40 * time.Second))
	topUp, err := sign(&txs.IncreaseL1ValidatorBalanceTx{
		BaseTx:       f.spend(fundingAmount - units.Avax - fee),
		ValidationID: converted.ID().Append(0),
		Balance:      units.Avax,
	}, keys)
	if err != nil {
		return ids.Empty, nil, err
	}
	disable, err := sign(&txs.DisableL1ValidatorTx{
		BaseTx:       f.spend(fundingAmount - fee),
		ValidationID: converted.ID().Append(1),
		DisableAuth:  auth(0),
	}, keys, []*secp256k1.PrivateKey{keyB})
	if err != nil {
		return ids.Empty, nil, err
	}
	if err := n.issue("IncreaseL1ValidatorBalanceTx and DisableL1ValidatorTx", topUp, disable); err != nil {
		return ids.Empty, nil, err
	}

	return permissioned.ID(), convert.Unsigned.(*txs.ConvertSubnetToL1Tx), nil
}

func sign(unsigned txs.UnsignedTx, signers ...[]*secp256k1.PrivateKey) (*txs.Tx, error) {
	tx := &txs.Tx{Unsigned: unsigned}
	return tx, tx.Sign(txs.Codec, signers)
}

func startNode() (*node, error) {
	asset := seedID("local AVAX")
	genesis, err := genesisBytes(asset)
	if err != nil {
		return nil, err
	}
	aliaser := ids.NewAliaser()
	if err := aliaser.Alias(constants.PlatformChainID, "P"); err != nil {
		return nil, err
	}
	// One database under both, as a node has: shared memory writes the VM's batch with its own (atomic.WriteAll
	// replays the batch into the shared memory's database), so they must share a base database.
	db := memdb.New()
	chainDB, atomicDB := prefixdb.New([]byte{0}, db), prefixdb.New([]byte{1}, db)
	thisNode := seedBLS("this node")
	minimumHeight := func(context.Context) (uint64, error) { return 0, nil }
	ctx := &snow.Context{
		NetworkID:       nodeNetworkID,
		SubnetID:        constants.PrimaryNetworkID,
		ChainID:         constants.PlatformChainID,
		NodeID:          seedNodeID("this node"),
		PublicKey:       thisNode.PublicKey(),
		NetworkUpgrades: vmConfig().UpgradeConfig,
		XChainID:        seedID("X-chain"),
		CChainID:        seedID("C-chain"),
		AVAXAssetID:     asset,
		Log:             logging.NoLog{},
		SharedMemory:    atomic.NewMemory(atomicDB).NewSharedMemory(constants.PlatformChainID),
		BCLookup:        aliaser,
		Metrics:         metrics.NewPrefixGatherer(),
		WarpSigner:      warp.NewSigner(thisNode, nodeNetworkID, constants.PlatformChainID),
		ValidatorState:  &validatorstest.State{GetMinimumHeightF: minimumHeight, GetCurrentHeightF: minimumHeight},
	}
	vm := &platformvm.VM{Internal: vmConfig()}
	vm.Clock().Set(genesisTime)
	ctx.Lock.Lock()
	err = vm.Initialize(context.Background(), ctx, chainDB, genesis, nil, nil, nil, noGossip{})
	if err == nil {
		err = vm.SetState(context.Background(), snow.NormalOp)
	}
	ctx.Lock.Unlock()
	if err != nil {
		return nil, err
	}
	handlers, err := vm.CreateHandlers(context.Background())
	if err != nil {
		return nil, err
	}
	n := &node{vm: vm, ctx: ctx, service: handlers[""]}
	genesisID, err := vm.LastAccepted(context.Background())
	if err != nil {
		return nil, err
	}
	return n, n.record("genesis", genesisID)
}

// runNode runs a local P-chain through Helicon's staking life: two auto-renewed validators (one delegated to,
// one told to stop at the end of its cycle), a plain permissionless validator, then each of their ends, and
// returns every block and tx the VM built, as served, and getCurrentValidators before and after.
func runNode() (any, any, error) {
	n, err := startNode()
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = n.vm.Shutdown(context.Background()) }()

	asset := n.ctx.AVAXAssetID
	f := &funder{asset: asset}
	const fee = 10 * units.MilliAvax // more than any of these txs' dynamic fee; the rest is burnt
	stakeOwner := owners(0, 1, keyA)
	var calls []ValidatorsCall

	start := genesisTime.Add(10 * time.Minute)
	n.at(start)
	renewed, err := sign(&txs.AddAutoRenewedValidatorTx{
		BaseTx:                   f.spend(fundingAmount - 2*units.KiloAvax - fee),
		ValidatorNodeID:          seedNodeID("renewed").Bytes(),
		Signer:                   pop("renewed"),
		StakeOuts:                []*avax.TransferableOutput{transferOut(asset, 2*units.KiloAvax, stakeOwner)},
		ValidatorRewardsOwner:    stakeOwner,
		DelegatorRewardsOwner:    owners(0, 1, keyB),
		ValidatorAuthority:       owners(0, 1, keyC),
		DelegationShares:         reward.PercentDenominator / 10,
		AutoCompoundRewardShares: reward.PercentDenominator / 4,
		Period:                   2 * 24 * 3600,
	}, []*secp256k1.PrivateKey{keyA})
	if err != nil {
		return nil, nil, err
	}
	if err := n.issue("AddAutoRenewedValidatorTx, delegated to", renewed); err != nil {
		return nil, nil, err
	}
	// The renewed validator is connected from its start: its uptime is 100 %, the other validators' 0 %.
	if err := n.vm.Connected(context.Background(), seedNodeID("renewed"), version.Current); err != nil {
		return nil, nil, err
	}

	n.at(start.Add(20 * time.Second))
	stopping, err := sign(&txs.AddAutoRenewedValidatorTx{
		BaseTx:                   f.spend(fundingAmount - 3*units.KiloAvax - fee),
		ValidatorNodeID:          seedNodeID("stopping").Bytes(),
		Signer:                   pop("stopping"),
		StakeOuts:                []*avax.TransferableOutput{transferOut(asset, 3*units.KiloAvax, stakeOwner)},
		ValidatorRewardsOwner:    stakeOwner,
		DelegatorRewardsOwner:    stakeOwner,
		ValidatorAuthority:       owners(0, 1, keyC),
		DelegationShares:         reward.PercentDenominator,
		AutoCompoundRewardShares: reward.PercentDenominator,
		Period:                   3600,
	}, []*secp256k1.PrivateKey{keyA})
	if err != nil {
		return nil, nil, err
	}
	plainStart := start.Add(20 * time.Second)
	plain, err := sign(&txs.AddPermissionlessValidatorTx{
		BaseTx: f.spend(fundingAmount - 2*units.KiloAvax - fee),
		Validator: txs.Validator{
			NodeID: seedNodeID("plain"),
			Start:  uint64(plainStart.Unix()),
			End:    uint64(plainStart.Add(3 * 24 * time.Hour).Unix()),
			Wght:   2 * units.KiloAvax,
		},
		Subnet:                constants.PrimaryNetworkID,
		Signer:                pop("plain"),
		StakeOuts:             []*avax.TransferableOutput{transferOut(asset, 2*units.KiloAvax, stakeOwner)},
		ValidatorRewardsOwner: stakeOwner,
		DelegatorRewardsOwner: stakeOwner,
		DelegationShares:      reward.PercentDenominator / 50,
	}, []*secp256k1.PrivateKey{keyA})
	if err != nil {
		return nil, nil, err
	}
	if err := n.issue("AddAutoRenewedValidatorTx and AddPermissionlessValidatorTx", stopping, plain); err != nil {
		return nil, nil, err
	}

	delegatorStart := start.Add(40 * time.Second)
	n.at(delegatorStart)
	delegator, err := sign(&txs.AddPermissionlessDelegatorTx{
		BaseTx: f.spend(fundingAmount - 100*units.Avax - fee),
		Validator: txs.Validator{
			NodeID: seedNodeID("renewed"),
			Start:  uint64(delegatorStart.Unix()),
			End:    uint64(delegatorStart.Add(24 * time.Hour).Unix()),
			Wght:   100 * units.Avax,
		},
		Subnet:                 constants.PrimaryNetworkID,
		StakeOuts:              []*avax.TransferableOutput{transferOut(asset, 100*units.Avax, owners(0, 1, keyB))},
		DelegationRewardsOwner: owners(0, 1, keyB),
	}, []*secp256k1.PrivateKey{keyA})
	if err != nil {
		return nil, nil, err
	}
	if err := n.issue("AddPermissionlessDelegatorTx", delegator); err != nil {
		return nil, nil, err
	}

	n.at(start.Add(60 * time.Second))
	stop, err := sign(&txs.SetAutoRenewedValidatorConfigTx{
		BaseTx:                   f.spend(fundingAmount - fee),
		TxID:                     stopping.ID(),
		Auth:                     auth(0),
		AutoCompoundRewardShares: reward.PercentDenominator / 2,
		Period:                   0,
	}, []*secp256k1.PrivateKey{keyA}, []*secp256k1.PrivateKey{keyC})
	if err != nil {
		return nil, nil, err
	}
	if err := n.issue("SetAutoRenewedValidatorConfigTx", stop); err != nil {
		return nil, nil, err
	}

	permissioned, l1, err := n.subnets(f, start.Add(80*time.Second))
	if err != nil {
		return nil, nil, err
	}
	l1NodeID, err := ids.ToNodeID(l1.Validators[0].NodeID)
	if err != nil {
		return nil, nil, err
	}

	n.at(start.Add(30 * time.Minute))
	during := []struct {
		name, about string
		params      map[string]any
	}{
		{"all", "every current primary-network validator (no nodeIDs)", map[string]any{}},
		{"one-node renewed", "one auto-renewed validator with a delegator (its delegators listed)",
			map[string]any{"nodeIDs": []ids.NodeID{seedNodeID("renewed")}}},
		{"one-node stopping", "one auto-renewed validator whose next period is 0, without delegators (delegators: [])",
			map[string]any{"nodeIDs": []ids.NodeID{seedNodeID("stopping")}}},
		{"one-node plain", "one permissionless validator that is not auto-renewed",
			map[string]any{"nodeIDs": []ids.NodeID{seedNodeID("plain")}}},
		{"two nodes", "two validators (no delegators key)",
			map[string]any{"nodeIDs": []ids.NodeID{seedNodeID("renewed"), seedNodeID("plain")}}},
		{"permissioned subnet", "the validators of a permissioned subnet (the staker fields only)",
			map[string]any{"subnetID": permissioned}},
		{"l1", "the validators of an L1: one active whose balance was topped up, one disabled (balance 0)",
			map[string]any{"subnetID": l1.Subnet}},
		{"l1 one-node", "one validator of an L1",
			map[string]any{"subnetID": l1.Subnet, "nodeIDs": []ids.NodeID{l1NodeID}}},
	}
	for _, q := range during {
		c, err := n.validators(q.name, q.about+", 30 minutes after the first was added", q.params)
		if err != nil {
			return nil, nil, err
		}
		calls = append(calls, c)
	}
	for i := range l1.Validators {
		params := map[string]any{"validationID": l1.Subnet.Append(uint32(i))}
		p, err := json.Marshal(params)
		if err != nil {
			return nil, nil, err
		}
		res, err := callRPC(n.service, "platform.getL1Validator", params)
		if err != nil {
			return nil, nil, err
		}
		calls = append(calls, ValidatorsCall{
			Name: fmt.Sprintf("getL1Validator %d", i), Method: "platform.getL1Validator",
			About:  fmt.Sprintf("the L1's validator %d by its validation ID, 30 minutes after the first was added", i),
			Params: p, Result: res,
		})
	}

	// Each end in turn: the stopping validator's one-hour cycle, the delegator, then the renewed validator's
	// first cycle (which renews it). The builder caps the block time at each staker's end.
	for _, step := range []struct {
		label string
		at    time.Time
	}{
		{"reward of the stopping validator's cycle", start.Add(20*time.Second + time.Hour)},
		{"reward of the delegator", delegatorStart.Add(24 * time.Hour)},
		{"reward of the renewed validator's first cycle", start.Add(2 * 24 * time.Hour)},
	} {
		n.at(step.at)
		if err := n.buildAndAccept(step.label); err != nil {
			return nil, nil, err
		}
	}

	n.at(start.Add(2*24*time.Hour + time.Hour))
	for _, q := range []struct {
		name, about string
		params      map[string]any
	}{
		{"after: all", "every current validator after the ends: the stopping one gone, the renewed one in its second cycle",
			map[string]any{}},
		{"after: one-node renewed", "the renewed validator in its second cycle, its delegator gone (delegators: [])",
			map[string]any{"nodeIDs": []ids.NodeID{seedNodeID("renewed")}}},
	} {
		c, err := n.validators(q.name, q.about, q.params)
		if err != nil {
			return nil, nil, err
		}
		calls = append(calls, c)
	}

	chain := map[string]any{"generator": generator, "networkID": nodeNetworkID, "items": n.chain}
	vals := map[string]any{"generator": generator, "networkID": nodeNetworkID, "calls": calls}
	return chain, vals, nil
}

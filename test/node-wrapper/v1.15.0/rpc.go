package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/ava-labs/avalanchego/api/info"
	"github.com/ava-labs/avalanchego/upgrade"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/logging"
)

// callRPC posts one JSON-RPC request to a node's service handler, as avatop does over HTTP, and returns the
// reply's result exactly as the node wrote it.
func callRPC(h http.Handler, method string, params any) (json.RawMessage, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var reply struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &reply); err != nil {
		return nil, fmt.Errorf("%s: HTTP %d, %w: %s", method, rec.Code, err, rec.Body.String())
	}
	if len(reply.Error) > 0 && string(reply.Error) != "null" {
		return nil, fmt.Errorf("%s: %s", method, reply.Error)
	}
	return reply.Result, nil
}

// upgradeVectors asks avalanchego's own info service for info.upgrades, configured as a mainnet and a Fuji node
// are: config/config.go getUpgradeConfig gives upgrade.GetConfig(networkID) on those networks (an upgrade file is
// refused there), and node/node.go (line 1411) passes it as info.Parameters.Upgrades. Upgrades reads nothing but
// Parameters, so the service's other dependencies stay nil.
func upgradeVectors() (any, error) {
	out := map[string]any{"generator": generator}
	for name, networkID := range map[string]uint32{"mainnet": constants.MainnetID, "fuji": constants.FujiID} {
		h, err := info.NewService(
			info.Parameters{NetworkID: networkID, Upgrades: upgrade.GetConfig(networkID)},
			logging.NoLog{}, nil, nil, nil, nil, nil, nil,
		)
		if err != nil {
			return nil, err
		}
		res, err := callRPC(h, "info.upgrades", struct{}{})
		if err != nil {
			return nil, err
		}
		out[name] = res
	}
	return out, nil
}

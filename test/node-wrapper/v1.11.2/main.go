// Command avalanchego builds the avalanchego node at a pinned version for
// avatop's conformance tests. Like v1.14.2, the upstream module cannot be
// `go install`ed by version, so this wrapper requires it as a library and
// starts the node the same way the upstream main/main.go of v1.11.2 does.
//
// One deliberate difference: v1.11.2's local genesis starts on 2023-08-01 with
// one-year genesis stakes, so today every genesis validator has expired and a
// local network stalls with an empty validator set. Later releases fix this by
// moving the local start time forward in 9-month steps (genesis/config.go,
// getRecentStartTime); this wrapper backports that, and nothing else.
package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/ava-labs/avalanchego/app"
	"github.com/ava-labs/avalanchego/config"
	"github.com/ava-labs/avalanchego/genesis"
	"github.com/ava-labs/avalanchego/version"
)

// localStartTimePeriod is the step later releases use to renew the local start time.
const localStartTimePeriod = 9 * 30 * 24 * time.Hour

func renewLocalStartTime(now time.Time) {
	start := time.Unix(int64(genesis.LocalConfig.StartTime), 0)
	for next := start.Add(localStartTimePeriod); !now.Before(next); next = start.Add(localStartTimePeriod) {
		start = next
	}
	genesis.LocalConfig.StartTime = uint64(start.Unix())
}

func main() {
	renewLocalStartTime(time.Now())

	fs := config.BuildFlagSet()
	v, err := config.BuildViper(fs, os.Args[1:])
	if errors.Is(err, pflag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Printf("couldn't configure flags: %s\n", err)
		os.Exit(1)
	}

	if v.GetBool(config.VersionKey) {
		fmt.Print(version.String)
		os.Exit(0)
	}

	nodeConfig, err := config.GetNodeConfig(v)
	if err != nil {
		fmt.Printf("couldn't load node config: %s\n", err)
		os.Exit(1)
	}
	if term.IsTerminal(int(os.Stdout.Fd())) {
		fmt.Println(app.Header)
	}
	nodeApp, err := app.New(nodeConfig)
	if err != nil {
		fmt.Printf("couldn't start node: %s\n", err)
		os.Exit(1)
	}
	os.Exit(app.Run(nodeApp))
}

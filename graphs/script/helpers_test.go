package script

import "github.com/compilemode/compilemode/graphs"

var zeroScenario graphs.Scenario

// What other modules may use of scenarios: the demo seed saves its scenarios as the API does.
export { createScenario, listScenarios, scenarioComparison } from './scenarios.service.js';
export { ScenarioInput } from './scenarios.inputs.js';

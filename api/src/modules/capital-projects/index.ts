// What other modules use from capital projects: the demo seed enters its projects as the API does.
export {
  actualCosts as capitalProjectActualCosts,
  createProject as createCapitalProject,
  listProjects as listCapitalProjects,
  linkEntry as linkCapitalProjectEntry,
  reserveComponentIdsByName,
} from './capital-projects.service.js';
export {
  CapitalProjectCategory,
  CapitalProjectFunding,
  CapitalProjectPriority,
  CapitalProjectStatus,
} from './capital-projects.types.js';

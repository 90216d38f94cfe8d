// What others use from tenant health: the weekly snapshot for a scheduler or a CLI, and the
// formula (its data and the scoring function).
export { computeTenantHealth, snapshotTenantHealth, weekStartOf } from './tenant-health.service.js';
export {
  scoreTenantHealth,
  TENANT_HEALTH_GRADES,
  TENANT_HEALTH_INPUTS,
} from './tenant-health.formula.js';

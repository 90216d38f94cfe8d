// What other features may use of assessments; the router reads routes.ts.
export { default as ConfirmActionDialog } from './components/ConfirmActionDialog.vue';
export {
  ASSESSMENT_GROUP_NAMES_QUERY,
  ASSESSMENT_GROUPS_QUERY,
  type AssessmentFrequency,
  CREATE_ASSESSMENT_GROUP_MUTATION,
  CREATE_PROPERTY_TYPE_MUTATION,
  PROPERTY_TYPES_QUERY,
  RECEIVABLES_SETTINGS_QUERY,
} from './assessments.graphql';
export {
  evictAssessmentGroups,
  FREQUENCIES,
  frequencyLabel,
  frequencyPer,
  groupForm,
  groupInput,
} from './assessments';

import { useMutation } from '@vue/apollo-composable';
import {
  AUTOMATION_QUERY,
  UPDATE_AUTOMATION_MUTATION,
  type Automation,
} from './automation.graphql';

/**
 * The schedule as the API takes it: every day given, null for off; recurring bills and owner
 * statements on or off.
 */
export type AutomationInput = Pick<
  Automation,
  | 'paused'
  | 'assessmentDay'
  | 'lateFeeDay'
  | 'reminderDays'
  | 'recurringBills'
  | 'ownerStatements'
  | 'autopay'
>;

/**
 * Saves the schedule (or pauses it) and puts the answer where the page reads it: the mutation
 * answers the whole schedule, its next dates and its runs.
 */
export function useUpdateAutomation() {
  const { mutate, loading } = useMutation(UPDATE_AUTOMATION_MUTATION, {
    update(cache, { data }) {
      if (data)
        cache.writeQuery({ query: AUTOMATION_QUERY, data: { automation: data.updateAutomation } });
    },
  });
  async function update(input: AutomationInput): Promise<Automation> {
    const res = await mutate({ input });
    const saved = res?.data?.updateAutomation;
    if (!saved) throw new Error('No schedule in the response');
    return saved;
  }
  return { update, loading };
}

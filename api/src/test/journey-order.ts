import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order browser journeys start in. Those that open the demo books wait while the first of them
// builds the run's demo template (demo-template.ts); with two at a time, the other worker would
// wait too. So the first demo journey (the longest, by vitest's own order) goes first, the
// journeys that need no demo books run beside it, and the other demo journeys come after, when the
// template is there to copy. Other projects keep vitest's order.
export class JourneyOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journeys = sorted.filter((f) => f.project.name === 'e2e');
    const demo = new Set(
      journeys.filter((f) => readFileSync(f.moduleId, 'utf8').includes('openDemoJourney(')),
    );
    if (demo.size < 2) return sorted;
    const [first, ...later] = journeys.filter((f) => demo.has(f));
    return [
      ...sorted.filter((f) => f.project.name !== 'e2e'),
      first!,
      ...journeys.filter((f) => !demo.has(f)),
      ...later,
    ];
  }
}

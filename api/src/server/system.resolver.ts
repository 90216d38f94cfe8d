import { Query, Resolver } from 'type-graphql';
import { APP_VERSION } from '../paths.js';

@Resolver()
export class SystemResolver {
  @Query(() => String, { description: 'The running version (date-based, e.g. 2026.11.22)' })
  version(): string {
    return APP_VERSION;
  }
}

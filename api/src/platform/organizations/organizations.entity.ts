import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_FISCAL_YEAR_START_MONTH, DEFAULT_TIME_ZONE } from '../../core/dates.js';
import { OrganizationStatus } from '../../core/roles.js';

// Not a GraphQL type: it holds the tenant's location, which never leaves the server.
@Entity({ tableName: 'organizations' })
export class Organization {
  [OptionalProps]?:
    | 'status'
    | 'planLevel'
    | 'settings'
    | 'dbCluster'
    | 'timeZone'
    | 'fiscalYearStartMonth'
    | 'billingStatus'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string' })
  name: string;

  @Enum({ items: () => OrganizationStatus, type: 'string' })
  status: OrganizationStatus = OrganizationStatus.ACTIVE;

  @Property({ type: 'string' })
  planLevel: string = 'standard';

  @Property({ type: 'string', nullable: true })
  contractNumber?: string | null;

  @Property({ type: 'date', nullable: true })
  paymentDate?: string | null;

  @Property({ type: 'string', nullable: true })
  confirmationNumber?: string | null;

  @Property({ type: 'date', nullable: true })
  renewalDate?: string | null;

  // The subscription (platform/billing): Stripe's customer and subscription, how it pays, and when
  // writes stop (the end of a past-due grace or of a trial without payment; null while paid up).
  @Property({ type: 'string' })
  billingStatus: string = 'active';

  @Property({ type: 'string', nullable: true })
  billingInterval?: string | null;

  @Property({ type: 'datetime', nullable: true })
  readOnlyFrom?: Date | null;

  // The tenant schema version its database is at (its last migration), as provisioning or the
  // last fleet migration run found it (db/fleet.ts); null until one has.
  @Property({ type: 'string', nullable: true })
  schemaVersion?: string | null;

  @Property({ type: 'string', nullable: true })
  stripeCustomerId?: string | null;

  @Property({ type: 'string', nullable: true })
  stripeSubscriptionId?: string | null;

  // The declared keys only (organizations.inputs.ts); the database refuses any other.
  @Property({ type: 'json' })
  settings: Record<string, unknown> = {};

  // The demo profile this association was seeded from (`maple-ridge`): written by the demo seeder
  // only, never through settings, and what `npm run demo:reset` rebuilds.
  @Property({ type: 'string', nullable: true })
  demoProfile?: string | null;

  // IANA time zone of the association's calendar ("today", void dates, late-fee runs).
  @Property({ type: 'string' })
  timeZone: string = DEFAULT_TIME_ZONE;

  // First month (1 to 12) of the fiscal year; fiscal years are named by the year they end in.
  @Property({ type: 'smallint' })
  fiscalYearStartMonth: number = DEFAULT_FISCAL_YEAR_START_MONTH;

  @Property({ type: 'string' })
  dbCluster: string = 'default';

  @Property({ type: 'string' })
  dbName: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

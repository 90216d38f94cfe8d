import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

// What a super admin sees of the database clusters and the fleet migrations: counts and states
// only, never a server's address or credentials.

@ObjectType({ description: 'A database cluster associations live on, as this API process sees it' })
export class AdminCluster {
  @Field(() => String, { description: 'Its name in TENANT_CLUSTERS (`default` when unset)' })
  name: string;

  @Field(() => Int, { description: 'Associations whose database is there, archived ones included' })
  associations: number;

  @Field(() => Int, {
    nullable: true,
    description: 'How many associations it may hold; null when unlimited',
  })
  maxTenants: number | null;

  @Field(() => Boolean, { description: 'New associations may be placed on it' })
  accepting: boolean;

  @Field(() => Int, {
    description: 'The tenant connections this process may hold on it (its connection budget)',
  })
  connectionBudget: number;

  @Field(() => Int, { description: 'Budget slots this process holds now' })
  connectionsInUse: number;

  @Field(() => Int, { description: 'Requests of this process waiting for a slot now' })
  waiting: number;

  @Field(() => Int, {
    description: 'Requests this process refused for want of a slot since it started (503)',
  })
  refused: number;

  @Field(() => Int, {
    description:
      "Associations whose recorded schema version is not the code's (never read ones included)",
  })
  associationsBehind: number;
}

export enum FleetMigrationStatus {
  RUNNING = 'running',
  DONE = 'done',
  STOPPED = 'stopped',
  FAILED = 'failed',
}
registerEnumType(FleetMigrationStatus, {
  name: 'FleetMigrationStatus',
  description: 'How a fleet migration run stands or ended',
});

@ObjectType({ description: 'One run of the fleet migration (npm run migrate)' })
export class FleetMigrationRun {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'The tenant migration the run brings associations to' })
  targetVersion: string;

  @Field(() => FleetMigrationStatus)
  status: FleetMigrationStatus;

  @Field(() => Int, { description: 'Associations the run set out to visit' })
  total: number;

  @Field(() => Int)
  done: number;

  @Field(() => Int)
  failed: number;

  @Field(() => String, { nullable: true })
  lastError: string | null;

  @Field(() => Date)
  startedAt: Date;

  @Field(() => Date, { nullable: true })
  finishedAt: Date | null;
}

export enum TenantMoveStatus {
  COPYING = 'copying',
  AWAITING_CONFIRMATION = 'awaiting_confirmation',
  CONFIRMED = 'confirmed',
  FAILED = 'failed',
}
registerEnumType(TenantMoveStatus, {
  name: 'TenantMoveStatus',
  description: "A move's state: copying, done and awaiting confirmation, confirmed, or failed",
});

@ObjectType({ description: "One move of an association's database to another cluster" })
export class TenantMove {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  fromCluster: string;

  @Field(() => String)
  toCluster: string;

  @Field(() => TenantMoveStatus)
  status: TenantMoveStatus;

  @Field(() => Int, { nullable: true, description: 'How long writes were frozen, in ms' })
  freezeMs: number | null;

  @Field(() => Date)
  startedAt: Date;

  @Field(() => Date, { nullable: true })
  finishedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Why a failed move failed' })
  error: string | null;
}

@ObjectType({ description: "Where an association's database is and at which version" })
export class AdminOrganizationDatabase {
  @Field(() => String)
  cluster: string;

  @Field(() => String, { description: 'The database name on that cluster' })
  name: string;

  @Field(() => String, {
    nullable: true,
    description: 'Its last tenant migration as last recorded; null when never read',
  })
  schemaVersion: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Set while it is being moved (its writes are refused)',
  })
  movingSince: Date | null;
}

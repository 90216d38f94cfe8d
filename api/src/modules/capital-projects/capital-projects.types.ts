import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';

export enum CapitalProjectCategory {
  ROOFING = 'roofing',
  PAVING = 'paving',
  POOL = 'pool',
  PAINTING = 'painting',
  ELEVATORS = 'elevators',
  LANDSCAPING = 'landscaping',
  BUILDING = 'building',
  AMENITIES = 'amenities',
  FENCING = 'fencing',
  LIGHTING = 'lighting',
  PLUMBING = 'plumbing',
  HVAC = 'hvac',
  OTHER = 'other',
}
registerEnumType(CapitalProjectCategory, { name: 'CapitalProjectCategory' });

export enum CapitalProjectFunding {
  RESERVE = 'reserve',
  OPERATING = 'operating',
  SPECIAL_ASSESSMENT = 'special_assessment',
  LOAN = 'loan',
}
registerEnumType(CapitalProjectFunding, {
  name: 'CapitalProjectFunding',
  description: 'Where the money comes from; RESERVE projects are compared with the projection',
});

export enum CapitalProjectPriority {
  LOW = 'low',
  MEDIUM = 'medium',
  HIGH = 'high',
  CRITICAL = 'critical',
}
registerEnumType(CapitalProjectPriority, { name: 'CapitalProjectPriority' });

export enum CapitalProjectStatus {
  PLANNED = 'planned',
  APPROVED = 'approved',
  IN_PROGRESS = 'in_progress',
  DONE = 'done',
  DEFERRED = 'deferred',
}
registerEnumType(CapitalProjectStatus, { name: 'CapitalProjectStatus' });

@ObjectType({
  description:
    'Planned work on the common property: a card of the capital plan, in a fiscal year or Future',
})
export class CapitalProject {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => CapitalProjectCategory)
  category: CapitalProjectCategory;

  @Field(() => MoneyScalar)
  estimatedCost: Total;

  @Field(() => CapitalProjectFunding)
  fundingSource: CapitalProjectFunding;

  @Field(() => CapitalProjectPriority)
  priority: CapitalProjectPriority;

  @Field(() => CapitalProjectStatus)
  status: CapitalProjectStatus;

  @Field(() => Int, { nullable: true, description: 'The fiscal year planned; null = Future' })
  targetYear: number | null;

  @Field(() => Int, { description: 'Order within its column of the board (0 first)' })
  position: number;

  @Field(() => Int, {
    nullable: true,
    description:
      'The column of the board it shows in: its target year; the current fiscal year when that year has passed and it is not DONE (overdue); null for Future and for years after the last column; null too for DONE projects of past years (not on the board)',
  })
  boardYear: number | null;

  @Field(() => Boolean, {
    description: "Its target year has passed and it is not DONE: shown in this year's column",
  })
  overdue: boolean;

  @Field(() => ID, { nullable: true })
  reserveComponentId: string | null;

  @Field(() => String, { nullable: true, description: "The linked reserve component's name" })
  reserveComponentName: string | null;

  @Field(() => String, { nullable: true })
  notes: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;

  // Not in the schema: whether the board shows it at all (see boardYear).
  onBoard: boolean;
}

@ObjectType({ description: 'A column of the capital plan board: a fiscal year, or Future' })
export class CapitalPlanColumn {
  @Field(() => Int, { nullable: true, description: 'Null: Future' })
  fiscalYear: number | null;

  @Field(() => String, { description: '"FY 2027" or "Future"' })
  label: string;

  @Field(() => MoneyScalar, { description: 'Estimated cost of every project in the column' })
  total: Total;

  @Field(() => MoneyScalar, { description: 'Estimated cost of its RESERVE-funded projects' })
  reserveFunded: Total;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'The reserve balance the projection makes available that year: opening + contribution + interest (null for Future)',
  })
  projectedReserve: Total | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'reserveFunded − projectedReserve when positive, else 0 (null for Future)',
  })
  shortfall: Total | null;

  @Field(() => Boolean, { description: 'The reserve-funded projects exceed projectedReserve' })
  underfunded: boolean;

  @Field(() => [CapitalProject], { description: 'By position' })
  projects: CapitalProject[];
}

@ObjectType({ description: 'The capital projects board: this fiscal year, the next four, Future' })
export class CapitalPlan {
  @Field(() => Int)
  currentFiscalYear: number;

  @Field(() => [CapitalPlanColumn])
  columns: CapitalPlanColumn[];

  @Field(() => MoneyScalar, { description: 'Estimated cost of every project on the board' })
  total: Total;
}

@ObjectType({ description: 'Projects of one status in the dashboard tile' })
export class CapitalProjectStatusCount {
  @Field(() => CapitalProjectStatus)
  status: CapitalProjectStatus;

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  estimatedCost: Total;
}

@ObjectType({ description: "The dashboard tile: this fiscal year's column of the board" })
export class DashboardCapitalProjects {
  @Field(() => Int)
  fiscalYear: number;

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  estimatedCost: Total;

  @Field(() => Int, { description: 'Of them, overdue from earlier years' })
  overdue: number;

  @Field(() => [CapitalProjectStatusCount], { description: 'Statuses with projects, in order' })
  byStatus: CapitalProjectStatusCount[];
}

@InputType()
export class CapitalProjectFilter {
  @Field(() => CapitalProjectStatus, { nullable: true })
  status?: CapitalProjectStatus | null;

  @Field(() => Int, { nullable: true, description: 'Target fiscal year' })
  year?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only Future (no target year)' })
  future?: boolean | null;

  @Field(() => CapitalProjectFunding, { nullable: true })
  funding?: CapitalProjectFunding | null;
}

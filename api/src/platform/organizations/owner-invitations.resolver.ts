import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { bindingsOfUnits, OwnerUnit } from '../../modules/owner-portal/index.js';
import { Membership, MembershipStatus } from '../users/index.js';
import {
  inviteOwner,
  inviteOwnersFromCsv,
  listUnitOwners,
  removeUnitOwner,
} from './owner-invitations.service.js';
import { OwnerInvitationsResult, UnitOwner } from './owner-invitations.types.js';

// Owners of units, as the treasurer manages them from a unit (and in bulk from the units CSV).
@Resolver()
export class OwnerInvitationsResolver {
  @Query(() => [UnitOwner], {
    description: "A unit's owners (people invited to the owner portal for it), first invited first",
  })
  unitOwners(@Arg('unitId', () => ID) unitId: string, @Ctx() ctx: Context): Promise<UnitOwner[]> {
    return listUnitOwners(ctx, unitId);
  }

  @Mutation(() => UnitOwner, {
    description:
      "Invite an owner of a unit to the owner portal by email: INVITED until they accept the emailed link (as a member's invitation), or bound at once when they already own another unit here (they are told). CONFLICT for the association's staff and for an owner of the unit already",
  })
  inviteOwner(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('email', () => String) email: string,
    @Ctx() ctx: Context,
  ): Promise<UnitOwner> {
    return inviteOwner(ctx, unitId, email);
  }

  @Mutation(() => OwnerInvitationsResult, {
    description:
      "Invite the owners of many units from the units CSV (columns unit_number and email; several addresses in a cell, separated by ';' or ',', are co-owners). All or nothing: a row naming no unit or a bad address is BAD_USER_INPUT naming its row, and nobody is invited. dryRun answers what would happen without writing or sending. One email per person, naming their units. Multipart request; send apollo-require-preflight: true",
  })
  inviteOwnersFromCsv(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
    @Arg('dryRun', () => Boolean, { nullable: true }) dryRun?: boolean | null,
  ): Promise<OwnerInvitationsResult> {
    return inviteOwnersFromCsv(ctx, file, dryRun === true);
  }

  @Mutation(() => Boolean, {
    description:
      'Remove an owner from a unit; with no unit left they are no longer a member of the association (their sessions there end)',
  })
  removeUnitOwner(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return removeUnitOwner(ctx, unitId, userId);
  }
}

// The other owners of each unit, named (their name, else their email), never identified: those
// who accepted their invitation.
const coOwnersLoader = defineLoader<string, string[]>('unitCoOwners', async (ctx, unitIds) => {
  const bindings = (await bindingsOfUnits(ctx.em, [...unitIds])).filter(
    (b) => b.user_id !== ctx.auth?.userId,
  );
  const active = bindings.length
    ? await ctx.platformEm.find(
        Membership,
        {
          organization: ctx.org!.orgId,
          user: { $in: [...new Set(bindings.map((b) => b.user_id))] },
          status: MembershipStatus.ACTIVE,
        },
        { populate: ['user'] },
      )
    : [];
  return unitIds.map((unitId) =>
    bindings
      .filter((b) => b.unit_id === unitId)
      .flatMap((b) => {
        const m = active.find((x) => x.user.id === b.user_id);
        return m ? [m.user.name?.trim() || m.user.email] : [];
      }),
  );
});

@Resolver(() => OwnerUnit)
export class OwnerUnitCoOwnersResolver {
  @FieldResolver(() => [String], {
    description: "The unit's other owners, by name (or email), who signed up to the portal",
  })
  coOwners(@Root() unit: OwnerUnit, @Ctx() ctx: Context): Promise<string[]> {
    return ctx.loaders.get(coOwnersLoader).load(unit.id);
  }
}

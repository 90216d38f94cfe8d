import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import {
  boardPacketSettings,
  boardPacketVersions,
  generateBoardPacket,
  setVarianceNote,
  updateBoardPacketSettings,
  varianceNotes,
} from './board-packet.service.js';
import { BoardPacketSettings, VarianceNote } from './board-packet.types.js';
import { type DocumentRecord, generatedByLabels } from './documents.service.js';
import { AssociationDocument } from './documents.types.js';

const noteAuthor = defineLoader<string, string | null>('varianceNoteAuthor', async (ctx, ids) => {
  const labels = await generatedByLabels(ctx.platformEm, ids);
  return ids.map((id) => labels.get(id) ?? null);
});

@Resolver(() => VarianceNote)
export class BoardPacketResolver {
  @Mutation(() => AssociationDocument, {
    description:
      "Generates the month's board packet (a PDF) in the background: a new version while the month is open (a draft), or, while its close stands, the version made under it",
  })
  generateBoardPacket(
    @Arg('month', () => String, { description: 'e.g. "2026-03"' }) month: string,
    @Ctx() ctx: Context,
  ): Promise<DocumentRecord> {
    return generateBoardPacket(ctx, month);
  }

  @Query(() => [AssociationDocument], {
    description: "The month's board packets, newest version first",
  })
  boardPacket(
    @Arg('month', () => String, { description: 'e.g. "2026-03"' }) month: string,
    @Ctx() ctx: Context,
  ): Promise<DocumentRecord[]> {
    return boardPacketVersions(ctx.em, month);
  }

  @Query(() => [VarianceNote], {
    description: "The treasurer's notes on the month's income-statement lines",
  })
  varianceNotes(@Arg('month', () => String) month: string, @Ctx() ctx: Context) {
    return varianceNotes(ctx.em, month);
  }

  @Mutation(() => VarianceNote, {
    nullable: true,
    description:
      "Writes the treasurer's note on an account's line of the month's income statement (at most 1,000 characters); an empty note removes it (null)",
  })
  setVarianceNote(
    @Arg('month', () => String) month: string,
    @Arg('accountId', () => ID) accountId: string,
    @Arg('note', () => String) note: string,
    @Ctx() ctx: Context,
  ) {
    return setVarianceNote(ctx, month, accountId, note);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Who wrote it last, by name' })
  updatedBy(@Root() n: VarianceNote, @Ctx() ctx: Context) {
    return n.updatedById ? ctx.loaders.get(noteAuthor).load(n.updatedById) : null;
  }

  @Query(() => BoardPacketSettings)
  boardPacketSettings(@Ctx() ctx: Context) {
    return boardPacketSettings(ctx.em);
  }

  @Mutation(() => BoardPacketSettings, {
    description: "Whether the packets' delinquency lists name owners (from the next packet on)",
  })
  updateBoardPacketSettings(
    @Arg('ownerNames', () => Boolean) ownerNames: boolean,
    @Ctx() ctx: Context,
  ) {
    return updateBoardPacketSettings(ctx, ownerNames);
  }
}

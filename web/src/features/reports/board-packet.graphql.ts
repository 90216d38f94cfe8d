import { DOCUMENT_FIELDS } from '@/features/documents';
import { graphql, type ResultOf } from '@/graphql';

// The month's generated packets (PDFs kept with the month), newest version first.
export const BOARD_PACKET_VERSIONS_QUERY = graphql(
  `
    query BoardPacketVersions($month: String!) {
      boardPacket(month: $month) {
        ...DocumentFields
      }
    }
  `,
  [DOCUMENT_FIELDS],
);
export type BoardPacketVersion = ResultOf<
  typeof BOARD_PACKET_VERSIONS_QUERY
>['boardPacket'][number];

export const GENERATE_BOARD_PACKET_MUTATION = graphql(
  `
    mutation GenerateBoardPacket($month: String!) {
      generateBoardPacket(month: $month) {
        ...DocumentFields
      }
    }
  `,
  [DOCUMENT_FIELDS],
);

export const VARIANCE_NOTES_QUERY = graphql(`
  query VarianceNotes($month: String!) {
    varianceNotes(month: $month) {
      month
      accountId
      note
      updatedBy
      updatedAt
    }
  }
`);
export type VarianceNote = ResultOf<typeof VARIANCE_NOTES_QUERY>['varianceNotes'][number];

export const SET_VARIANCE_NOTE_MUTATION = graphql(`
  mutation SetVarianceNote($month: String!, $accountId: ID!, $note: String!) {
    setVarianceNote(month: $month, accountId: $accountId, note: $note) {
      month
      accountId
      note
      updatedBy
      updatedAt
    }
  }
`);

export const BOARD_PACKET_SETTINGS_QUERY = graphql(`
  query BoardPacketSettings {
    boardPacketSettings {
      ownerNames
    }
  }
`);

export const UPDATE_BOARD_PACKET_SETTINGS_MUTATION = graphql(`
  mutation UpdateBoardPacketSettings($ownerNames: Boolean!) {
    updateBoardPacketSettings(ownerNames: $ownerNames) {
      ownerNames
    }
  }
`);

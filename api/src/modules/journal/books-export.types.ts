import { Field, ObjectType, registerEnumType } from 'type-graphql';

export enum BooksExportFormat {
  CSV = 'csv',
  JOURNAL = 'journal',
}
registerEnumType(BooksExportFormat, {
  name: 'BooksExportFormat',
  valuesConfig: {
    CSV: { description: 'One row per journal line (a spreadsheet)' },
    JOURNAL: {
      description:
        'A plain-text double-entry journal that hledger and ledger-cli read as it is (`hledger -f books.journal bal`)',
    },
  },
});

@ObjectType({ description: 'A download of the books: a signed link, valid 5 minutes' })
export class BooksExportLink {
  @Field(() => String, {
    description:
      'Same-origin path of the file (GET it: it streams, with Content-Disposition: attachment)',
  })
  url: string;

  @Field(() => String, { description: 'E.g. "books-2026-01-01-to-2026-03-31.journal"' })
  filename: string;
}

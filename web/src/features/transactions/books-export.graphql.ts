import { graphql } from '@/graphql';

export const BOOKS_EXPORT_QUERY = graphql(`
  query BooksExport($from: LocalDate!, $to: LocalDate!, $format: BooksExportFormat!) {
    booksExport(from: $from, to: $to, format: $format) {
      url
      filename
    }
  }
`);

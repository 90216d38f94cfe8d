import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, describeChanges } from './audit';

describe('audit', () => {
  it('reads an edit as before → after, with labels instead of codes', () => {
    expect(
      describeChanges({
        changes: {
          name: { before: 'Checking', after: 'Operating Checking' },
          type: { before: 'liability', after: 'asset' },
        },
      }),
    ).toEqual([
      { field: 'name', label: 'Name', before: 'Checking', after: 'Operating Checking' },
      { field: 'type', label: 'Type', before: 'Liability', after: 'Asset' },
    ]);
  });

  it('reads a creation or posting as values, hiding ids', () => {
    const lines = describeChanges(
      {
        changes: {
          source: 'opening_balance',
          date: '2026-01-01',
          attachmentId: '01a2…',
          contentType: 'application/pdf',
          size: 18000,
        },
      },
      'en-US',
    );
    expect(lines.map((l) => `${l.label}: ${l.after}`)).toEqual([
      'Date: Jan 1, 2026',
      'Source: Opening balance',
      'File type: PDF',
      'Size: 18 KB',
    ]);
  });

  it('names who, and the admin behind an impersonation', () => {
    expect(actorLabel({ userEmail: 'dana@example.com', impersonatedByEmail: null })).toBe(
      'dana@example.com',
    );
    expect(
      actorLabel({ userEmail: 'dana@example.com', impersonatedByEmail: 'owner@example.com' }),
    ).toBe('dana@example.com, as impersonated by owner@example.com');
    expect(actionLabel('archive')).toBe('Archived');
    expect(actionLabel('reclassify')).toBe('Reclassified');
    expect(actionLabel('write_off')).toBe('Written off');
    expect(actionLabel('reconcile')).toBe('Reconcile');
  });
});

import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import SpreadsheetGrid from './SpreadsheetGrid.vue';
import type { GridSection } from './SpreadsheetGrid.vue';
import { gridChanges, parseCell, parseTsv } from './spreadsheet';

const sections: GridSection[] = [
  { key: 'income', label: 'Income', rows: [{ id: 'a', code: '4010', label: 'Dues' }] },
  {
    key: 'expense',
    label: 'Expense',
    rows: [
      { id: 'b', code: '5010', label: 'Landscaping' },
      { id: 'c', code: '5020', label: 'Water' },
    ],
  },
];
const columns = ['Jan', 'Feb', 'Mar'];

function mountGrid(readonly = false) {
  const edits = ref<Record<string, string>>({});
  const Host = defineComponent({
    setup: () => () =>
      h(SpreadsheetGrid, {
        sections,
        columns,
        values: { a: [100000, 100000, 100000], b: [20000, 0, 0] },
        label: 'Test grid',
        readonly,
        net: { label: 'Net', signs: { income: 1, expense: -1 } },
        edits: edits.value,
        'onUpdate:edits': (v: Record<string, string>) => (edits.value = v),
      }),
  });
  const wrapper = mount(Host, { attachTo: document.body });
  const input = (row: number, col: number) =>
    wrapper.get<HTMLInputElement>(`input[data-r="${row}"][data-c="${col}"]`);
  return { wrapper, edits, input };
}

/** Keys typed one at a time where the caret is, replacing a selection, as a person types them. */
async function typeKeys(input: HTMLInputElement, text: string): Promise<void> {
  for (const key of text) {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    input.setRangeText(key, input.selectionStart ?? 0, input.selectionEnd ?? 0, 'end');
    input.dispatchEvent(new InputEvent('input', { data: key, bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    await nextTick();
  }
}

describe('spreadsheet cells', () => {
  it('reads amounts as typed or pasted from a spreadsheet', () => {
    expect(parseCell('1,234.56')).toEqual({ kind: 'ok', cents: 123456 });
    expect(parseCell('(300.00)')).toEqual({ kind: 'ok', cents: -30000 });
    expect(parseCell('$12')).toEqual({ kind: 'ok', cents: 1200 });
    expect(parseCell('-5')).toEqual({ kind: 'ok', cents: -500 });
    expect(parseCell('')).toEqual({ kind: 'ok', cents: 0 });
    expect(parseCell('12.345').kind).toBe('invalid');
    expect(parseCell('abc').kind).toBe('invalid');
    expect(parseTsv('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('lists only the cells that differ from the saved values', () => {
    const saved = { a: [100, 0, 0] };
    expect(gridChanges(saved, { 'a:0': '1.00', 'a:1': '2', 'b:2': 'x' })).toEqual({
      changes: [{ rowId: 'a', col: 1, cents: 200 }],
      invalid: ['b:2'],
    });
  });
});

describe('SpreadsheetGrid', () => {
  it('totals rows, sections and the net; typing marks the cell and updates the totals', async () => {
    const { wrapper, edits, input } = mountGrid();
    expect(wrapper.get('[data-testid=total-income]').text()).toBe('3,000.00');
    expect(wrapper.get('[data-testid=total-expense]').text()).toBe('200.00');
    expect(wrapper.get('[data-testid=total-net]').text()).toBe('2,800.00');
    await input(1, 1).setValue('1,000');
    expect(edits.value).toEqual({ 'b:1': '1,000' });
    expect(input(1, 1).element.parentElement!.className).toContain('sgrid__cell--dirty');
    expect(wrapper.get('[data-testid=total-net]').text()).toBe('1,800.00');
    // Typing the saved value back is no change (once the cell is left).
    await input(1, 1).setValue('');
    expect(wrapper.get('[data-testid=total-net]').text()).toBe('2,800.00');
    await input(1, 1).trigger('blur');
    expect(edits.value).toEqual({});
    await input(2, 0).setValue('12x');
    expect(input(2, 0).element.parentElement!.className).toContain('sgrid__cell--invalid');
    await input(2, 0).trigger('keydown', { key: 'Escape' });
    expect(edits.value).toEqual({});
    wrapper.unmount();
  });

  it('types over a figure key by key as in a spreadsheet, even through its saved value', async () => {
    const { wrapper, edits, input } = mountGrid();
    const cell = input(0, 0).element; // 1,000.00 saved
    // Entering the cell selects all of it.
    cell.focus();
    expect([cell.selectionStart, cell.selectionEnd]).toEqual([0, '1,000.00'.length]);

    await typeKeys(cell, '10000');
    // "1000" on the way reads as the saved amount: the typed text stays, the next key goes on it.
    expect(cell.value).toBe('10000');
    expect(edits.value).toEqual({ 'a:0': '10000' });
    expect(cell.parentElement!.className).toContain('sgrid__cell--dirty');

    cell.select();
    await typeKeys(cell, '1000.50');
    expect(cell.value).toBe('1000.50');
    expect(edits.value).toEqual({ 'a:0': '1000.50' });
    expect(wrapper.get('[data-testid=total-income]').text()).toBe('3,000.50');

    // Typed back to the saved value: not a change, and once left the cell shows it formatted.
    cell.select();
    await typeKeys(cell, '1000');
    expect(cell.value).toBe('1000');
    expect(cell.parentElement!.className).not.toContain('sgrid__cell--dirty');
    await input(0, 0).trigger('blur');
    expect(edits.value).toEqual({});
    expect(cell.value).toBe('1,000.00');
    wrapper.unmount();
  });

  it('enters a cell clicked with the mouse with all of it selected', async () => {
    const { wrapper, input } = mountGrid();
    const cell = input(0, 1).element;
    // The browser's own mousedown would put the caret where the button came up.
    const down = new MouseEvent('mousedown', { button: 0, bubbles: true, cancelable: true });
    cell.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(cell);
    expect([cell.selectionStart, cell.selectionEnd]).toEqual([0, '1,000.00'.length]);
    // In the cell already: a click places the caret as usual.
    const again = new MouseEvent('mousedown', { button: 0, bubbles: true, cancelable: true });
    cell.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    wrapper.unmount();
  });

  it('moves with arrow keys and Enter', async () => {
    const { wrapper, input } = mountGrid();
    input(0, 0).element.focus();
    await input(0, 0).trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(input(1, 0).element);
    await input(1, 0).trigger('keydown', { key: 'Enter' });
    expect(document.activeElement).toBe(input(2, 0).element);
    // The caret is at the end of an empty cell: ArrowRight leaves it.
    await input(2, 0).trigger('keydown', { key: 'ArrowRight' });
    expect(document.activeElement).toBe(input(2, 1).element);
    await input(2, 1).trigger('keydown', { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input(1, 1).element);
    await input(1, 1).trigger('keydown', { key: 'Enter', shiftKey: true });
    expect(document.activeElement).toBe(input(0, 1).element);
    wrapper.unmount();
  });

  it('pastes a block from a spreadsheet into the cells from the focused one', async () => {
    const { wrapper, edits, input } = mountGrid();
    const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', {
      value: { getData: () => '1.00\t(2.00)\t9\t9\n3\t4\n5\t6\n' },
    });
    input(1, 1).element.dispatchEvent(event);
    await wrapper.vm.$nextTick();
    expect(event.defaultPrevented).toBe(true);
    // Two columns fit from Feb (the rest is cut), two rows below 5010 exist.
    expect(edits.value).toEqual({ 'b:1': '1.00', 'b:2': '(2.00)', 'c:1': '3', 'c:2': '4' });
    wrapper.unmount();
  });

  it('scrolls a focused cell out from under the sticky header, columns and net row', async () => {
    const { wrapper, input } = mountGrid();
    const box = wrapper.get('.sgrid').element as HTMLElement;
    // A 500 × 150 viewport: account column 200 wide, Total 100, header 40 high, net row 30;
    // cells 150 × 32 from the corner, moved by the scroll position.
    Object.defineProperty(box, 'clientWidth', { value: 500 });
    Object.defineProperty(box, 'clientHeight', { value: 150 });
    Object.defineProperty(box, 'scrollWidth', { value: 750 });
    const rect = (left: number, top: number, width: number, height: number) =>
      ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      if (this === box) return rect(0, 0, 500, 150);
      if (this.tagName === 'THEAD') return rect(0, 0, 750, 40);
      if (this.tagName === 'TFOOT') return rect(0, 0, 750, 30);
      if (this.classList.contains('sgrid__rowhead')) return rect(0, 0, 200, 32);
      if (this.classList.contains('sgrid__total')) return rect(400, 0, 100, 32);
      const field = this.querySelector('input');
      if (!field) return rect(0, 0, 0, 0);
      const r = Number(field.dataset.r);
      const c = Number(field.dataset.c);
      return rect(200 + 150 * c - box.scrollLeft, 40 + 32 * r - box.scrollTop, 150, 32);
    });

    input(0, 2).element.focus();
    expect(box.scrollLeft).toBe(250); // Mar's right edge at the Total column's left
    input(0, 0).element.focus();
    expect(box.scrollLeft).toBe(0); // Jan's left edge at the account column's right
    input(2, 0).element.focus();
    expect(box.scrollTop).toBe(16); // Water's bottom edge at the net row's top
    input(0, 0).element.focus();
    expect(box.scrollTop).toBe(0);

    // Shadows on the sticky columns say months are scrolled out of sight under them.
    await wrapper.get('.sgrid').trigger('scroll');
    expect(box.className).toContain('sgrid--hidden-after');
    expect(box.className).not.toContain('sgrid--hidden-before');
    box.scrollLeft = 250;
    await wrapper.get('.sgrid').trigger('scroll');
    expect(box.className).toContain('sgrid--hidden-before');
    expect(box.className).not.toContain('sgrid--hidden-after');
    wrapper.unmount();
  });

  it('keeps cells read-only for viewers', async () => {
    const { wrapper, edits, input } = mountGrid(true);
    expect(input(0, 0).attributes('readonly')).toBeDefined();
    await input(0, 0).setValue('5');
    expect(edits.value).toEqual({});
    wrapper.unmount();
  });
});

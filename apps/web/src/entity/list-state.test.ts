import { describe, expect, it } from 'vitest';
import {
  changeList,
  cursorOf,
  defaultListState,
  goToPage,
  readListState,
  writeListState,
  type ListState,
} from './list-state.ts';

const read = (qs: string, options = {}) => readListState(new URLSearchParams(qs), options);
const write = (state: ListState, qs = '', options = {}) =>
  writeListState(new URLSearchParams(qs), state, options).toString();

describe('list state in the query string', () => {
  it('reads nothing as the first page of everything', () => {
    expect(read('')).toEqual(defaultListState());
    expect(write(defaultListState())).toBe('');
  });
  it('round-trips search, status, sort, page size and the page with its cursors', () => {
    const state: ListState = {
      q: 'Acme & Co',
      status: 'Under Review',
      sort: [
        { field: 'invoice_amount', direction: 'desc' },
        { field: 'buyer_name', direction: 'asc' },
      ],
      page: 2,
      pageSize: 50,
      cursors: ['eyJ.abc', 'eyJ.def'],
    };
    const qs = write(state, 'tab=covers');
    expect(qs).toContain('tab=covers');
    expect(qs).toContain('sort=-invoice_amount%2Cbuyer_name');
    expect(read(qs, { statuses: ['Under Review'] })).toEqual(state);
    expect(cursorOf(state)).toBe('eyJ.def');
  });
  it('ignores what it cannot use: unknown status, unsortable fields, odd sizes, pages without a cursor', () => {
    const state = read('status=Nope&sort=-secret,createdAt,bad-name&size=7&page=5&after=t1~t2', {
      statuses: ['Approved'],
      sortable: (f: string) => f !== 'secret',
    });
    expect(state.status).toBeNull();
    expect(state.sort).toEqual([{ field: 'createdAt', direction: 'asc' }]);
    expect(state.pageSize).toBe(25);
    // Page 5 needs four cursors; with two the list shows page 3, the last it can fetch.
    expect(state.page).toBe(2);
    expect(state.cursors).toEqual(['t1', 't2']);
  });
  it('takes any page of a list paged in the browser', () => {
    expect(read('page=4', { cursorless: true }).page).toBe(3);
    expect(write({ ...defaultListState(), page: 3 }, '', { cursorless: true })).toBe('page=4');
  });
  it('keeps two lists apart with a prefix', () => {
    const qs = write({ ...defaultListState(), q: 'x' }, 'q=y', { prefix: 'buyers' });
    expect(qs).toBe('q=y&buyers.q=x');
    expect(read(qs, { prefix: 'buyers' }).q).toBe('x');
    expect(read(qs).q).toBe('y');
  });
  it('starts again on the first page when what is listed changes, not when the page does', () => {
    const onPage3: ListState = { ...defaultListState(), page: 2, cursors: ['a', 'b'] };
    expect(changeList(onPage3, { q: 'acme' })).toMatchObject({ q: 'acme', page: 0, cursors: [] });
    expect(changeList(onPage3, { status: 'Approved' }).page).toBe(0);
    expect(changeList(onPage3, { pageSize: 100 }).page).toBe(0);
    expect(changeList(onPage3, { sort: [{ field: 'createdAt', direction: 'desc' }] }).page).toBe(0);
    expect(changeList(onPage3, { q: '' }).page).toBe(2);
  });
  it('pushes the next token going forward and drops cursors going back', () => {
    const first = defaultListState();
    const second = goToPage(first, 1, 'tok1');
    expect(second).toMatchObject({ page: 1, cursors: ['tok1'] });
    const third = goToPage(second, 2, 'tok2');
    expect(third.cursors).toEqual(['tok1', 'tok2']);
    expect(goToPage(third, 1, null)).toMatchObject({ page: 1, cursors: ['tok1'] });
    // No token: there is no next page to go to.
    expect(goToPage(third, 3, null)).toBe(third);
  });
});

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, writeListState, type ListState, type ListStateOptions } from './list-state.ts';

/**
 * A list's state in the query string (list-state.ts). Changes replace the history entry, so Back
 * leaves the list for the screen before it, and coming back restores search, filter, sort and page.
 * A change is a function of the state the URL holds when it is applied (the grid may call a handler
 * of an earlier render), and one that changes nothing writes nothing.
 */
export function useListState(options: ListStateOptions) {
  const [params, setParams] = useSearchParams();
  const { prefix, pageSize, statuses, sortable, cursorless } = options;
  const opts = useMemo(
    () => ({ prefix, pageSize, statuses, sortable, cursorless }),
    [prefix, pageSize, statuses, sortable, cursorless],
  );
  const state = useMemo(() => readListState(params, opts), [params, opts]);
  const update = useCallback(
    (change: (current: ListState) => ListState) =>
      setParams(
        (current) => {
          const next = writeListState(current, change(readListState(current, opts)), opts);
          return next.toString() === current.toString() ? current : next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, opts],
  );
  return [state, update] as const;
}

/**
 * The search box: typed text at once, written to the list state 300 ms after the last key; a
 * search changed from outside (Back, a link) shows in the box.
 */
export function useSearchBox(q: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(q);
  const written = useRef(q);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === written.current) return;
    const t = setTimeout(() => {
      written.current = trimmed;
      latest.current(trimmed);
    }, 300);
    return () => clearTimeout(t);
  }, [text]);
  return [text, setText] as const;
}

/**
 * A record shown in a dialog over its list, named in the query string (`?open=<id>`), so a row
 * is a real link to it and Back, reload or a new tab show the same record.
 */
export function useOpenParam(key = 'open') {
  const [params, setParams] = useSearchParams();
  const id = params.get(key);
  const hrefFor = useCallback(
    (rowId: string) => {
      const next = new URLSearchParams(params);
      next.set(key, rowId);
      return `?${next.toString()}`;
    },
    [params, key],
  );
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(key);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, key],
  );
  return { id, hrefFor, close };
}

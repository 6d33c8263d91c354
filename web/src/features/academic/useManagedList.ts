import { useCallback, useEffect, useMemo } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dropPages, evictObject } from '../../lib/cacheUpdates';
import { confirmAction } from '../../components/confirm';
import { editLink, firstLoading, useBanners, useCanManageAcademic, type LoadError } from './academicShared';

/**
 * A management page's route state: `?edit={id}` is edit mode, anything else create mode. `startEdit` is the
 * pencil action; `leaveEdit` returns to the base route (after a successful edit, or on cancel).
 */
export function useEditMode(basePath: string) {
  const canManage = useCanManageAcademic();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('edit') || null;
  const startEdit = useCallback((id: string) => navigate(editLink(basePath, id)), [basePath, navigate]);
  const leaveEdit = useCallback(() => navigate(basePath), [basePath, navigate]);
  return {
    canManage,
    editId,
    params,
    startEdit,
    leaveEdit,
    /** For the page's list queries: nothing is fetched for someone who may not manage. */
    listOptions: { skip: !canManage, fetchPolicy: 'cache-and-network' as const },
    /** For the query of the item named by `?edit=`. */
    detailOptions: { variables: { id: editId ?? '' }, skip: !canManage || !editId },
  };
}

export type EditMode = ReturnType<typeof useEditMode>;

interface Item {
  id: string;
  version: number;
}

/** A generated mutation hook's tuple, as far as this hook uses it. */
type Mutation<Vars, Data = unknown> = readonly [
  (options: { variables: Vars; update?(cache: ApolloCache, result: { data?: Data | null }): void }) => Promise<unknown>,
  { loading: boolean },
];

export interface ManagedListConfig<Row extends Item, V, CreateInput, UpdateInput, Created> {
  /** The rows' GraphQL type: a deleted row leaves the cache by it. */
  typename: string;
  mode: EditMode;
  /** One item in the texts, lower case: 'subject' gives 'Subject created successfully', 'Failed to save subject'. */
  noun: string;
  /** Shown when the item named by `?edit=` cannot be loaded. */
  fetchFailed: string;
  /** The page's query failures in banner order (the first not dismissed shows). */
  loadErrors: LoadError[];
  /** The page's list query (a page of rows, or every row): its loading state. */
  list: { loading: boolean; data?: unknown };
  /** The rows shown: the list, filtered and sorted as the page shows it (so an edited row finds its place). */
  rows: Row[];
  detail: { loading: boolean; error?: unknown };
  /** The item named by `?edit=`, once loaded. */
  item: Row | null | undefined;
  /** The create form's values; the query string may prefill some. */
  emptyValues(params: URLSearchParams): V;
  toValues(item: Row): V;
  createInput(values: V): CreateInput;
  /** Without id and version, which are added here (the server refuses an edit of a stale version). */
  updateInput(values: V, item: Row): UpdateInput;
  /** Adds the created row (the create mutation's answer) to the page's cached list query (a list shown whole). */
  addCreated?(cache: ApolloCache, created: Created): void;
  /** A paged list's root field: a create or delete drops its cached pages (the server places rows and counts them). */
  pagedField?: string;
  /** Runs when a delete took the last row shown (a paged list then steps back a page). */
  onEmptied?: () => void;
  /** Ends the delete question: 'Are you sure you want to delete {deleteWhat}?'. */
  deleteWhat(row: Row): string;
  mutations: {
    create: Mutation<{ input: CreateInput }, Created>;
    update: Mutation<{ input: UpdateInput & Item }>;
    remove: Mutation<{ id: string }>;
  };
  /** Asked before a save; false cancels it (e.g. activating a year deactivates the active one). */
  confirmSave?: (values: V, editing: Row | null) => boolean;
  /** Runs after a save went through (e.g. the list again, when the server changed other rows too). */
  afterSave?: (values: V) => void;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The create / edit / list / delete logic every academic management page shares: edit mode from the query
 * string, save and delete (after a browser confirmation) with success and error banners (the server's message
 * or the spec's fallback text, platform.md section 8), and back to the base route after an edit.
 */
export function useManagedList<Row extends Item, V, CreateInput, UpdateInput, Created>(
  config: ManagedListConfig<Row, V, CreateInput, UpdateInput, Created>,
) {
  const { mode, noun, list, detail, mutations, emptyValues, toValues } = config;
  const { editId, params, leaveEdit } = mode;
  const Noun = capitalised(noun);
  const banners = useBanners(config.loadErrors);
  const { showError } = banners;

  // the item cannot be loaded (deleted, or not visible): say why and go back to create mode
  const detailError = editId ? detail.error : undefined;
  useEffect(() => {
    if (!detailError) return;
    showError(detailError, config.fetchFailed);
    leaveEdit();
  }, [detailError, config.fetchFailed, showError, leaveEdit]);

  const editing = editId ? (config.item ?? null) : null;
  // emptyValues and toValues are module functions, so the values change only with the item or the URL
  const initial = useMemo(() => (editing ? toValues(editing) : emptyValues(params)), [editing, params, toValues, emptyValues]);
  // a new key remounts the form: for another item, or when the URL prefills other values
  const formKey = editing ? `edit-${editing.id}` : editId ? 'loading' : `new-${JSON.stringify(initial)}`;

  const save = async (values: V): Promise<boolean> => {
    if (config.confirmSave && !config.confirmSave(values, editing)) return false;
    try {
      if (editId) {
        if (!editing) return false;
        const input = { id: editing.id, version: editing.version, ...config.updateInput(values, editing) };
        // the answer updates the cached row; the page filters and sorts the rows itself
        await mutations.update[0]({ variables: { input } });
        banners.showSuccess(`${Noun} updated successfully`);
        leaveEdit();
      } else {
        await mutations.create[0]({
          variables: { input: config.createInput(values) },
          update: (cache, { data }) => {
            if (config.pagedField) dropPages(cache, config.pagedField);
            else if (data) config.addCreated?.(cache, data);
          },
        });
        banners.showSuccess(`${Noun} created successfully`);
      }
      config.afterSave?.(values);
      return true;
    } catch (error) {
      banners.showError(error, `Failed to save ${noun}`);
      return false;
    }
  };

  const remove = async (row: Row): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete ${config.deleteWhat(row)}?`)) return;
    try {
      // the delete answers true: the row leaves the cache, and with it every list that showed it
      await mutations.remove[0]({
        variables: { id: row.id },
        update: (cache) => {
          evictObject(cache, { __typename: config.typename, id: row.id });
          if (config.pagedField) dropPages(cache, config.pagedField);
        },
      });
      banners.showSuccess(`${Noun} deleted successfully`);
      if (editId === row.id) leaveEdit();
      if (config.rows.length === 1) config.onEmptied?.();
    } catch (error) {
      banners.showError(error, `Failed to delete ${noun}`);
    }
  };

  return {
    canManage: mode.canManage,
    banners,
    rows: config.rows,
    listLoading: firstLoading(list),
    editId,
    editing,
    editLoading: Boolean(editId) && !editing && detail.loading,
    initial,
    formKey,
    saving: mutations.create[1].loading || mutations.update[1].loading,
    deleting: mutations.remove[1].loading,
    startEdit: mode.startEdit,
    leaveEdit,
    save,
    remove,
  };
}

export type ManagedList<Row extends Item, V> = ReturnType<typeof useManagedList<Row, V, unknown, unknown, unknown>>;

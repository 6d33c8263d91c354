import { useMemo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../lib/errors';
import { FormDialog } from './FormDialog';
import { TreePicker, groupTree, type Level } from './TreePicker';
import { useDialogForm } from './useDialogForm';

/** Stands for the items while there are none, so that the tree is not rebuilt on every render. */
const NONE: readonly never[] = [];

/** How the picker groups the items; a module-level constant, so that the tree is rebuilt only for new items. */
export interface ReuseTree<T> {
  levels: Level<T>[];
  leaf: Level<T>;
}

interface ReuseDialogProps<T extends { id: string }> {
  id: string;
  /** 'Reuse Module': the dialog's title and its submit button. */
  title: string;
  /** The tree's accessible name, e.g. 'Available modules'. */
  treeLabel: string;
  emptyText: string;
  /** Shown until an item is picked, e.g. 'Please select a module to reuse'. */
  prompt: string;
  /** The picker's query (loaded once per opening, from the network), and its items. */
  query: { data?: unknown; loading: boolean; error?: unknown };
  items: readonly T[] | undefined;
  /** Shown when the query fails without a message of the server's. */
  loadFailedText: string;
  tree: ReuseTree<T>;
  /** Above the tree. */
  intro?: ReactNode;
  onPick?(item: T): void;
  /** Checks the caller's own fields before reusing; false stops the submit. */
  validate?(): boolean;
  onReuse(id: string): Promise<string | null>;
  onClose(): void;
  /** Under the tree: the picked item's details, or fields for the copy. */
  children?(picked: T | undefined): ReactNode;
}

/**
 * Reuse Course, Module and Content (spec section 2): pick one of the teacher's items in a tree, then reuse
 * it. The submit button stays disabled until an item is picked.
 */
export function ReuseDialog<T extends { id: string }>(props: ReuseDialogProps<T>) {
  const {
    id,
    title,
    treeLabel,
    emptyText,
    prompt,
    query,
    items = NONE,
    loadFailedText,
    tree,
    intro,
    onPick,
    validate,
    onReuse,
    onClose,
    children,
  } = props;
  const nodes = useMemo(() => groupTree(items, tree.levels, tree.leaf), [items, tree]);
  const loadError = query.error ? errorMessage(query.error, loadFailedText) : null;
  const form = useDialogForm<{ selected: string | null }>({ selected: null }, onClose);
  const { selected } = form.values;

  const pick = (itemId: string) => {
    form.set('selected', itemId);
    const item = items.find((i) => i.id === itemId);
    if (item) onPick?.(item);
  };

  const submit = () => {
    if (!selected || (validate && !validate())) return;
    void form.save(() => onReuse(selected));
  };

  return (
    <FormDialog
      id={id}
      title={title}
      submitLabel={title}
      onSubmit={submit}
      submitDisabled={!selected}
      {...form.dialog}
      error={form.dialog.error ?? loadError}
    >
      {intro}
      <TreePicker
        label={treeLabel}
        nodes={nodes}
        selectedId={selected}
        onSelect={pick}
        loading={query.loading && !query.data}
        emptyText={emptyText}
      />
      {!selected && (
        <Typography variant="body2" color="text.secondary">
          {prompt}
        </Typography>
      )}
      {children?.(items.find((i) => i.id === selected))}
    </FormDialog>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';

export interface TreeNode {
  id: string;
  label: string;
  /** Present on branches (years, classes, courses, modules); leaves are the items to pick. */
  children?: TreeNode[];
}

/** One level of a tree built by `groupTree`: how items are grouped there and what the group is called. */
export interface Level<T> {
  key(item: T): string;
  label(item: T): string;
}

/**
 * Groups a flat list into a tree, one level per entry of `levels` (e.g. year, class, course), keeping the
 * order in which groups first appear; the leaves are the items themselves.
 */
export function groupTree<T>(items: readonly T[], levels: Level<T>[], leaf: Level<T>, prefix = ''): TreeNode[] {
  if (levels.length === 0) return items.map((item) => ({ id: leaf.key(item), label: leaf.label(item) }));
  const [level, ...rest] = levels;
  const groups = new Map<string, { label: string; items: T[] }>();
  for (const item of items) {
    const key = level.key(item);
    const group = groups.get(key) ?? { label: level.label(item), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, g]) => {
    const id = `${prefix}${key}/`;
    return { id, label: g.label, children: groupTree(g.items, rest, leaf, id) };
  });
}

interface TreePickerProps {
  /** Accessible name of the tree, e.g. "Available courses". */
  label: string;
  nodes: TreeNode[];
  selectedId: string | null;
  onSelect(id: string): void;
  loading?: boolean;
  emptyText: string;
}

/**
 * A reuse picker (spec section 2): branches open and close on click, a leaf is picked on click. All branches
 * start open; the list has a limited height and scrolls (spec section 9).
 */
export function TreePicker({ label, nodes, selectedId, onSelect, loading, emptyText }: TreePickerProps) {
  // all branches are open at first; `closed` records the ones the user folded
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setClosed((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const render = (items: TreeNode[], depth: number) =>
    items.map((node) => {
      if (node.children) {
        const open = !closed.has(node.id);
        return (
          <Box component="li" key={node.id}>
            <ListItemButton onClick={() => toggle(node.id)} aria-expanded={open} sx={{ pl: 1 + depth * 2 }} dense>
              <ListItemText primary={node.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              {open ? <ExpandLessIcon aria-hidden="true" /> : <ExpandMoreIcon aria-hidden="true" />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List disablePadding dense>
                {render(node.children, depth + 1)}
              </List>
            </Collapse>
          </Box>
        );
      }
      const selected = node.id === selectedId;
      return (
        <Box component="li" key={node.id}>
          <ListItemButton selected={selected} aria-pressed={selected} onClick={() => onSelect(node.id)} sx={{ pl: 1 + depth * 2 }} dense>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {selected ? (
                <CheckCircleIcon color="primary" fontSize="small" aria-hidden="true" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden="true" />
              )}
            </ListItemIcon>
            <ListItemText primary={node.label} />
          </ListItemButton>
        </Box>
      );
    });

  if (loading) return <Typography color="text.secondary">Loading...</Typography>;
  if (nodes.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box role="group" aria-label={label} sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <List disablePadding dense>
        {render(nodes, 0)}
      </List>
    </Box>
  );
}

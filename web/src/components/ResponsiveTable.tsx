import type { ReactNode } from 'react';
import Table, { type TableProps } from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';

/** Below this width (the theme's `sm`, 600 px) a table's rows become cards. */
export const CARD_BREAKPOINT = 'sm';

/** The column that holds a row's buttons: no label in the card, its buttons on their own line. */
const ACTIONS = /^actions?$/i;

interface ResponsiveTableProps extends Omit<TableProps, 'children'> {
  /**
   * The header texts, in cell order: on a phone each cell shows its column's text above its value ('' for a
   * column without a label, such as a row's checkbox).
   */
  columns: string[];
  /** The outer box (e.g. `Paper` with `variant="outlined"`), as TableContainer's `component`. */
  container?: React.ElementType;
  containerProps?: Record<string, unknown>;
  /** TableHead and TableBody, as in a plain Table. */
  children: ReactNode;
}

/** A CSS string literal (the `content` of a label). */
function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;
}

/**
 * On a phone, every row as a card: the header row is hidden from sight (screen readers keep it), each cell
 * stacks under its column's name, and the actions sit in full view at the bottom of the card, so nothing
 * needs a sideways scroll. Wide screens get the table unchanged.
 */
function cardStyles(theme: Theme, columns: string[]): SxProps<Theme> {
  const labels: Record<string, { content: string }> = {};
  columns.forEach((column, i) => {
    if (!column || ACTIONS.test(column)) return;
    labels[`& tbody td:nth-of-type(${i + 1}):not([colspan])::before`] = { content: cssString(column) };
  });
  const last = columns.length;
  return {
    [theme.breakpoints.down(CARD_BREAKPOINT)]: {
      '& thead': {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
      '& table, & tbody, & tr': { display: 'block', width: '100%' },
      '& tbody tr': {
        borderBottom: `1px solid ${theme.palette.divider}`,
        py: 1,
      },
      '& tbody td': {
        display: 'block',
        border: 'none',
        py: 0.5,
        px: 2,
        textAlign: 'left',
        overflowWrap: 'anywhere',
      },
      '& tbody td::before': {
        display: 'block',
        typography: 'caption',
        color: 'text.secondary',
        fontWeight: 600,
      },
      // the actions: left-aligned, wrapping, never off the edge
      ...(ACTIONS.test(columns[last - 1] ?? '')
        ? {
            [`& tbody td:nth-of-type(${last}):not([colspan])`]: {
              textAlign: 'left',
              pt: 1,
              '& > *': { flexWrap: 'wrap', justifyContent: 'flex-start' },
            },
          }
        : {}),
      // a checkbox column: the box on the card's first line, lined up with the text under it
      '& tbody td.MuiTableCell-paddingCheckbox': { px: 1, py: 0 },
      ...labels,
    },
  };
}

/**
 * A table on wide screens and a list of cards below 600 px (issue 14: every page fits a 375 px phone, the
 * row's actions in view). A drop-in for `<TableContainer><Table>`: the rows and cells stay as they are.
 */
export function ResponsiveTable({ columns, container, containerProps, children, sx, ...tableProps }: ResponsiveTableProps) {
  const theme = useTheme();
  return (
    <TableContainer component={container ?? 'div'} {...containerProps} sx={cardStyles(theme, columns)}>
      <Table {...tableProps} sx={sx}>
        {children}
      </Table>
    </TableContainer>
  );
}

/**
 * TablePagination's `sx` for phones: its one-line toolbar (rows per page, range, arrows) is wider than a
 * 375 px screen, so below 600 px it wraps and the page arrows stay in view.
 */
export const phonePagination: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down(CARD_BREAKPOINT)]: {
    overflow: 'visible',
    '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1, minHeight: 0 },
    '& .MuiTablePagination-spacer': { display: 'none' },
    '& .MuiTablePagination-actions': { ml: 1 },
  },
});

/** One page of a paged table: where it is and how to move (page counts from 0). */
export interface TablePagerProps {
  count: number;
  page: number;
  pageSize: number;
  onPageChange(next: number): void;
  onPageSizeChange(size: number): void;
}

/** The footer of every paged table: the same sizes to choose from, and the phone layout. */
export function TablePager({ count, page, pageSize, onPageChange, onPageSizeChange }: TablePagerProps) {
  return (
    <TablePagination
      sx={phonePagination}
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
    />
  );
}

import type { Role } from '../gql/types';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useIsRouted } from '../lib/knownRoutes';
import { SIDEBAR_WIDTH } from '../lib/theme';
import { isNavGroup, SIDEBAR_ITEMS, type NavGroup, type NavLink } from './sidebarItems';
import { useRoleSwitcherControl } from './useRoleSwitcher';

interface SidebarProps {
  role: Role;
  /** Permanent drawer from 768 px, overlay below. */
  permanent: boolean;
  mobileOpen: boolean;
  onClose(): void;
}

function SidebarLink({ item, nested, onNavigate }: { item: NavLink; nested?: boolean; onNavigate(): void }) {
  const { pathname } = useLocation();
  const isRouted = useIsRouted();
  const { openSwitcher } = useRoleSwitcherControl();
  const selected = pathname === item.to;
  if (item.opensRoleSwitcher) {
    return (
      <ListItem disablePadding>
        <ListItemButton
          aria-haspopup="dialog"
          onClick={() => {
            onNavigate();
            openSwitcher();
          }}
          sx={{ pl: nested ? 4 : 2 }}
        >
          <ListItemText primary={item.label} />
        </ListItemButton>
      </ListItem>
    );
  }
  if (!isRouted(item.to)) {
    // the spec's link without a page yet: its label stays, shown disabled instead of leading to the 404 page
    return (
      <ListItem disablePadding>
        <ListItemButton disabled sx={{ pl: nested ? 4 : 2 }}>
          <ListItemText primary={item.label} secondary="Coming soon" />
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2 }}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

function SidebarGroup({ group, onNavigate }: { group: NavGroup; onNavigate(): void }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => group.children.some((child) => child.to === pathname));
  const id = `sidebar-group-${group.label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <ListItemText primary={group.label} />
        {open ? <ExpandLess aria-hidden="true" /> : <ExpandMore aria-hidden="true" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={id} disablePadding>
          {group.children.map((child) => (
            <SidebarLink key={child.to} item={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export function Sidebar({ role, permanent, mobileOpen, onClose }: SidebarProps) {
  const items = SIDEBAR_ITEMS[role] ?? [];
  const onNavigate = permanent ? () => undefined : onClose;

  const content = (
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: 'auto' }}>
      <List>
        {items.map((item) =>
          isNavGroup(item) ? (
            <SidebarGroup key={item.label} group={item} onNavigate={onNavigate} />
          ) : (
            <SidebarLink key={item.to + item.label} item={item} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </Box>
  );

  const paperSx = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' as const };

  return permanent ? (
    <Drawer variant="permanent" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paperSx }}>
      <Toolbar />
      {content}
    </Drawer>
  ) : (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
      sx={{ '& .MuiDrawer-paper': paperSx }}
    >
      <Toolbar />
      {content}
    </Drawer>
  );
}

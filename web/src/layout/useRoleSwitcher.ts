import type { Role } from '../gql/types';
import { createContext, useContext, useState } from 'react';
import { useSession } from '../lib/session';

/** Only these original roles may view the app as another role (spec section 6). */
export const SWITCHER_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'TEACHER'];

export interface RoleSwitcherControl {
  open: boolean;
  openSwitcher(): void;
  closeSwitcher(): void;
}

export const RoleSwitcherContext = createContext<RoleSwitcherControl>({
  open: false,
  openSwitcher: () => undefined,
  closeSwitcher: () => undefined,
});

/** Opens and closes the one role-switcher dialog of the layout (navbar button, SuperAdmin dashboard). */
export function useRoleSwitcherControl(): RoleSwitcherControl {
  return useContext(RoleSwitcherContext);
}

/** The layout's switcher state; `used`: it has been opened once (its dialog's code is loaded and it stays mounted). */
export function useRoleSwitcherState(): RoleSwitcherControl & { used: boolean } {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return {
    open,
    used,
    openSwitcher: () => {
      setUsed(true);
      setOpen(true);
    },
    closeSwitcher: () => setOpen(false),
  };
}

/** What the switcher offers: the roles the server allows, minus the active one. */
export function useRoleSwitch() {
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const canSwitch = session.originalRole !== null && SWITCHER_ROLES.includes(session.originalRole);
  const roles = (session.abilities?.switchableRoles ?? []).filter((role) => role !== session.activeRole);

  const switchTo = async (role: Role | 'original'): Promise<boolean> => {
    setPending(true);
    setError(null);
    const message = await session.switchRole(role);
    setPending(false);
    setError(message);
    return message === null;
  };

  return {
    canSwitch,
    roles,
    activeRole: session.activeRole,
    originalRole: session.originalRole,
    isImpersonating: session.isImpersonating,
    pending,
    error,
    clearError: () => setError(null),
    switchTo,
  };
}

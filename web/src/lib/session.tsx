import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type { LoginInput, Role } from '../gql/types';
import {
  MeDocument,
  useLoginMutation,
  useLogoutMutation,
  useSwitchRoleMutation,
  type MeQuery,
  type SessionUserFragment,
} from './session.generated';
import { errorCode, errorMessage } from './errors';
import { clearToken, getToken, onTokenRejected, setToken } from './token';
import { ROUTES } from '@lms/routes';

export type Abilities = MeQuery['me']['abilities'];
export type SessionUser = SessionUserFragment;

/** Session state (spec section 3): token, user, active and original role, impersonation, loading, error. */
interface SessionState {
  user: SessionUser | null;
  activeRole: Role | null;
  isImpersonating: boolean;
  abilities: Abilities | null;
  loading: boolean;
  error: string | null;
}

export interface Session extends SessionState {
  /** The user's own role (the role stored in the database). */
  originalRole: Role | null;
  login(input: LoginInput): Promise<boolean>;
  logout(): Promise<boolean>;
  /** Switch the active role; `'original'` reverts to the user's own role. Resolves to an error text or null. */
  switchRole(role: Role | 'original'): Promise<string | null>;
  /** The server changed the signed-in user (Your Profile): the navbar and user menu show the new values. */
  updateUser(user: SessionUser): void;
  clearError(): void;
}

const SIGNED_OUT: SessionState = {
  user: null,
  activeRole: null,
  isImpersonating: false,
  abilities: null,
  loading: false,
  error: null,
};

const SessionContext = createContext<Session | null>(null);

/** The session a server-rendered page was rendered with: its `me`, or null when rendered signed out. */
export type InitialSession = MeQuery['me'] | null;

function stateOf(initial: InitialSession | undefined): SessionState {
  if (initial === undefined) return { ...SIGNED_OUT, loading: getToken() !== null };
  if (initial === null) return SIGNED_OUT;
  const { user, activeRole, isImpersonating, abilities } = initial;
  return { user, activeRole, isImpersonating, abilities, loading: false, error: null };
}

/** Shown on /login after the server ended the session (expired, revoked, signed out elsewhere). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * `initial`: the session the server rendered the page with (on the server, and when the browser hydrates that
 * page): no `me` is loaded then, the page already has it.
 */
export function SessionProvider({ children, initial }: { children: ReactNode; initial?: InitialSession }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>(() => stateOf(initial));
  const rendered = useRef(initial !== undefined);
  const [loginMutation] = useLoginMutation();
  const [logoutMutation] = useLogoutMutation();
  const [switchRoleMutation] = useSwitchRoleMutation();

  /** Loads `me`; on failure the token and user are cleared (spec section 4). */
  const loadMe = useCallback(async (): Promise<boolean> => {
    try {
      const { data } = await client.query<MeQuery>({ query: MeDocument, fetchPolicy: 'network-only' });
      if (!data) throw new Error('No session');
      const { user, activeRole, isImpersonating, abilities } = data.me;
      setState({ user, activeRole, isImpersonating, abilities, loading: false, error: null });
      return true;
    } catch (error) {
      clearToken();
      setState({ ...SIGNED_OUT, error: errorMessage(error, 'Failed to load user') });
      return false;
    }
  }, [client]);

  useEffect(() => {
    if (!rendered.current && getToken() !== null) void loadMe();
  }, [loadMe]);

  // The server no longer knows the token mid-session (apollo.ts): sign out here and go to /login. Only while
  // signed in: loading `me` at start clears a stale token itself, and a signed-out page has nothing to end.
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = state.user !== null;
  }, [state.user]);
  useEffect(
    () =>
      onTokenRejected(() => {
        if (!signedIn.current) return;
        signedIn.current = false;
        clearToken();
        setState({ ...SIGNED_OUT, error: SESSION_ENDED });
        void client.clearStore();
        navigate(ROUTES.login, { replace: true });
      }),
    [client, navigate],
  );

  const login = useCallback(
    async (input: LoginInput): Promise<boolean> => {
      try {
        const { data } = await loginMutation({ variables: { input } });
        if (!data) throw new Error('No data');
        const { token, user, activeRole, isImpersonating } = data.login;
        setToken(token);
        await client.clearStore();
        setState((s) => ({ ...s, user, activeRole, isImpersonating, loading: false, error: null }));
        // Abilities come with `me`; the user is already signed in meanwhile.
        await loadMe();
        navigate(ROUTES.dashboard);
        return true;
      } catch (error) {
        setState((s) => ({ ...s, error: errorMessage(error, 'Login failed') }));
        return false;
      }
    },
    [client, loadMe, loginMutation, navigate],
  );

  const logout = useCallback(async (): Promise<boolean> => {
    try {
      await logoutMutation();
    } catch (error) {
      // A session the server no longer knows is as good as logged out.
      if (errorCode(error) !== 'UNAUTHENTICATED') {
        console.error('Logout failed', error);
        setState((s) => ({ ...s, error: errorMessage(error, 'Logout failed') }));
        return false;
      }
    }
    clearToken();
    setState(SIGNED_OUT);
    await client.clearStore();
    navigate(ROUTES.login);
    return true;
  }, [client, logoutMutation, navigate]);

  const switchRole = useCallback(
    async (role: Role | 'original'): Promise<string | null> => {
      try {
        // the input is the role as text, the spec's word (as REST takes it), not the enum's ALL_CAPS value
        const { data } = await switchRoleMutation({ variables: { input: { role } } });
        if (!data) throw new Error('No data');
        setState((s) => ({
          ...s,
          activeRole: data.switchRole.role,
          isImpersonating: data.switchRole.isImpersonating,
          error: null,
        }));
        // What the user may see depends on the active role: drop cached data, reload abilities.
        await client.clearStore();
        await loadMe();
        navigate(ROUTES.dashboard);
        return null;
      } catch (error) {
        const fallback = role === 'original' ? 'An error occurred while reverting to original role' : 'Role switch failed';
        const message = errorMessage(error, fallback);
        setState((s) => ({ ...s, error: message }));
        return message;
      }
    },
    [client, loadMe, navigate, switchRoleMutation],
  );

  const updateUser = useCallback((user: SessionUser) => setState((s) => (s.user?.id === user.id ? { ...s, user } : s)), []);

  const clearError = useCallback(() => setState((s) => (s.error ? { ...s, error: null } : s)), []);

  const value = useMemo<Session>(
    () => ({
      ...state,
      originalRole: state.user?.role ?? null,
      login,
      logout,
      switchRole,
      updateUser,
      clearError,
    }),
    [state, login, logout, switchRole, updateUser, clearError],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

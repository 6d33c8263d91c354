import { useState } from 'react';
import { useActionMessages } from '../../components/useActionMessages';
import { useDialogForm, type FieldErrors } from '../../components/useDialogForm';
import { errorMessage } from '../../lib/errors';
import { copyWith } from './SecretOnce';
import {
  ApplicationsDocument,
  useApplicationsQuery,
  useCreateApplicationMutation,
  useRevokeApplicationMutation,
  useRotateApplicationSecretMutation,
  type ApplicationRowFragment,
} from './integrations.generated';

export type ApplicationRow = ApplicationRowFragment;

export interface ApplicationValues {
  name: string;
  scopes: string[];
  /** One address or CIDR range a line. */
  ranges: string;
}

const NEW_APPLICATION: ApplicationValues = { name: '', scopes: [], ranges: '' };

function check(v: ApplicationValues): FieldErrors<ApplicationValues> {
  const errors: FieldErrors<ApplicationValues> = {};
  if (!v.name.trim()) errors.name = 'Name is required';
  if (!v.scopes.length) errors.scopes = 'Give the application at least one scope';
  return errors;
}

/** A client id and secret just made: shown once. */
export interface Credentials {
  name: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Settings -> Integrations -> Applications (SuperAdmin and Admin): the list and the scopes (one request),
 * registering an application, a new secret (rotate) and revoking it; a secret is shown once.
 */
export function useApplications() {
  const query = useApplicationsQuery({ fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: [ApplicationsDocument], awaitRefetchQueries: true };
  const [create] = useCreateApplicationMutation(refetch);
  const [rotateSecret] = useRotateApplicationSecretMutation(refetch);
  const [revokeSecret] = useRevokeApplicationMutation(refetch);
  const messages = useActionMessages();
  const [registering, setRegistering] = useState(false);
  const [made, setMade] = useState<Credentials | null>(null);
  const form = useDialogForm<ApplicationValues>(NEW_APPLICATION, () => setRegistering(false));

  const show = (answer: { clientSecret: string; application: ApplicationRow } | undefined) => {
    if (answer) setMade({ name: answer.application.name, clientId: answer.application.clientId, clientSecret: answer.clientSecret });
  };

  const submit = form.submitWith(check, async ({ name, scopes, ranges }) => {
    try {
      const allowedIpRanges = ranges.split(/[\s,]+/).filter(Boolean);
      const { data } = await create({ variables: { input: { name: name.trim(), scopes, allowedIpRanges } } });
      show(data?.createApplication);
      form.replace(NEW_APPLICATION);
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to register the application');
    }
  });

  const rotate = (app: ApplicationRow) =>
    messages.act(
      async () => show((await rotateSecret({ variables: { id: app.id } })).data?.rotateApplicationSecret),
      `${app.name} has a new secret`,
      'Failed to make a new secret',
    );

  const revoke = (app: ApplicationRow) =>
    messages.act(() => revokeSecret({ variables: { id: app.id } }), `The secret of ${app.name} was revoked`, 'Failed to revoke the secret');

  const toggleScope = (scope: string, on: boolean) =>
    form.set('scopes', on ? [...form.values.scopes, scope] : form.values.scopes.filter((s) => s !== scope));

  return {
    applications: query.data?.applications ?? [],
    scopes: query.data?.applicationScopes ?? [],
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load the applications') : null,
    registering,
    open: () => setRegistering(true),
    form,
    submit,
    toggleScope,
    made,
    forget: () => setMade(null),
    rotate,
    revoke,
    copy: copyWith(messages),
    messages,
  };
}

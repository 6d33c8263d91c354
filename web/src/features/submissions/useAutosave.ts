import { useCallback, useEffect, useRef } from 'react';
import { sendKeepalive } from '../../lib/multipart';
import type { DraftAnswerInput } from '../../gql/types';
import { SaveDraftDocument, useSaveDraftMutation } from './submissions.generated';

/** Saved this long after the last change... */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** ...and at least this often while the student keeps typing. */
export const AUTOSAVE_MAX_WAIT_MS = 4000;

/**
 * Autosave (issue 12, beyond the spec): the answers are saved as a draft through `saveDraft` a moment after
 * each change (at most a few seconds of typing are lost), and at once when the page is hidden, left or closed
 * (a keepalive request that outlives the page). `answers` must be the same array while nothing changed;
 * `enabled` is false while the item may not be submitted, and once it was. Resolves nothing: a failed save is
 * logged and retried with the next change.
 */
export function useAutosave(assessmentId: string, answers: DraftAnswerInput[] | null, enabled: boolean) {
  const [saveDraft] = useSaveDraftMutation();
  const latest = useRef<{ payload: string; answers: DraftAnswerInput[] } | null>(null);
  const saved = useRef<string | null>(null);
  const pendingSince = useRef<number | null>(null);
  const enabledRef = useRef(enabled);

  useEffect(() => {
    enabledRef.current = enabled;
  }, [enabled]);

  /** What is not saved yet, or null. */
  const unsaved = useCallback(() => {
    const l = latest.current;
    return enabledRef.current && l && l.payload !== saved.current ? l : null;
  }, []);

  const save = useCallback(() => {
    const l = unsaved();
    pendingSince.current = null;
    if (!l) return;
    saved.current = l.payload;
    saveDraft({
      variables: { input: { assessmentId, answers: l.answers } },
      update: (cache, { data }) => {
        if (!data) return;
        cache.modify({ id: cache.identify({ __typename: 'Assessment', id: assessmentId }), fields: { myDraft: () => data.saveDraft } });
      },
    }).catch((error: unknown) => {
      console.error('Failed to save the draft', error);
      if (saved.current === l.payload) saved.current = null;
    });
  }, [assessmentId, saveDraft, unsaved]);

  /** On page hide or leave: the unsaved answers go out in a request that outlives the page. */
  const flush = useCallback(() => {
    const l = unsaved();
    if (!l) return;
    saved.current = l.payload;
    pendingSince.current = null;
    sendKeepalive(SaveDraftDocument, { input: { assessmentId, answers: l.answers } });
  }, [assessmentId, unsaved]);

  useEffect(() => {
    if (!answers) return undefined;
    const payload = JSON.stringify(answers);
    // the answers the page opened with are saved already
    if (latest.current === null) saved.current = payload;
    latest.current = { payload, answers };
    if (!unsaved()) return undefined;
    const now = Date.now();
    pendingSince.current ??= now;
    const wait = Math.max(0, Math.min(AUTOSAVE_DEBOUNCE_MS, pendingSince.current + AUTOSAVE_MAX_WAIT_MS - now));
    const timer = window.setTimeout(save, wait);
    return () => window.clearTimeout(timer);
  }, [answers, save, unsaved]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      // leaving the page inside the app
      flush();
    };
  }, [flush]);

  /** After the submit: nothing more is saved. */
  const stop = useCallback(() => {
    enabledRef.current = false;
  }, []);
  return { stop };
}

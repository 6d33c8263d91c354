import { errorMessage } from '../lib/errors';
import { useKeyedMessage } from './useKeyedMessage';

type Work = () => Promise<unknown>;

/**
 * The success and error banners of a page's actions. A dialog's action hands its failure back for the dialog
 * to show (`attempt`); a button's action has no dialog, so its failure goes to the error banner (`act`).
 * Failures show the server's message when there is one, else the given text (spec section 8). Each message is
 * keyed (`useKeyedMessage`): a second success has its own 3 seconds, whatever the first one's timer does.
 */
export function useActionMessages() {
  const success = useKeyedMessage();
  const failure = useKeyedMessage();
  const setSuccess = success.show;
  const setActionError = failure.show;

  /** Resolves to the failure's text, or null when `work` went through (then `done` shows; a function is given what `work` resolved to). */
  const attempt = async <T>(work: () => Promise<T>, done: string | ((result: T) => string), failed: string): Promise<string | null> => {
    try {
      const result = await work();
      setSuccess(typeof done === 'function' ? done(result) : done);
      return null;
    } catch (error) {
      return errorMessage(error, failed);
    }
  };

  /** Clears the last failure, runs `work`, and shows `done` or the failure; resolves true when it went through. */
  const act = async (work: Work, done: string, failed: string): Promise<boolean> => {
    setActionError(null);
    try {
      await work();
      setSuccess(done);
      return true;
    } catch (error) {
      setActionError(errorMessage(error, failed));
      return false;
    }
  };

  return {
    success: success.message,
    actionError: failure.message,
    /** For the actions whose texts do not follow `attempt` and `act`. */
    setSuccess,
    setActionError,
    attempt,
    act,
    /** The banners' `onClose`: clears the message whose timer ran out, not a newer one. */
    clearSuccess: success.clear,
    clearError: failure.clear,
  };
}

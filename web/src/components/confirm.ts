/** Deletes ask for a browser confirmation first (spec section 4). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

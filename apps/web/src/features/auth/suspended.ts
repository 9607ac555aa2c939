/**
 * The pages a suspended member may still open among those that need an account (PRODUCT.md: a
 * banned member sees the suspension message and the support conversation, nothing else that
 * acts): the conversation with the SwapU team (paths.support), and their receipts (tax invoices
 * for what they paid before). Every other one, and Swap Swipe, shows the message and the way to
 * support instead. (Plain strings: the shared paths table stays out of the first page load.)
 */
export function openToSuspended(pathname: string, search: string): boolean {
  if (pathname === '/discuss') return new URLSearchParams(search).get('support') === '1';
  return pathname === '/receipts' || pathname.startsWith('/receipts/');
}

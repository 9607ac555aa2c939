import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Deck, DeckCard, SwipeAllowance } from '@swapu/shared/engagement';
import { endpoints } from '@swapu/shared/endpoints';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { call, errorCodeOf } from '../../lib/api';
import type { Direction } from './swipe-gesture';
import { keyOf } from '../../lib/query-keys';

export const deckKey = (postId: string) => keyOf(endpoints.swipeDeck, { params: { postId } });
export const allowanceKey = keyOf(endpoints.swipeAllowance);
/** The token balance and today's extra swipes, as the money feature keys them (refreshed after spending a token). */
const tokensKey = keyOf(endpoints.tokens);
const extraSwipesKey = keyOf(endpoints.extraSwipes);
/**
 * Swipes and undos go to the server one after another, in the order they were made (the page
 * has already moved on): an undo then always takes back the swipe the person saw last.
 */
const SWIPE_SCOPE = { id: 'swap-swipe' };
/** The next batch is asked for when this few cards are left, so the deck never runs dry mid-swipe. */
export const REFILL_AT = 5;

/** Right swipes left today; null for a subscriber (unlimited). `pending` are made here but not yet counted by the server. */
export function rightsLeft(a: SwipeAllowance, pending = 0): number | null {
  return a.limit === null ? null : Math.max(0, a.limit - a.used - pending);
}

/** The guests' sample deck: the newest public listings. */
export const useSampleDeck = () =>
  useQuery({
    queryKey: keyOf(endpoints.swipeSample, { variant: 'items' }),
    queryFn: () => call(endpoints.swipeSample).then((r) => r.items),
    staleTime: 60_000,
  });

/** One pairing (a shareable link): an item and a suggested swap for it. */
export const usePairing = (postId: string, counterId: string) =>
  useQuery({
    queryKey: keyOf(endpoints.swipePairing, { params: { postId, counterId } }),
    queryFn: () => call(endpoints.swipePairing, { params: { postId, counterId } }),
  });

/** Today's right swipes, for the item picker. */
export const useSwipeAllowance = (enabled = true) =>
  useQuery({ queryKey: allowanceKey, queryFn: () => call(endpoints.swipeAllowance), enabled });

/**
 * The deck for one of my items. Swiping is optimistic: the top card goes at once and the swipe is
 * sent behind it (in order); a refused swipe puts its card back on top. The next batch is fetched
 * while a few cards are left and merged in without the cards already here or swiped.
 */
export function useDeck(postId: string) {
  const { t } = useTranslation(['swapSwipe', 'errors']);
  const qc = useQueryClient();
  const key = useMemo(() => deckKey(postId), [postId]);
  /** Cards swiped here (the server may not have them yet): never merged in again. */
  const gone = useRef(new Set<string>());
  const deck = useQuery({
    queryKey: key,
    // Asked again after buying swipes at the limit: what was swiped here stays out.
    queryFn: () =>
      call(endpoints.swipeDeck, { params: { postId } }).then((d) => ({ ...d, items: d.items.filter((c) => !gone.current.has(c.id)) })),
    // The deck changes only by swiping here: a refetch would bring back cards swiped a moment ago.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  /** The cards swiped here, latest last: an undone swipe's card goes back on top. */
  const history = useRef<DeckCard[]>([]);
  const forget = (id: string) => {
    const i = history.current.findLastIndex((c) => c.id === id);
    const card = i >= 0 ? history.current[i] : undefined;
    if (i >= 0) history.current.splice(i, 1);
    return card;
  };
  /** Right swipes sent and not yet answered (the server has not counted them). */
  const pendingRef = useRef(0);
  const [pendingRights, setPendingRights] = useState(0);
  const [limitReached, setLimitReached] = useState(false);
  const [match, setMatch] = useState<DeckCard | null>(null);
  const [exhausted, setExhausted] = useState(false);
  /** A later batch came back 'limit_reached': no more cards today unless more swipes are bought. */
  const [limitLater, setLimitLater] = useState(false);
  const [refillFailed, setRefillFailed] = useState(false);
  const [, setSwipes] = useState(0);
  const refilling = useRef(false);

  const update = useCallback((fn: (d: Deck) => Deck) => qc.setQueryData<Deck>(key, (d) => (d ? fn(d) : d)), [qc, key]);
  const putOnTop = useCallback(
    (card: DeckCard) => update((d) => ({ ...d, items: [card, ...d.items.filter((c) => c.id !== card.id)] })),
    [update],
  );
  const pending = (delta: number) => {
    pendingRef.current += delta;
    setPendingRights(pendingRef.current);
  };
  const refreshAllowance = async () => {
    try {
      const allowance = await call(endpoints.swipeAllowance);
      update((d) => ({ ...d, allowance }));
    } catch {
      // the deck keeps the last allowance it knew
    }
  };

  const send = useMutation({
    scope: SWIPE_SCOPE,
    mutationFn: ({ card, direction }: { card: DeckCard; direction: Direction }) =>
      call(endpoints.swipe, { body: { fromPostId: postId, postId: card.id, direction } }),
    onSuccess: (r, { card }) => {
      update((d) => ({ ...d, allowance: r.allowance, canUndo: true }));
      if (r.matched) setMatch(card);
    },
    onError: (e, { card }) => {
      gone.current.delete(card.id);
      forget(card.id);
      putOnTop(card);
      if (errorCodeOf(e) === 'swipe_limit') {
        setLimitReached(true);
        void refreshAllowance();
      } else {
        notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) });
      }
    },
    onSettled: (_r, _e, { direction }) => {
      if (direction === 'right') pending(-1);
    },
  });

  const undo = useMutation({
    scope: SWIPE_SCOPE,
    mutationFn: () => call(endpoints.undoSwipe),
    onSuccess: (r) => {
      const card = forget(r.postId);
      gone.current.delete(r.postId);
      setExhausted(false);
      setLimitLater(false);
      // The server takes back older swipes too (of the last half hour): undo stays on while this
      // page knows of one.
      update((d) => ({ ...d, allowance: r.allowance, canUndo: history.current.length > 0 }));
      if (card) putOnTop(card);
      // A swipe made before this page was opened: its card comes with a fresh deck.
      else void qc.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      if (errorCodeOf(e) === 'nothing_to_undo') update((d) => ({ ...d, canUndo: false }));
      notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) });
    },
  });

  /**
   * Swipes the top card and answers it; null when it stays: a right swipe with none left today
   * opens the limit panel instead (the server would refuse it too).
   */
  const swipe = (direction: Direction): DeckCard | null => {
    const d = qc.getQueryData<Deck>(key);
    const card = d?.items[0];
    if (!d || !card) return null;
    if (direction === 'right' && rightsLeft(d.allowance, pendingRef.current) === 0) {
      setLimitReached(true);
      return null;
    }
    gone.current.add(card.id);
    history.current.push(card);
    update((x) => ({ ...x, items: x.items.filter((c) => c.id !== card.id), canUndo: true }));
    if (direction === 'right') pending(1);
    // Shown in this same render, not when the cache's batched notification arrives: a key pressed
    // again at once must find the next card on top.
    setSwipes((n) => n + 1);
    send.mutate({ card, direction });
    return card;
  };

  // The next batch, once a few cards are left. The server leaves out what it has been told was
  // swiped; what it has not heard of yet is left out here.
  const count = deck.data?.items.length;
  const stopped = limitLater || deck.data?.status === 'limit_reached';
  useEffect(() => {
    if (count === undefined || count > REFILL_AT || exhausted || stopped || refillFailed || refilling.current) return;
    refilling.current = true;
    call(endpoints.swipeDeck, { params: { postId } })
      .then((next) => {
        if (next.status === 'limit_reached') {
          update((d) => ({ ...d, allowance: next.allowance }));
          setLimitLater(true);
          return;
        }
        let added = 0;
        qc.setQueryData<Deck>(key, (d) => {
          if (!d) return d;
          const here = new Set(d.items.map((c) => c.id));
          const fresh = next.items.filter((c) => !here.has(c.id) && !gone.current.has(c.id));
          added = fresh.length;
          return { ...d, items: [...d.items, ...fresh] };
        });
        if (added === 0) setExhausted(true);
      })
      .catch(() => setRefillFailed(true))
      .finally(() => {
        refilling.current = false;
      });
  }, [count, exhausted, stopped, refillFailed, postId, qc, key, update]);

  return {
    deck,
    swipe,
    undo: () => undo.mutate(),
    undoPending: undo.isPending,
    pendingRights,
    /** Everything suggestible has been swiped. */
    exhausted,
    /** The next batch could not be read (`retry` asks again). */
    refillFailed,
    retry: () => {
      setRefillFailed(false);
      setExhausted(false);
    },
    limitReached,
    closeLimit: () => setLimitReached(false),
    /** The deck deals no more cards today: the day's right swipes are used up (the server said so). */
    dealingStopped: stopped,
    match,
    closeMatch: () => setMatch(null),
    /** Today's allowance changed (swipes bought): a deck stopped at the limit is dealt again. */
    setAllowance: (allowance: SwipeAllowance) => {
      update((d) => ({ ...d, allowance }));
      if (!stopped) return;
      setLimitLater(false);
      setExhausted(false);
      void qc.invalidateQueries({ queryKey: key });
    },
  };
}

/** 10 more right swipes today for 1 token; then the deck's allowance is read afresh. */
export function useBuyExtraSwipes(onAllowance: (a: SwipeAllowance) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const bought = await call(endpoints.buyExtraSwipes);
      const allowance = await call(endpoints.swipeAllowance);
      return { bought, allowance };
    },
    onSuccess: ({ bought, allowance }) => {
      qc.setQueryData(extraSwipesKey, bought);
      qc.setQueryData(allowanceKey, allowance);
      onAllowance(allowance);
      void qc.invalidateQueries({ queryKey: tokensKey });
    },
  });
}

/** My token balance and today's extra swipes (for the limit panel). */
export const useExtraSwipes = (enabled: boolean) =>
  useQuery({ queryKey: extraSwipesKey, queryFn: () => call(endpoints.extraSwipes), enabled });

/** Starts the subscription's checkout; paying returns to /swap-swipe-success, cancelling ends on /swap-swipe-cancel. */
export function useSubscribeFromSwipe() {
  return useMutation({
    mutationFn: () =>
      call(endpoints.createCheckout, { body: { purchase: { kind: 'subscription' }, returnTo: paths.swapSwipeSuccess } }).then((r) => r.url),
  });
}

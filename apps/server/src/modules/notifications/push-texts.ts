import type { PushPayload } from '@swapu/shared/push';
import type { PushedKind } from './push-outbox';

/**
 * What a push says, in the member's language (the bell's texts, web app's notifications.json).
 * Filled in when the push is sent, from the notice's data, as the bell is when it is read.
 */
const TEXTS = {
  en: {
    titles: { offer: 'Offer update', match: "It's a match!", chain: 'Swap chain', message: 'New message' },
    match: '{other} likes your {mine}, and you like their {theirs}.',
    offer: {
      created: '{other} made an offer for {title}',
      accepted: '{other} accepted the offer for {title}',
      declined: '{other} declined the offer for {title}',
      countered: '{other} sent a counter-offer for {title}',
      suggest_change: '{other} suggests a change to the offer for {title}',
      withdrawn: '{other} withdrew the offer for {title}',
      resubmitted: '{other} sent the offer for {title} again',
      confirm_receipt: '{other} confirmed receiving their items for {title}',
      completed: 'The swap for {title} is complete — leave a review',
      disputed: '{other} reported a problem with the swap for {title}',
      expired: 'The offer for {title} expired',
    } as Record<string, string>,
    chain: {
      found: 'A swap chain of {size} people was found for you: unlock it within 48 hours',
      unlocked: '{other} unlocked your swap chain',
      committed: 'Everyone unlocked your swap chain: the swaps are accepted',
      dissolved: 'Your swap chain has ended',
    } as Record<string, string>,
    more: '{count} new messages: {preview}',
    generic: 'Something happened on SwapU',
  },
  pt: {
    titles: { offer: 'Novidades da oferta', match: 'É um match!', chain: 'Cadeia de trocas', message: 'Nova mensagem' },
    match: '{other} gosta do seu {mine}, e você gosta do {theirs}.',
    offer: {
      created: '{other} fez uma oferta por {title}',
      accepted: '{other} aceitou a oferta por {title}',
      declined: '{other} recusou a oferta por {title}',
      countered: '{other} enviou uma contraproposta por {title}',
      suggest_change: '{other} sugere uma alteração à oferta por {title}',
      withdrawn: '{other} retirou a oferta por {title}',
      resubmitted: '{other} voltou a enviar a oferta por {title}',
      confirm_receipt: '{other} confirmou que recebeu os artigos de {title}',
      completed: 'A troca por {title} está concluída — deixe uma avaliação',
      disputed: '{other} comunicou um problema com a troca por {title}',
      expired: 'A oferta por {title} expirou',
    } as Record<string, string>,
    chain: {
      found: 'Encontrámos uma cadeia de trocas de {size} pessoas para si: desbloqueie-a em 48 horas',
      unlocked: '{other} desbloqueou a sua cadeia de trocas',
      committed: 'Todos desbloquearam a sua cadeia de trocas: as trocas estão aceites',
      dissolved: 'A sua cadeia de trocas terminou',
    } as Record<string, string>,
    more: '{count} mensagens novas: {preview}',
    generic: 'Aconteceu algo na SwapU',
  },
};

const fill = (text: string, values: Record<string, string | undefined>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** A chat message's push: who sent it and what it says (with how many are unread when more than one). */
export interface MessagePush {
  senderName: string;
  body: string;
  unread: number;
}

/** The push for one notice, in `language` (pt-PT, or English for anything else). */
export function pushPayload(
  language: string,
  kind: PushedKind,
  data: Record<string, string>,
  link: string,
  message?: MessagePush,
): PushPayload {
  const t = language.toLowerCase().startsWith('pt') ? TEXTS.pt : TEXTS.en;
  const values = { other: data.otherName, title: data.postTitle, mine: data.myTitle, theirs: data.theirTitle, size: data.size };
  if (kind === 'message') {
    const preview = (message?.body ?? '').replace(/\s+/g, ' ').trim().slice(0, 140);
    const unread = message?.unread ?? 1;
    return {
      kind,
      title: message?.senderName || t.titles.message,
      body: unread > 1 ? fill(t.more, { count: String(unread), preview }) : preview,
      url: link,
      tag: `room:${data.roomId ?? link}`,
    };
  }
  const line = kind === 'match' ? t.match : kind === 'offer' ? t.offer[data.event ?? ''] : t.chain[data.event ?? ''];
  const tag = kind === 'offer' ? `offer:${data.offerId ?? link}` : kind === 'match' ? `match:${data.postId ?? link}` : `chain:${link}`;
  return { kind, title: t.titles[kind], body: line ? fill(line, values) : t.generic, url: link, tag };
}

import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';
import { dateTimeFormat } from '@swapu/shared/intl';
import type { RefundReason } from '@swapu/shared/money-api';

/** Mail templates: HTML + text, in en-US or pt-PT by the recipient's language. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Templates that are not transactional (news, campaigns, digests). Each must be built with an
 * unsubscribe link (see `marketing()` and newsletter's `unsubscribeUrl()`); the delivery worker
 * also adds a List-Unsubscribe header to them. Later templates of this kind add their name here.
 */
export const NON_TRANSACTIONAL_TEMPLATES: ReadonlySet<string> = new Set([
  'newsletter-welcome',
  'assist-matches',
  'campaign',
  'campaign-test',
]);

type Action = { label: string; url: string };
type Footer = { unsubscribe?: { label: string; url: string } };

/**
 * A line's {placeholders} filled in one pass, each value as written: a replacer function, so `$&`
 * or `$'` in a title is text, and a value holding `{other}` is not filled in again.
 */
const fillIn = (line: string, values: Record<string, string>) => line.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const isPt = (lang: string) => lang.startsWith('pt');
/**
 * Another member's name in the recipient's language: a deleted account keeps the English
 * `DELETED_MEMBER_NAME` (users/account-deletion.ts), as the web app shows it (lib/member-name.ts).
 * Every template that names another member (offers, matches, chains, the chat digest) uses it.
 */
const memberName = (lang: string, name: string) => (name === DELETED_MEMBER_NAME && isPt(lang) ? 'Membro eliminado' : name);
const TAGLINE = { en: 'SwapU — swap what you have for what you need.', pt: 'SwapU — troque o que tem pelo que precisa.' };

/** Wraps paragraphs and an optional button in SwapU's simple, email-client-safe layout. */
function layout(lang: string, title: string, paragraphs: string[], action?: Action, footer: Footer = {}) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#2f9e5b;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>`
    : '';
  return frame(lang, `<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}`, footer);
}

/** SwapU's mail frame around content that is already HTML (escaped or sanitised by the caller). */
function frame(lang: string, content: string, footer: Footer = {}) {
  const unsubscribe = footer.unsubscribe
    ? `<br><a href="${escape(footer.unsubscribe.url)}" style="color:#888">${escape(footer.unsubscribe.label)}</a>`
    : '';
  return `<!doctype html><html lang="${isPt(lang) ? 'pt-PT' : 'en-AU'}"><body style="margin:0;background:#faf8f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#fff;border-radius:16px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:800;color:#1b7a43;margin:0 0 24px">SwapU</p>
${content}
<p style="font-size:12px;color:#888;margin-top:32px">${escape(isPt(lang) ? TAGLINE.pt : TAGLINE.en)}${unsubscribe}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/**
 * A campaign (issue 20): the admin's design — HTML already sanitised (modules/admin/campaign-html.ts)
 * and its plain-text part — in SwapU's frame, with the unsubscribe link every campaign mail carries.
 * The frame is 560 px wide on a desktop and shrinks with the screen on a phone.
 */
export function campaignMail(lang: string, p: { subject: string; html: string; text: string; unsubscribeUrl: string }): MailContent {
  const label = isPt(lang) ? 'Cancelar a subscrição' : 'Unsubscribe';
  return {
    subject: p.subject,
    html: frame(lang, `<div style="line-height:1.6;word-wrap:break-word">${p.html}</div>`, {
      unsubscribe: { label, url: p.unsubscribeUrl },
    }),
    text: [p.text.trim(), '', '— SwapU', '', `${label}: ${p.unsubscribeUrl}`].join('\n'),
  };
}

const text = (title: string, paragraphs: string[], action?: Action, footer: Footer = {}) =>
  [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '— SwapU',
    ...(footer.unsubscribe ? ['', `${footer.unsubscribe.label}: ${footer.unsubscribe.url}`] : []),
  ].join('\n');

const build = (lang: string, title: string, subject: string, paragraphs: string[], action?: Action, footer?: Footer): MailContent => ({
  subject,
  text: text(title, paragraphs, action, footer),
  html: layout(lang, title, paragraphs, action, footer),
});

/** A non-transactional mail: it cannot be built without a working unsubscribe link. */
const marketing = (lang: string, title: string, subject: string, paragraphs: string[], unsubscribeUrl: string, action?: Action) =>
  build(lang, title, subject, paragraphs, action, {
    unsubscribe: { label: isPt(lang) ? 'Cancelar a subscrição' : 'Unsubscribe', url: unsubscribeUrl },
  });

export function welcomeMail(lang: string, p: { name: string; url: string }): MailContent {
  return isPt(lang)
    ? build(
        lang,
        `Bem-vindo à SwapU, ${p.name}!`,
        'Bem-vindo à SwapU',
        [
          'A sua conta está pronta. Publique os artigos que já não usa e troque-os por artigos, dinheiro ou ambos com pessoas perto de si.',
          'Comece por indicar o seu subúrbio e os seus interesses para lhe mostrarmos trocas à sua medida.',
        ],
        { label: 'Começar a trocar', url: p.url },
      )
    : build(
        lang,
        `Welcome to SwapU, ${p.name}!`,
        'Welcome to SwapU',
        [
          'Your account is ready. List the things you no longer use and swap them for items, cash or both with people near you.',
          'Start by telling us your suburb and interests so we can show you swaps that suit you.',
        ],
        { label: 'Start swapping', url: p.url },
      );
}

/** Asks the person to confirm that the address is theirs. */
export function emailVerificationMail(lang: string, p: { name: string; url: string }): MailContent {
  return isPt(lang)
    ? build(
        lang,
        `Confirme o seu email, ${p.name}`,
        'Confirme o seu endereço de email na SwapU',
        [
          'Confirme que este endereço de email é seu para protegermos a sua conta e lhe enviarmos avisos sobre as suas trocas.',
          'Se não criou uma conta na SwapU, ignore esta mensagem.',
        ],
        { label: 'Confirmar o email', url: p.url },
      )
    : build(
        lang,
        `Confirm your email, ${p.name}`,
        'Confirm your SwapU email address',
        [
          'Please confirm that this email address is yours so we can protect your account and tell you about your swaps.',
          "If you didn't create a SwapU account, you can ignore this email.",
        ],
        { label: 'Confirm email', url: p.url },
      );
}

/** The single-use password reset link; `minutes` is how long it stays valid. */
export function passwordResetMail(lang: string, p: { name: string; url: string; minutes: number }): MailContent {
  return isPt(lang)
    ? build(
        lang,
        `Redefinir a palavra-passe, ${p.name}`,
        'Redefinir a sua palavra-passe da SwapU',
        [
          'Recebemos um pedido para redefinir a palavra-passe da sua conta SwapU.',
          `A ligação abaixo é válida durante ${p.minutes} minutos e só pode ser usada uma vez. Ao definir a nova palavra-passe, terminamos a sessão em todos os seus dispositivos.`,
          'Se não fez este pedido, ignore esta mensagem: a sua palavra-passe não muda.',
        ],
        { label: 'Escolher uma nova palavra-passe', url: p.url },
      )
    : build(
        lang,
        `Reset your password, ${p.name}`,
        'Reset your SwapU password',
        [
          'We received a request to reset the password of your SwapU account.',
          `The link below works for ${p.minutes} minutes and only once. When you set the new password, we sign you out on every device.`,
          "If you didn't ask for this, ignore this email: your password stays the same.",
        ],
        { label: 'Choose a new password', url: p.url },
      );
}

/** Confirms a subscription to SwapU news (non-transactional: carries the unsubscribe link). */
export function newsletterWelcomeMail(lang: string, p: { unsubscribeUrl: string; url: string }): MailContent {
  return isPt(lang)
    ? marketing(
        lang,
        'Subscreveu as novidades da SwapU',
        'Bem-vindo às novidades da SwapU',
        [
          'Obrigado! Vamos enviar-lhe de vez em quando novidades da SwapU: dicas de troca, artigos em destaque perto de si e novas funcionalidades.',
          'Pode cancelar a subscrição a qualquer momento com a ligação no fim de cada mensagem.',
        ],
        p.unsubscribeUrl,
        { label: 'Ver o que há para trocar', url: p.url },
      )
    : marketing(
        lang,
        "You're subscribed to SwapU news",
        'Welcome to SwapU news',
        [
          "Thanks! We'll send you SwapU news from time to time: swapping tips, standout listings near you and new features.",
          'You can unsubscribe at any time with the link at the end of every email.',
        ],
        p.unsubscribeUrl,
        { label: 'See what’s up for swaps', url: p.url },
      );
}

/** Double opt-in: the link that finishes a subscription to SwapU news (asked for on /email-subscription). */
export function newsletterConfirmMail(lang: string, p: { url: string; days: number }): MailContent {
  return isPt(lang)
    ? build(
        lang,
        'Confirme a subscrição das novidades da SwapU',
        'Confirme a sua subscrição da SwapU',
        [
          'Alguém (esperamos que tenha sido você) pediu para receber as novidades da SwapU neste endereço.',
          `Confirme com o botão abaixo; a ligação funciona durante ${p.days} dias. Se não foi você, ignore este email: não enviaremos mais nada.`,
        ],
        { label: 'Confirmar a subscrição', url: p.url },
      )
    : build(
        lang,
        'Confirm your subscription to SwapU news',
        'Confirm your SwapU subscription',
        [
          'Someone (we hope it was you) asked for SwapU news to be sent to this address.',
          `Confirm with the button below; the link works for ${p.days} days. If it wasn't you, ignore this email: we won't send anything else.`,
        ],
        { label: 'Confirm my subscription', url: p.url },
      );
}

/** Someone asked, without signing in, to unsubscribe this address: the link that does it. */
export function newsletterUnsubscribeLinkMail(lang: string, p: { url: string }): MailContent {
  return isPt(lang)
    ? build(
        lang,
        'Cancelar a subscrição da SwapU',
        'A sua ligação para cancelar a subscrição',
        [
          'Alguém (esperamos que tenha sido você) pediu para deixar de enviar novidades e outros emails promocionais da SwapU para este endereço.',
          'Use o botão abaixo para o fazer. Se não foi você, ignore este email: nada muda.',
        ],
        { label: 'Cancelar a subscrição', url: p.url },
      )
    : build(
        lang,
        'Unsubscribe from SwapU email',
        'Your SwapU unsubscribe link',
        [
          'Someone (we hope it was you) asked us to stop sending SwapU news and other promotional email to this address.',
          "Use the button below to do it. If it wasn't you, ignore this email: nothing changes.",
        ],
        { label: 'Unsubscribe', url: p.url },
      );
}

/** Two people like each other's items (spec section 4): links the liked post. */
export function matchMail(
  lang: string,
  match: { name: string; otherName: string; theirTitle: string; myTitle: string; url: string },
): MailContent {
  const p = { ...match, otherName: memberName(lang, match.otherName) };
  return isPt(lang)
    ? build(
        lang,
        `Tem um match, ${p.name}!`,
        `Match na SwapU: ${p.otherName} também gosta de um artigo seu`,
        [
          `Gosta de "${p.theirTitle}" de ${p.otherName}, e ${p.otherName} gosta do seu "${p.myTitle}".`,
          'Veja o artigo e faça uma oferta ou envie uma mensagem enquanto o interesse está fresco.',
        ],
        { label: 'Ver o artigo', url: p.url },
      )
    : build(
        lang,
        `It's a match, ${p.name}!`,
        `SwapU match: ${p.otherName} likes one of your items too`,
        [
          `You like ${p.otherName}'s "${p.theirTitle}", and ${p.otherName} likes your "${p.myTitle}".`,
          'Have a look and make an offer or send a message while the interest is fresh.',
        ],
        { label: 'View the item', url: p.url },
      );
}

export type ChainMailEvent = 'found' | 'unlocked' | 'committed' | 'dissolved';

/**
 * A swap chain changed (issue 19): found (unlock within 48 hours), someone unlocked, every member
 * unlocked (the swaps are accepted), or it dissolved (declined, lapsed, an item gone).
 */
export function chainMail(
  lang: string,
  event: ChainMailEvent,
  chain: { name: string; size: number; otherName: string; reason: 'declined' | 'lapsed' | 'unavailable' | null; url: string },
): MailContent {
  const p = { ...chain, otherName: memberName(lang, chain.otherName) };
  const pt = isPt(lang);
  const why = {
    declined: pt ? `${p.otherName} recusou a cadeia.` : `${p.otherName} declined the chain.`,
    lapsed: pt ? 'Nem todos desbloquearam a tempo (48 horas).' : 'Not everyone unlocked it in time (48 hours).',
    unavailable: pt
      ? 'Um dos artigos deixou de estar disponível antes de todos desbloquearem.'
      : 'One of the items stopped being available before everyone unlocked.',
  };
  const text: Record<ChainMailEvent, { subject: string; heading: string; lines: string[]; label: string }> = pt
    ? {
        found: {
          subject: `Encontrámos uma cadeia de trocas de ${p.size} pessoas para si`,
          heading: `Uma cadeia de trocas, ${p.name}!`,
          lines: [
            `${p.size} pessoas podem trocar em círculo: cada uma dá um artigo e recebe um de que gostou.`,
            'Veja quem dá o quê e desbloqueie nas próximas 48 horas. Quando todos desbloquearem, as trocas ficam aceites.',
          ],
          label: 'Ver a cadeia',
        },
        unlocked: {
          subject: `${p.otherName} desbloqueou a sua cadeia de trocas`,
          heading: `${p.otherName} desbloqueou, ${p.name}`,
          lines: ['Falta quem ainda não desbloqueou. Quando todos o fizerem, as trocas ficam aceites.'],
          label: 'Ver a cadeia',
        },
        committed: {
          subject: 'A sua cadeia de trocas está confirmada',
          heading: `Todos desbloquearam, ${p.name}!`,
          lines: ['Cada troca da cadeia está aceite e o seu artigo está reservado. Combine a entrega e confirme quando receber.'],
          label: 'Ver as minhas trocas',
        },
        dissolved: {
          subject: 'A sua cadeia de trocas terminou',
          heading: `A cadeia terminou, ${p.name}`,
          lines: [why[p.reason ?? 'lapsed'], 'O seu artigo volta às sugestões e pode entrar numa próxima cadeia.'],
          label: 'Ver as minhas cadeias',
        },
      }
    : {
        found: {
          subject: `We found a ${p.size}-person swap chain for you`,
          heading: `A swap chain, ${p.name}!`,
          lines: [
            `${p.size} people can swap in a ring: each gives one item and receives one they liked.`,
            'See who gives what and unlock it within 48 hours. When everyone has unlocked, the swaps are accepted.',
          ],
          label: 'See the chain',
        },
        unlocked: {
          subject: `${p.otherName} unlocked your swap chain`,
          heading: `${p.otherName} unlocked, ${p.name}`,
          lines: ['It is waiting for the others. When everyone has unlocked, the swaps are accepted.'],
          label: 'See the chain',
        },
        committed: {
          subject: 'Your swap chain is on',
          heading: `Everyone unlocked, ${p.name}!`,
          lines: [
            'Every swap in the chain is accepted and your item is reserved. Arrange the delivery and confirm when you receive yours.',
          ],
          label: 'See my swaps',
        },
        dissolved: {
          subject: 'Your swap chain has ended',
          heading: `The chain has ended, ${p.name}`,
          lines: [why[p.reason ?? 'lapsed'], 'Your item goes back into the suggestions and can join a future chain.'],
          label: 'See my chains',
        },
      };
  const m = text[event];
  return build(lang, m.heading, m.subject, m.lines, { label: m.label, url: p.url });
}

export type OfferMailEvent =
  | 'created'
  | 'accepted'
  | 'declined'
  | 'countered'
  | 'suggest_change'
  | 'withdrawn'
  | 'resubmitted'
  | 'confirm_receipt'
  | 'completed'
  | 'disputed'
  | 'expired';

const OFFER_LINES: Record<OfferMailEvent, { en: [string, string]; pt: [string, string] }> = {
  created: {
    en: ['New offer for your {title}', '{other} made you an offer for "{title}".'],
    pt: ['Nova oferta para o seu {title}', '{other} fez-lhe uma oferta por "{title}".'],
  },
  accepted: {
    en: ['Offer accepted: {title}', '{other} accepted the offer for "{title}". The items are reserved for this swap.'],
    pt: ['Oferta aceite: {title}', '{other} aceitou a oferta por "{title}". Os artigos ficam reservados para esta troca.'],
  },
  declined: {
    en: ['Offer declined: {title}', '{other} declined the offer for "{title}". You can send it again or change it.'],
    pt: ['Oferta recusada: {title}', '{other} recusou a oferta por "{title}". Pode voltar a enviá-la ou alterá-la.'],
  },
  countered: {
    en: ['Counter-offer for {title}', '{other} answered your offer for "{title}" with a counter-offer.'],
    pt: ['Contraproposta para {title}', '{other} respondeu à sua oferta por "{title}" com uma contraproposta.'],
  },
  suggest_change: {
    en: ['{other} suggests a change', '{other} would like a change to the offer for "{title}".'],
    pt: ['{other} sugere uma alteração', '{other} gostaria de alterar a oferta por "{title}".'],
  },
  withdrawn: {
    en: ['Offer withdrawn: {title}', '{other} withdrew the offer for "{title}".'],
    pt: ['Oferta retirada: {title}', '{other} retirou a oferta por "{title}".'],
  },
  resubmitted: {
    en: ['Offer sent again: {title}', '{other} sent the offer for "{title}" again.'],
    pt: ['Oferta reenviada: {title}', '{other} voltou a enviar a oferta por "{title}".'],
  },
  confirm_receipt: {
    en: ['{other} received their items', '{other} confirmed receiving their side of the swap for "{title}". Confirm yours to complete it.'],
    pt: ['{other} recebeu os artigos', '{other} confirmou que recebeu a sua parte da troca por "{title}". Confirme a sua para a concluir.'],
  },
  completed: {
    en: ['Swap completed: {title}', 'The swap for "{title}" with {other} is complete. Leave a review to help the community.'],
    pt: ['Troca concluída: {title}', 'A troca por "{title}" com {other} está concluída. Deixe uma avaliação para ajudar a comunidade.'],
  },
  disputed: {
    en: ['Problem reported: {title}', '{other} reported a problem with the swap for "{title}". Our team will look into it.'],
    pt: ['Problema comunicado: {title}', '{other} comunicou um problema com a troca por "{title}". A nossa equipa vai analisar.'],
  },
  expired: {
    en: ['Offer expired: {title}', 'The offer for "{title}" expired without an answer. It is no longer valid.'],
    pt: ['Oferta expirada: {title}', 'A oferta por "{title}" expirou sem resposta. Já não é válida.'],
  },
};

/** Every offer transition, told to the other party (spec section 4). */
export function offerMail(
  lang: string,
  event: OfferMailEvent,
  p: { name: string; otherName: string; title: string; message?: string; url: string },
): MailContent {
  const pt = isPt(lang);
  const values = { title: p.title, other: memberName(lang, p.otherName) };
  const [subject, line] = OFFER_LINES[event][pt ? 'pt' : 'en'].map((s) => fillIn(s, values)) as [string, string];
  const paragraphs = [line, ...(p.message ? [pt ? `Mensagem: "${p.message}"` : `Message: "${p.message}"`] : [])];
  return build(lang, pt ? `Olá ${p.name},` : `Hi ${p.name},`, subject, paragraphs, {
    label: pt ? 'Ver a oferta' : 'View the offer',
    url: p.url,
  });
}

/** One email about unread chat messages while the person was away (not one per message). */
export function messageDigestMail(
  lang: string,
  p: { name: string; rooms: Array<{ otherName: string; count: number; preview: string }>; url: string; settingsUrl: string },
): MailContent {
  const pt = isPt(lang);
  const total = p.rooms.reduce((s, r) => s + r.count, 0);
  const lines = p.rooms.map((r) =>
    pt
      ? `${memberName(lang, r.otherName)}: ${r.count} ${r.count === 1 ? 'mensagem' : 'mensagens'} — "${r.preview}"`
      : `${r.otherName}: ${r.count} ${r.count === 1 ? 'message' : 'messages'} — "${r.preview}"`,
  );
  const off = pt
    ? `Não quer estes emails? Desative-os no seu perfil: ${p.settingsUrl}`
    : `Don't want these emails? Turn them off on your profile: ${p.settingsUrl}`;
  return build(
    lang,
    pt ? `Olá ${p.name},` : `Hi ${p.name},`,
    pt
      ? `Tem ${total} ${total === 1 ? 'mensagem nova' : 'mensagens novas'} na SwapU`
      : `You have ${total} unread ${total === 1 ? 'message' : 'messages'} on SwapU`,
    [pt ? 'Enquanto esteve fora:' : 'While you were away:', ...lines, off],
    { label: pt ? 'Abrir as mensagens' : 'Open your messages', url: p.url },
  );
}

/** New items match a saved search (issue 5): lists up to ten, links each and the whole search. */
export function savedSearchMail(
  lang: string,
  p: { name: string; searchName: string; items: { title: string; url: string }[]; more: number; url: string },
): MailContent {
  const n = p.items.length + p.more;
  const lines = p.items.map((i) => `• ${i.title}: ${i.url}`);
  return isPt(lang)
    ? build(
        lang,
        `Novidades para "${p.searchName}"`,
        n === 1 ? `Um novo artigo para a sua pesquisa "${p.searchName}"` : `${n} novos artigos para a sua pesquisa "${p.searchName}"`,
        [
          `Olá ${p.name}, há ${n === 1 ? 'um novo artigo' : `${n} novos artigos`} na SwapU que correspondem à sua pesquisa guardada "${p.searchName}":`,
          ...lines,
          ...(p.more ? [`E mais ${p.more}.`] : []),
          'Pode apagar a pesquisa guardada na página de pesquisa para deixar de receber estes avisos.',
        ],
        { label: 'Ver os artigos', url: p.url },
      )
    : build(
        lang,
        `New for "${p.searchName}"`,
        n === 1 ? `A new item for your search "${p.searchName}"` : `${n} new items for your search "${p.searchName}"`,
        [
          `Hi ${p.name}, ${n === 1 ? 'a new item' : `${n} new items`} on SwapU match your saved search "${p.searchName}":`,
          ...lines,
          ...(p.more ? [`And ${p.more} more.`] : []),
          'Delete the saved search on the search page to stop these alerts.',
        ],
        { label: 'See the items', url: p.url },
      );
}

const aud = (cents: number) => `A$${(cents / 100).toFixed(2)}`;

/** Why a refund note's money went back, as its mail says (the receipt page says the same). */
const REFUND_WHY: Record<'en' | 'pt', Record<RefundReason, string>> = {
  en: {
    admin: 'SwapU refunded this payment.',
    already_subscribed: 'You already have a subscription, so this payment was returned.',
    quote_expired: 'The delivery quote had expired when the payment arrived, so nothing was booked and the payment was returned.',
    lapsed: 'This checkout had expired when the payment arrived, so the payment was returned.',
    delivery: 'The delivery did not go ahead, so its payment was returned.',
    provider_refund: 'This payment was refunded through our payment provider, so what it bought has been taken back.',
    dispute: 'This payment was disputed with your bank, so what it bought has been taken back.',
  },
  pt: {
    admin: 'A SwapU reembolsou este pagamento.',
    already_subscribed: 'Já tem uma subscrição, por isso este pagamento foi devolvido.',
    quote_expired:
      'O orçamento da entrega tinha expirado quando o pagamento chegou, por isso nada foi marcado e o pagamento foi devolvido.',
    lapsed: 'Esta compra tinha expirado quando o pagamento chegou, por isso o pagamento foi devolvido.',
    delivery: 'A entrega não se realizou, por isso o pagamento foi devolvido.',
    provider_refund: 'Este pagamento foi reembolsado através do nosso fornecedor de pagamentos, por isso o que comprou foi retirado.',
    dispute: 'Este pagamento foi contestado junto do seu banco, por isso o que comprou foi retirado.',
  },
};

/** A tax invoice (or a refund's adjustment note) for a payment, sent when it is issued. */
export function receiptMail(
  lang: string,
  p: {
    name: string;
    number: string;
    kind: 'payment' | 'refund';
    description: string;
    amountCents: number;
    gstCents: number;
    sellerName: string;
    sellerAbn: string | null;
    sellerAddress?: string;
    issuedAt: Date;
    url: string;
    /** Paid through the local provider: no money moved (said on the receipt). */
    testPayment?: boolean;
    /** A refund note: why the money went back (said in the mail). */
    refundReason?: RefundReason | null;
  },
): MailContent {
  // As the receipt page writes it: Sydney's calendar day, in English the Australian way (decision 0036).
  const date = dateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Australia/Sydney' }).format(p.issuedAt);
  const why = p.kind === 'refund' && p.refundReason ? [REFUND_WHY[isPt(lang) ? 'pt' : 'en'][p.refundReason]] : [];
  if (isPt(lang)) {
    const title = p.kind === 'refund' ? `Nota de reembolso ${p.number}` : `Fatura fiscal ${p.number}`;
    return build(
      lang,
      title,
      `${title} da SwapU`,
      [
        `Olá ${p.name}, ${p.kind === 'refund' ? 'devolvemos o seu pagamento' : 'obrigado pela sua compra'}.`,
        `${p.sellerName}, ABN ${p.sellerAbn ?? 'não configurado'}${p.sellerAddress ? `, ${p.sellerAddress}` : ''}`,
        `Data: ${date}`,
        `${p.description}: ${aud(p.amountCents)} (inclui GST de ${aud(p.gstCents)})`,
        ...why,
        ...(p.testPayment ? ['Pagamento de teste: não foi cobrado dinheiro.'] : []),
      ],
      { label: 'Ver o recibo', url: p.url },
    );
  }
  const title = p.kind === 'refund' ? `Refund note ${p.number}` : `Tax invoice ${p.number}`;
  return build(
    lang,
    title,
    `Your SwapU ${p.kind === 'refund' ? 'refund note' : 'tax invoice'} ${p.number}`,
    [
      `Hi ${p.name}, ${p.kind === 'refund' ? 'we have refunded your payment' : 'thank you for your purchase'}.`,
      `${p.sellerName}, ABN ${p.sellerAbn ?? 'not configured'}${p.sellerAddress ? `, ${p.sellerAddress}` : ''}`,
      `Date: ${date}`,
      `${p.description}: ${aud(p.amountCents)} (includes GST of ${aud(p.gstCents)})`,
      ...why,
      ...(p.testPayment ? ['Test payment: no money was taken.'] : []),
    ],
    { label: 'View the receipt', url: p.url },
  );
}

/** Swap Assist's weekly email: the best matches this week for one of the member's assisted items. */
export function assistMatchesMail(
  lang: string,
  p: { name: string; itemTitle: string; items: { title: string; url: string }[]; url: string; unsubscribeUrl: string },
): MailContent {
  const lines = p.items.map((i) => `• ${i.title}: ${i.url}`);
  return isPt(lang)
    ? marketing(
        lang,
        `Boas trocas para "${p.itemTitle}"`,
        `As melhores correspondências desta semana para "${p.itemTitle}"`,
        [
          `Olá ${p.name}, o Swap Assist encontrou estes artigos de pessoas que querem o que tem ou têm o que procura:`,
          ...lines,
          'Faça uma oferta enquanto estão disponíveis.',
        ],
        p.unsubscribeUrl,
        { label: 'Ver o seu artigo', url: p.url },
      )
    : marketing(
        lang,
        `Good swaps for "${p.itemTitle}"`,
        `This week's best matches for "${p.itemTitle}"`,
        [
          `Hi ${p.name}, Swap Assist found these items from people who want what you have or have what you want:`,
          ...lines,
          'Make an offer while they are still available.',
        ],
        p.unsubscribeUrl,
        { label: 'See your item', url: p.url },
      );
}

export type DeliveryMailEvent = 'label_created' | 'shipped' | 'in_transit' | 'delivered' | 'cancelled' | 'failed';

const DELIVERY_LINES: Record<DeliveryMailEvent, { en: [string, string]; pt: [string, string] }> = {
  label_created: {
    en: [
      'Delivery booked: {title}',
      'The courier is booked for "{title}" ({direction}). Tracking reference {ref}; it should arrive about {eta}.',
    ],
    pt: [
      'Entrega marcada: {title}',
      'A transportadora está marcada para "{title}" ({direction}). Referência de seguimento {ref}; deve chegar por volta de {eta}.',
    ],
  },
  shipped: {
    en: ['Picked up: {title}', 'The courier has picked up "{title}" ({direction}). Tracking reference {ref}.'],
    pt: ['Recolhida: {title}', 'A transportadora recolheu "{title}" ({direction}). Referência de seguimento {ref}.'],
  },
  in_transit: {
    en: ['On its way: {title}', '"{title}" is in transit ({direction}). It should arrive about {eta}.'],
    pt: ['A caminho: {title}', '"{title}" está em trânsito ({direction}). Deve chegar por volta de {eta}.'],
  },
  delivered: {
    en: ['Delivered: {title}', '"{title}" has been delivered ({direction}). Once both sides have their items, confirm the swap.'],
    pt: ['Entregue: {title}', '"{title}" foi entregue ({direction}). Quando ambos tiverem os artigos, confirmem a troca.'],
  },
  cancelled: {
    en: ['Delivery cancelled: {title}', 'The delivery of "{title}" ({direction}) was cancelled before pickup. Its payment is refunded.'],
    pt: ['Entrega cancelada: {title}', 'A entrega de "{title}" ({direction}) foi cancelada antes da recolha. O pagamento é reembolsado.'],
  },
  failed: {
    en: [
      'Delivery not booked: {title}',
      'The courier could not take the delivery of "{title}" ({direction}). Nothing is charged: the payment is refunded. You can try again.',
    ],
    pt: [
      'Entrega não marcada: {title}',
      'A transportadora não conseguiu aceitar a entrega de "{title}" ({direction}). Nada é cobrado: o pagamento é reembolsado. Pode tentar de novo.',
    ],
  },
};

/** A delivery's state changed: told to both its sender and its receiver. */
export function deliveryMail(
  lang: string,
  event: DeliveryMailEvent,
  p: { name: string; title: string; fromSuburb: string; toSuburb: string; trackingRef: string | null; eta: string; url: string },
): MailContent {
  const pt = isPt(lang);
  const values = { title: p.title, direction: `${p.fromSuburb} → ${p.toSuburb}`, ref: p.trackingRef ?? '—', eta: p.eta };
  const [subject, line] = DELIVERY_LINES[event][pt ? 'pt' : 'en'].map((s) => fillIn(s, values)) as [string, string];
  return build(lang, pt ? `Olá ${p.name},` : `Hi ${p.name},`, subject, [line], {
    label: pt ? 'Ver a entrega' : 'View the delivery',
    url: p.url,
  });
}

import { build, frame, isPt, type MailContent, marketing } from './mail-layout';

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

import { build, fillIn, isPt, type MailContent, memberName } from './mail-layout';

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

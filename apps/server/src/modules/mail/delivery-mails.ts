import { build, fillIn, isPt, type MailContent } from './mail-layout';

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

import { dateTimeFormat } from '@swapu/shared/intl';
import type { RefundReason } from '@swapu/shared/money-api';
import { build, isPt, type MailContent } from './mail-layout';

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

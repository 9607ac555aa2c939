import { describe, expect, it } from 'vitest';
import type { ScamKind } from '@swapu/shared/constants';
import { scamKinds } from './scam-rules';

/** The rules' table of examples (decision 0050): en-AU and pt-PT, flagged and ordinary. */
const EXAMPLES: Array<[string, ScamKind[]]> = [
  // Paying outside SwapU
  ['Can you just do a bank transfer instead?', ['pay_outside']],
  ['Pay me direct, the app takes ages', ['pay_outside']],
  ['Western Union is fine', ['pay_outside']],
  ['PayPal friends and family only please', ['pay_outside']],
  ['Pode fazer transferência bancária?', ['pay_outside']],
  ['Fazemos por fora, sem passar pela SwapU', ['pay_outside']],
  // Bank or PayID details
  ['pay me via PayID 0412 345 678', ['pay_outside', 'bank_details']],
  ['BSB 062-000 acc 12345678, name is K Walsh', ['bank_details']],
  ['my payid is sarah_k@outlook.com', ['bank_details']],
  ['O meu IBAN é PT50 0035 0123 0001 2345 6789 1', ['bank_details']],
  ['MB Way: 936 111 222 (Rui)', ['pay_outside', 'bank_details']],
  // Gift cards and crypto
  ['Can you pay with a JB Hi-Fi gift card?', ['gift_card_crypto']],
  ['Send 0.002 BTC to my wallet', ['gift_card_crypto']],
  ['Aceita cartão-oferta da Worten?', ['gift_card_crypto']],
  ['Aceito pagamento em criptomoeda', ['gift_card_crypto']],
  // Another app or a phone number
  ['Message me on WhatsApp', ['off_platform']],
  ['text me on 04xx xxx xxx, I mean 0412 345 678', ['off_platform']],
  ['Give me a call on +61 423 456 789', ['off_platform']],
  ['Adiciona-me no Telegram: @trocas_lx', ['off_platform']],
  ['Liga-me para o 912 345 678', ['off_platform']],
  ['o meu telemóvel é +351 918 765 432', ['off_platform']],
  // Look-alike payment and courier links
  ['Pay the redelivery fee at auspost-redelivery.info', ['lookalike_link']],
  ['Confirm at swapu-payments.com/confirm', ['lookalike_link']],
  ['Verify at paypa1.com/secure', ['lookalike_link']],
  ['Track it at sendIe.com/label/4455', ['lookalike_link']],
  ['Go to https://auspost.com.au.parcel-fees.xyz', ['lookalike_link']],
  ['Siga a encomenda em sendle-portugal.net/track', ['lookalike_link']],
  // Ordinary messages, some close to the rules
  ['I can pay cash on pickup', []],
  ['my phone died, back soon', []],
  ['the bank holiday means Monday is out', []],
  ['posted via Australia Post tracking 123', []],
  ['Tracking: https://auspost.com.au/mypost/track/details/33LJX123456', []],
  ['Here is the listing: https://swapu.au/viewPost/8812', []],
  ['Sendle says Wednesday: https://sendle.com/tracking?ref=SXYZ12', []],
  ['I will pay through SwapU as soon as you accept', []],
  ['Sorry, bad signal out here', []],
  ['The order number on the receipt is 44120098', []],
  ['Posso pagar em dinheiro na entrega', []],
  ['Segunda é feriado, pode ser terça?', []],
  ['Não tenho sinal aqui, respondo quando chegar a casa', []],
  ['Enviei pelos CTT, código de seguimento RR123456789PT', []],
  ['A transferência de propriedade do carro é feita no IMT', []],
];

describe('scam rules', () => {
  it.each(EXAMPLES)('%s → %j', (text, kinds) => {
    expect(scamKinds(text)).toEqual(kinds);
  });

  it('finds each kind at most once, in the catalogue order, whatever the case or accents', () => {
    expect(scamKinds('WHATSAPP me, or Telegram, or TEXT ME ON 0412 345 678; PayPal F&F')).toEqual(['pay_outside', 'off_platform']);
    expect(scamKinds('TRANSFERÊNCIA por favor')).toEqual(scamKinds('transferencia por favor'));
  });
});

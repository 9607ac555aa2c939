// The scam and off-platform rules for chat messages (issue 41 item 3, decision 0050): one pass of
// regular expressions over the folded text, in English (Australian) and Portuguese (pt-PT). A
// message is never refused for what these find: the receiver is warned, the sender counted.
import { SCAM_KINDS, type ScamKind } from '@swapu/shared/constants';

/** A stored warning the rules still know (a row's text[] read back). */
export const isScamKind = (k: string): k is ScamKind => (SCAM_KINDS as readonly string[]).includes(k);

/** Lower case, accents gone, runs of white space as one space: "Transferência" → "transferencia". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2019\u2018`]/g, "'")
    .replace(/\s+/g, ' ');

/** Payment rails outside SwapU, named after "pay/send/transfer … via/by/on". */
const RAILS =
  'pay ?id|paypal|osko|beem ?it|beem|bank|bank transfer|direct deposit|western union|moneygram|wise|zelle|venmo|cash ?app|revolut|transfer|mb ?way|multibanco|transferencia'; // prettier-ignore

const PAY_OUTSIDE = [
  // English
  new RegExp(
    `\\b(?:pay|paying|send|sending|transfer|transferring|deposit)(?: me| you| it| the (?:money|cash|rest|balance|\\$?\\d+))?(?: the (?:money|cash|rest|balance))? (?:via|by|through|thru|with|using|on|over|into|to) (?:my |a |the )?(?:${RAILS})\\b`,
  ),
  /\b(?:bank transfer|bank deposit|direct deposit|direct transfer|e-?transfer|western union|moneygram|paypal (?:f&f|f ?and ?f|friends)|friends (?:and|&) family|beem ?it|osko)\b/,
  /\bpay ?id (?:me|it)\b|\b(?:can|could|would|will) (?:you|u) pay ?id\b|\b(?:take|accept|prefer|do|use) pay ?id\b|\bpay ?id (?:is )?(?:easier|fine|better|ok|only|preferred)\b|\bpay ?id only\b/,
  /\bpay(?:ing)? (?:me |you |it )?(?:direct(?:ly)?|privately|outside|off (?:the )?(?:app|site|platform)|off-app)\b/,
  /\b(?:outside|off) (?:of )?(?:swapu|the app|the platform|the site)\b|\bwithout (?:going through |using )?(?:swapu|the app)\b/,
  /\b(?:avoid|skip|dodge|save on|cut out|bypass) (?:the )?(?:swapu'?s? |app |platform )?(?:fees?|app|platform|middleman|checkout)\b/,
  /\b(?:send|transfer|pay) (?:me )?(?:a |the |your )?(?:deposit|holding fee|payment|money|funds) (?:first|upfront|up front|before|in advance|now)\b/,
  /\b(?:deposit|holding fee) (?:first|upfront|up front|in advance)\b/,
  /\bpaypal\.me\b/,
  /\btransfer (?:me|it) (?:the )?(?:\$\d+|money|cash|rest|balance)\b|\bpay (?:with|via|using|through) (?:this|the|my) link\b/,
  // Portuguese
  /\btransferencia(?: bancaria)?\b(?! de (?:propriedade|titularidade))|\btransfere(?:-me|s|m)?\b|\b(?:fazer|faz|fazes|faca) (?:uma |a )?transferencia\b/,
  /\bmb ?way\b|\breferencia multibanco\b|\bpor multibanco\b/,
  /\bpag(?:a|ar|as|o|amento|ue|a-me)(?: me)? (?:por fora|diretamente|direto|a parte)\b/,
  /\bfora da (?:app|aplicacao|plataforma|swapu)\b|\bsem passar (?:pela|pelo) (?:app|aplicacao|plataforma|swapu)\b/,
  /\b(?:evitar|fugir (?:a|as)|poupar) (?:as )?(?:taxas|comissoes|comissao)\b/,
  /\b(?:envi|mand)(?:a|e|as|ar)(?:-me)? (?:o |um |uma )?(?:dinheiro|sinal|pagamento|adiantamento) (?:primeiro|antes|adiantado|ja)\b/,
  /\bpag(?:a|ar|ue|as|o)(?:-me| me)? (?:por|com|via|pelo|pela) (?:mb ?way|revolut|paypal|transferencia|multibanco|western union|link)\b|\btransfira\b/,
  /\bpagamento adiantado\b|\bsinal por transferencia\b|\bdeposito na (?:minha )?conta\b|\bpaypal (?:amigos|familia)\b/,
];

const BANK_DETAILS = [
  /\bbsb\b[^\n]{0,20}?\d{3}[ -]?\d{3}\b/,
  /\b\d{3}-\d{3}\b[ ,/]{1,3}(?:acc(?:ount|t)?\.?(?: no\.?| number| #)?:? ?)?\d{6,10}\b/,
  /\b(?:acc(?:ount|t)?|a\/c)\.? ?(?:no\.?|num(?:ber)?|#)? ?:? ?\d{6,10}\b/,
  /\bpay ?id\b[^\n]{0,25}?(?:[\w.+-]+@[\w-]+\.[\w.-]+|(?:\+?61|0)[ -]?4(?:[ -]?\d){8})/,
  /\bmy pay ?id (?:is|:)/,
  /\biban\b|\bnib\b[ :]*\d|\bpt ?50(?:[ ]?\d){8}/,
  /\b(?:numero|n\.?o|nº) (?:de )?conta\b[^\n]{0,10}?\d{5}/,
  /\bmb ?way\b[^\n]{0,25}?(?:\+?351[ ]?)?9[1236](?:[ ]?\d){7}\b/,
];

const GIFT_CRYPTO = [
  /\b(?:e-?)?gift ?cards?\b|\b(?:itunes|apple|google play|steam|amazon|jb hi-?fi|coles|woolworths|ultimate) (?:gift )?(?:cards?|vouchers?|codes?)\b/,
  /\bbitcoins?\b|\bbtc\b|\bcrypto(?:currency|currencies)?\b|\busdt\b|\btether\b|\bethereum\b|\beth\b(?! (?:cable|port|adapter))|\bbinance\b|\bcoinbase\b|\bdogecoin\b|\blitecoin\b/,
  /\b(?:crypto|bitcoin|btc|usdt|coin) wallet\b|\bwallet address\b|\b0x[0-9a-f]{40}\b|\bbc1[0-9a-z]{25,60}\b/,
  /\bcart(?:ao|oes)(?:-| (?:de )?)(?:oferta|presente|prenda)\b|\bvales? (?:de )?oferta\b|\bcart(?:ao|oes) (?:da |do )?(?:google play|apple|itunes|steam|fnac|worten|amazon)\b/,
  /\bcripto(?:moedas?)?\b|\bcarteira (?:de )?(?:cripto|bitcoin)\b/,
];

const OFF_PLATFORM = [
  /\bwhats ?app\b|\bwatts?app\b|\bwhatsap\b|\bwa\.me\b|\btelegram\b|\bt\.me\/|\bwechat\b|\bviber\b|\bkik\b|\bsnapchat\b|\bzap\b/,
  /\b(?:on|via|use|add me on|message me on|pelo|app) signal\b|\bsignal (?:app|me)\b/,
  /\b(?:move|switch|go|chat) (?:this |the chat )?(?:to|on|over to) (?:signal|sms|text|email)\b/,
  /\b(?:fb|facebook|insta(?:gram)?|ig) (?:messenger|dm|inbox)\b|\bdm me on\b|\bmessage me on (?:fb|facebook|insta(?:gram)?|ig|messenger)\b/,
  /\b(?:text|txt|sms|call|ring|phone|email|e-mail|contact|msg|message) me (?:on|at|direct(?:ly)?|privately|outside)\b(?! (?:here|the app|swapu))/,
  /\bgive me a (?:call|ring|text|bell)\b|\bmy (?:mobile|mob|cell|phone number|number|email|email address) (?:is|:)/,
  /\bliga(?:-me| me)? (?:para|pro)\b|\bmanda(?:-me| me)? (?:uma )?(?:sms|mensagem) (?:para|pro|no|pelo)\b|\bo meu (?:numero|telemovel|contacto|email) (?:e|:)/,
  /\bcontacta(?:-me| me) (?:por|pelo|para|no)\b|\bfala(?:mos)? (?:comigo )?(?:pelo|no|por) (?:whats|telegram|sms|telemovel|email)/,
];

/** A phone number: Australian mobile or landline, Portuguese mobile or landline, with or without country code. */
const NUMBER_CANDIDATE = /(?<![\w+])(\+?\d[\d ().-]{6,16}\d)(?![\w])/g;
const PHONE_DIGITS = /^(?:(?:61|0)[2-478]\d{8}|(?:351)?9[1236]\d{7}|(?:351)?2\d{8})$/;
/** A number or address right after these words is a payment handle (bank details), not a way to chat. */
const HANDLE_CONTEXT = /(?:pay ?id|mb ?way|paypal|iban|nib|pt ?50|bsb|acc)[^\n]{0,20}$/;
/** Starts only where a run of address characters starts: one scan per run, not one per letter. */
const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The real domains of the names a fake link imitates; a subdomain of one is real too. */
const OFFICIAL: Record<string, string[]> = {
  swapu: ['swapu.au'],
  paypal: ['paypal.com', 'paypal.com.au', 'paypal.me'],
  auspost: ['auspost.com.au'],
  australiapost: ['auspost.com.au'],
  sendle: ['sendle.com'],
  stripe: ['stripe.com'],
  afterpay: ['afterpay.com', 'afterpay.com.au'],
  commbank: ['commbank.com.au'],
  westpac: ['westpac.com.au'],
  mbway: ['mbway.pt'],
  cttexpresso: ['cttexpresso.pt', 'ctt.pt'],
};
const BRANDS = Object.keys(OFFICIAL);
const HOST = /(?<![@\w.-])(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?![\w-])/g;
/** Look-alike letters folded back: paypa1 → paypal, s3ndle → sendle, rn → m. */
const unLeet = (s: string) => s.replace(/0/g, 'o').replace(/[1|]/g, 'l').replace(/3/g, 'e').replace(/5/g, 's').replace(/rn/g, 'm');

/** One letter added, dropped or changed (brands of six letters and more only: short names collide). */
function nearly(word: string, brand: string): boolean {
  if (brand.length < 6 || Math.abs(word.length - brand.length) > 1 || word === brand) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < word.length && j < brand.length) {
    if (word[i] !== brand[j] && ++edits > 1) return false;
    // On a difference, the longer word skips a letter (added or dropped) or both move (changed).
    const differ = word[i] !== brand[j];
    if (!differ || word.length >= brand.length) i++;
    if (!differ || word.length <= brand.length) j++;
  }
  return edits + (word.length - i) + (brand.length - j) <= 1;
}

function lookalikeHost(host: string): boolean {
  const bare = host.replace(/^www\./, '');
  const squashed = unLeet(bare.replace(/-/g, ''));
  const labels = unLeet(bare).split(/[.-]/);
  for (const brand of BRANDS) {
    const imitates = squashed.includes(brand) || labels.some((l) => nearly(l, brand));
    if (!imitates) continue;
    const real = OFFICIAL[brand]!.some((d) => bare === d || bare.endsWith(`.${d}`));
    if (!real) return true;
  }
  return false;
}

function phonesAndEmails(original: string, folded: string, found: Set<ScamKind>) {
  for (const m of original.matchAll(NUMBER_CANDIDATE)) {
    const digits = m[1]!.replace(/\D/g, '');
    if (!PHONE_DIGITS.test(digits)) continue;
    const before = foldText(original.slice(Math.max(0, m.index - 30), m.index));
    found.add(HANDLE_CONTEXT.test(before) ? 'bank_details' : 'off_platform');
  }
  if (!original.includes('@')) return;
  for (const m of folded.matchAll(EMAIL)) {
    const before = folded.slice(Math.max(0, m.index - 30), m.index);
    found.add(HANDLE_CONTEXT.test(before) ? 'bank_details' : 'off_platform');
  }
}

/**
 * The kinds of warning a message calls for, in SCAM_KINDS order; empty for an ordinary message.
 * Pure and synchronous: the send path calls it before storing the message.
 */
export function scamKinds(text: string): ScamKind[] {
  const folded = foldText(text);
  const found = new Set<ScamKind>();
  if (PAY_OUTSIDE.some((r) => r.test(folded))) found.add('pay_outside');
  if (BANK_DETAILS.some((r) => r.test(folded))) found.add('bank_details');
  if (GIFT_CRYPTO.some((r) => r.test(folded))) found.add('gift_card_crypto');
  if (OFF_PLATFORM.some((r) => r.test(folded))) found.add('off_platform');
  if (/[\d@]/.test(text)) phonesAndEmails(text, folded, found);
  for (const m of folded.matchAll(HOST)) {
    if (lookalikeHost(m[1]!)) {
      found.add('lookalike_link');
      break;
    }
  }
  return SCAM_KINDS.filter((k) => found.has(k));
}

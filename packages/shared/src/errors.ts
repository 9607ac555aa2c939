/**
 * The error catalogue: every user-facing error of the spec (sections 5 and 8), word for word in
 * en-US, with its pt-PT translation, under a stable snake_case code. The server renders
 * `{ error: { code, message, fields? } }` with this text; the web app shows the same text.
 */
export const ERROR_CATALOGUE = {
  // Section 8
  generic: { en: 'An error occurred', pt: 'Ocorreu um erro' },
  auth_try_later: { en: 'Failed to authenticate, try later.', pt: 'Falha na autenticação, tente mais tarde.' },
  auth_failed: {
    en: 'Failed to authenticate. Check your login data.',
    pt: 'Falha na autenticação. Verifique os seus dados de acesso.',
  },
  address_invalid: { en: 'Please enter valid address', pt: 'Introduza uma morada válida' },
  name_invalid: { en: 'Please enter valid name', pt: 'Introduza um nome válido' },
  file_too_large: {
    en: 'File too large. Please choose file under 25MB',
    pt: 'Ficheiro demasiado grande. Escolha um ficheiro com menos de 25MB',
  },
  room_forbidden: {
    en: 'Nice try, but you are not allowed in that room',
    pt: 'Boa tentativa, mas não tem permissão para entrar nessa sala',
  },
  image_invalid: { en: 'Please use valid image', pt: 'Utilize uma imagem válida' },
  // PRODUCT.md limits (the spec gives no wording): ours.
  images_limit: { en: 'You can add up to 10 photos to an item.', pt: 'Pode adicionar até 10 fotografias a um artigo.' },
  like_own_post: { en: 'You cannot like your own item.', pt: 'Não pode gostar do seu próprio artigo.' },
  message_self: { en: 'Messaging yourself is prohibited', pt: 'É proibido enviar mensagens a si próprio' },
  user_blocked: { en: 'You cannot message this person.', pt: 'Não pode enviar mensagens a esta pessoa.' },
  already_reviewed: { en: 'You have already reviewed this swap.', pt: 'Já avaliou esta troca.' },
  offer_own_post: { en: 'You cannot make an offer on your own item.', pt: 'Não pode fazer uma oferta ao seu próprio artigo.' },
  cash_only_not_allowed: {
    en: 'This item is not open to selling, so cash only is not possible.',
    pt: 'Este artigo não está aberto a venda, por isso não é possível pagar só em dinheiro.',
  },
  image_inappropriate: {
    en: 'Please refrain from using inappropriate images.',
    pt: 'Evite utilizar imagens impróprias.',
  },
  download_denied: { en: 'Browser denied file download...', pt: 'O navegador recusou a transferência do ficheiro...' },
  order_id_issue: { en: 'There is issue with this order id', pt: 'Existe um problema com este número de encomenda' },
  no_quote: { en: "Sorry there's no quote for those entries", pt: 'Lamentamos, não há orçamento para esses dados' },
  form_issue: { en: 'There is issue with your form...', pt: 'Existe um problema com o seu formulário...' },
  offer_method_missing: {
    en: 'No valid offer method was chosen. Please try again.',
    pt: 'Não foi escolhido um método de oferta válido. Tente novamente.',
  },
  swipe_limit: {
    en: 'You have reached your swipe limit for today',
    pt: 'Atingiu o seu limite de deslizes por hoje',
  },
  swipe_own_post: { en: 'Swap Swipe is for your own published items.', pt: 'O Swap Swipe é para os seus próprios artigos publicados.' },
  chain_no_longer_open: {
    en: 'This swap chain is no longer open.',
    pt: 'Esta cadeia de trocas já não está aberta.',
  },
  nothing_to_undo: { en: 'There is no swipe to undo.', pt: 'Não há nenhum deslize para anular.' },
  goal_start_item: {
    en: 'Choose one of your published items to start from.',
    pt: 'Escolha um dos seus artigos publicados como ponto de partida.',
  },
  permission_denied: { en: 'Permission Denied', pt: 'Permissão negada' },
  camera_denied: { en: 'Sorry, we could not open camera', pt: 'Lamentamos, não foi possível abrir a câmara' },
  checkout_failed: { en: "Checkout process didn't go through", pt: 'O processo de pagamento não foi concluído' },
  token_amount_invalid: {
    en: 'The Amount of Token You Want to Purchase is Invalid',
    pt: 'A quantidade de tokens que pretende comprar é inválida',
  },
  // Ours (PRODUCT.md "Money features": a balance never goes negative).
  tokens_insufficient: {
    en: 'You do not have enough tokens for this. Buy tokens first.',
    pt: 'Não tem tokens suficientes para isto. Compre tokens primeiro.',
  },
  already_subscribed: {
    en: 'You already have a subscription.',
    pt: 'Já tem uma subscrição.',
  },
  offer_no_longer_valid: { en: 'This offer is no longer valid', pt: 'Esta oferta já não é válida' },
  no_matches: { en: 'We could not find any matches results', pt: 'Não encontrámos nenhuma correspondência' },
  category_no_match: {
    en: 'Sorry, we could not find any category matching your search',
    pt: 'Lamentamos, não encontrámos nenhuma categoria correspondente à sua pesquisa',
  },
  login_required: { en: 'You need to be logged in to use this', pt: 'Precisa de iniciar sessão para utilizar isto' },
  data_invalid: { en: 'Data invalid', pt: 'Dados inválidos' },
  no_results: { en: 'No results', pt: 'Sem resultados' },
  unsubscribe_email_not_found: {
    en: 'We could not find that email address in our mailing list.',
    pt: 'Não encontrámos esse endereço de email na nossa lista de envio.',
  },
  // Section 5
  email_invalid: { en: 'Please type in a valid email address.', pt: 'Escreva um endereço de email válido.' },
  password_too_short: {
    en: 'Password must be at least 6 characters.',
    pt: 'A palavra-passe deve ter pelo menos 6 caracteres.',
  },
  terms_required: {
    en: 'Please accept the terms and conditions and the privacy policy.',
    pt: 'Aceite os termos e condições e a política de privacidade.',
  },
  terms_pending: {
    en: 'Please accept the terms and conditions and the privacy policy before you continue.',
    pt: 'Aceite os termos e condições e a política de privacidade antes de continuar.',
  },
  cash_value_required: {
    en: 'Please enter cash value estimate for your item',
    pt: 'Introduza uma estimativa do valor em dinheiro do seu artigo',
  },
  cash_value_invalid: { en: 'Please enter valid cash value', pt: 'Introduza um valor em dinheiro válido' },
  weight_required: {
    en: 'Please enter a weight greater than zero',
    pt: 'Introduza um peso superior a zero',
  },
  dimensions_required: {
    en: 'Please enter length, width and height greater than zero',
    pt: 'Introduza comprimento, largura e altura superiores a zero',
  },
  category_required: { en: 'Please choose at least one category', pt: 'Escolha pelo menos uma categoria' },
  material_percentage_pair: {
    en: 'Please choose a material and its percentage together',
    pt: 'Escolha um material e a respetiva percentagem em conjunto',
  },
  email_editor_fields_required: {
    en: 'Design name, mail subject and user mail cannot be empty',
    pt: 'O nome do design, o assunto e o email do utilizador não podem estar vazios',
  },
  coupon_invalid: { en: 'Code is Invalid or Has been used', pt: 'O código é inválido ou já foi utilizado' },
  // Ours (issue 20: campaigns).
  campaign_audience_empty: {
    en: 'Nobody in this audience can receive the campaign. Choose another audience.',
    pt: 'Ninguém neste público pode receber a campanha. Escolha outro público.',
  },
  // Ours (issue 16: coupons).
  coupon_item_required: {
    en: 'Choose the item this coupon is for.',
    pt: 'Escolha o artigo a que este cupão se destina.',
  },
  coupon_item_special: {
    en: 'This coupon is for an item outside the special categories.',
    pt: 'Este cupão é para um artigo fora das categorias especiais.',
  },
  coupon_code_taken: { en: 'That code already exists.', pt: 'Esse código já existe.' },
  // Ours (issue 20: the admin console's blog).
  blog_url_title_taken: {
    en: 'That URL title is already used by another post.',
    pt: 'Esse título de URL já é usado por outra publicação.',
  },
  blog_url_title_invalid: {
    en: 'Use lower-case letters, numbers and single hyphens (up to 80), and not the name of one of our pages.',
    pt: 'Use letras minúsculas, números e hífenes simples (até 80), e não o nome de uma das nossas páginas.',
  },
  address_not_specific: {
    en: 'Address need to be more specific so delivery can pick up your parcel.',
    pt: 'A morada tem de ser mais específica para que a transportadora possa recolher a sua encomenda.',
  },
  pickup_date_invalid: {
    en: 'Please choose a business day that is not a public holiday',
    pt: 'Escolha um dia útil que não seja feriado',
  },
  // Delivery orders (issue 17): ours, the spec gives no wording.
  quote_expired: {
    en: 'This quote has expired. Get a new quote to see the current price.',
    pt: 'Este orçamento expirou. Peça um novo orçamento para ver o preço atual.',
  },
  delivery_exists: {
    en: 'A delivery is already arranged for this item.',
    pt: 'Já existe uma entrega combinada para este artigo.',
  },
  delivery_not_cancellable: {
    en: 'This delivery can no longer be cancelled: the courier has picked it up.',
    pt: 'Esta entrega já não pode ser cancelada: a transportadora já a recolheu.',
  },
  courier_unavailable: {
    en: 'The courier could not be reached. Please try again in a few minutes.',
    pt: 'Não foi possível contactar a transportadora. Tente novamente dentro de alguns minutos.',
  },
  messaging_self: { en: 'Messaging yourself is prohibited', pt: 'Não é permitido enviar mensagens a si próprio' },
  search_term_required: { en: 'Search needs at least one term', pt: 'A pesquisa precisa de pelo menos um termo' },
  saved_searches_limit: {
    en: 'You can save up to 20 searches. Delete one to save another.',
    pt: 'Pode guardar até 20 pesquisas. Apague uma para guardar outra.',
  },
  // Product (PRODUCT.md, section 6)
  account_banned: {
    en: 'Your account has been suspended. Please contact support.',
    pt: 'A sua conta foi suspensa. Contacte o apoio ao cliente.',
  },
  not_found: { en: 'Not found', pt: 'Não encontrado' },
  // Ours (issue 37): an item inside its 24 hours of early access, to someone who does not subscribe.
  // The answer carries only when it opens (fields.opensAt); the page says the rest.
  early_access: {
    en: 'Subscribers see new items first. This one opens to everyone soon.',
    pt: 'Os subscritores veem os artigos novos primeiro. Este fica visível para todos em breve.',
  },
  // Ours (issue 20: the admin console's users).
  ban_reason_required: {
    en: 'Please give a reason for the suspension (up to 500 characters). The member will read it.',
    pt: 'Indique o motivo da suspensão (até 500 caracteres). O membro vai lê-lo.',
  },
  admin_self_ban: { en: 'You cannot suspend your own account.', pt: 'Não pode suspender a sua própria conta.' },
  admin_self_role: { en: 'You cannot change your own role.', pt: 'Não pode alterar o seu próprio papel.' },
  admin_last: {
    en: 'SwapU must keep at least one admin.',
    pt: 'O SwapU tem de manter pelo menos um administrador.',
  },
  admin_role_banned: {
    en: 'Lift the suspension before making this member an admin.',
    pt: 'Levante a suspensão antes de tornar este membro administrador.',
  },
  two_factor_code_invalid: {
    en: 'That code is not valid. Please try again.',
    pt: 'Esse código não é válido. Tente novamente.',
  },
  two_factor_already_enabled: {
    en: 'Two-factor authentication is already on.',
    pt: 'A autenticação de dois fatores já está ativa.',
  },
  password_incorrect: { en: 'That password is not correct.', pt: 'Essa palavra-passe não está correta.' },
  rate_limited: { en: 'Too many requests, please try again shortly', pt: 'Demasiados pedidos, tente novamente em breve' },
  // Scam warnings (issue 41, decision 0050): a sender of many flagged messages is slowed; fields.retryAt says until when.
  chat_slowed: {
    en: 'Several of your messages asked to pay or talk outside SwapU, so messages like that are slowed down for you. Please try again in a few minutes.',
    pt: 'Várias das suas mensagens pediam para pagar ou conversar fora da SwapU, por isso mensagens assim estão mais lentas para si. Tente novamente daqui a alguns minutos.',
  },
  // Web Push (issue 41, decision 0053): the browser subscribed with a push service the server does not post to.
  push_service_refused: {
    en: "This browser's notification service can't be used by SwapU.",
    pt: 'O serviço de notificações deste navegador não pode ser usado pela SwapU.',
  },
  // Load shedding (issue 39, decision 0042): the server is over its limit; the answer says when to try again.
  busy: {
    en: 'SwapU is very busy right now. Please try again in a moment.',
    pt: 'O SwapU está muito ocupado neste momento. Tente novamente daqui a pouco.',
  },
  // Mail (issue 3): password reset and email subscription links
  reset_link_invalid: {
    en: 'This password reset link is invalid or has expired. Please request a new one.',
    pt: 'Esta ligação para redefinir a palavra-passe é inválida ou expirou. Peça uma nova.',
  },
  unsubscribe_link_invalid: {
    en: 'This unsubscribe link is not valid.',
    pt: 'Esta ligação para cancelar a subscrição não é válida.',
  },
  subscription_link_invalid: {
    en: 'This confirmation link is not valid or has expired. Please subscribe again.',
    pt: 'Esta ligação de confirmação não é válida ou expirou. Subscreva novamente.',
  },
  // Moderation (issue 20): ours, the spec gives no wording.
  moderation_reason_required: {
    en: 'Please write a reason: the member is shown it.',
    pt: 'Escreva um motivo: o membro vai vê-lo.',
  },
  listing_reserved: {
    en: 'This listing is reserved in an accepted swap and cannot be hidden now. Resolve the swap first.',
    pt: 'Este anúncio está reservado numa troca aceite e não pode ser ocultado agora. Resolva primeiro a troca.',
  },
  listing_hidden: {
    en: 'The SwapU team has hidden this listing, so it cannot be published again. Please contact support.',
    pt: 'A equipa SwapU ocultou este anúncio, por isso não pode ser publicado novamente. Contacte o apoio ao cliente.',
  },
  listing_already_hidden: { en: 'This listing is already hidden.', pt: 'Este anúncio já está oculto.' },
  listing_not_hidden: { en: 'This listing is not hidden.', pt: 'Este anúncio não está oculto.' },
  listing_draft: {
    en: 'This listing is a draft that nobody else can see: there is nothing to hide.',
    pt: 'Este anúncio é um rascunho que mais ninguém vê: não há nada para ocultar.',
  },
  image_last_photo: {
    en: 'This is the only photo of a live listing. Hide the listing instead.',
    pt: 'Esta é a única fotografia de um anúncio publicado. Oculte antes o anúncio.',
  },
  dispute_resolved: {
    en: 'This dispute has already been resolved.',
    pt: 'Este litígio já foi resolvido.',
  },
} as const satisfies Record<string, { en: string; pt: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The catalogue text of a code in a locale; English is the fallback. */
export function errorMessage(code: ErrorCode, locale: string = 'en-US'): string {
  const entry = ERROR_CATALOGUE[code];
  return locale.startsWith('pt') && entry.pt ? entry.pt : entry.en;
}

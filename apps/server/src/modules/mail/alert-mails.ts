import { build, isPt, type MailContent, memberName } from './mail-layout';

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

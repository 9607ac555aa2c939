import { build, isPt, type MailContent } from './mail-layout';

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

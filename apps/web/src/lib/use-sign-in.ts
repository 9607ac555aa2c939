// The sign-in prompt and the signed-in check live in use-session.ts, which the first page load
// carries anyway. As a module of their own, imported by the layout and by pages alike, they made
// the build split the entry chunk into shared pieces (+0.8 KB gzip on the home route; decision 0039).
export { type SignInState, useAskToSignIn, useSignedIn } from './use-session';

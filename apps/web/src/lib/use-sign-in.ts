export { type SignInState, useAskToSignIn, useSignedIn } from './use-session';

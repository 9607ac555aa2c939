import type { Moderator, ModerationVerdict } from '../lib/moderation';

/**
 * A stand-in for the moderation model in API tests (the real model has its own tests in
 * lib/moderation.test.ts): it passes every image unless told to reject them, and records
 * what it was shown.
 */
export function fakeModerator() {
  let reject = false;
  const seen: Buffer[] = [];
  const moderator: Moderator & { rejectAll(on: boolean): void; seen: Buffer[] } = {
    seen,
    rejectAll(on: boolean) {
      reject = on;
    },
    async check(image: Buffer): Promise<ModerationVerdict> {
      seen.push(image);
      return reject
        ? { inappropriate: true, scores: { Porn: 0.97, Neutral: 0.03 } }
        : { inappropriate: false, scores: { Neutral: 0.99, Porn: 0.01 } };
    },
  };
  return moderator;
}

import { isInappropriate, type Moderator, type ModerationVerdict } from '../lib/moderation';

/**
 * A stand-in for the moderation model in API tests (the real model has its own tests in
 * lib/moderation.test.ts): it passes every image unless told to reject them, or answers the class
 * scores it is given (`useScores`: e.g. a photo close to the line, which is stored but flagged for
 * review), and records what it was shown.
 */
export function fakeModerator() {
  let reject = false;
  let given: Record<string, number> | null = null;
  const seen: Buffer[] = [];
  const moderator: Moderator & { rejectAll(on: boolean): void; useScores(scores: Record<string, number> | null): void; seen: Buffer[] } = {
    seen,
    rejectAll(on: boolean) {
      reject = on;
    },
    useScores(scores: Record<string, number> | null) {
      given = scores;
    },
    async check(image: Buffer): Promise<ModerationVerdict> {
      seen.push(image);
      if (given) return { inappropriate: isInappropriate(given), scores: given };
      return reject
        ? { inappropriate: true, scores: { Drawing: 0, Hentai: 0, Neutral: 0.03, Porn: 0.97, Sexy: 0 } }
        : { inappropriate: false, scores: { Drawing: 0, Hentai: 0, Neutral: 0.99, Porn: 0.01, Sexy: 0 } };
    },
  };
  return moderator;
}

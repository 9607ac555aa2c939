import { z } from 'zod';
import { CATEGORIES, LOCALES } from './constants';

/** The signed-in person's own account (private: only they can read it). */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  bio: z.string(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  auState: z.string().nullable(),
  interests: z.array(z.string()),
  language: z.enum(LOCALES),
  role: z.enum(['user', 'docs', 'admin']),
  banned: z.boolean(),
  subscriber: z.boolean(),
  hideOnboarding: z.boolean(),
  /** The guided tour was taken or declined: its invitation does not come back (decision 0031). */
  skipTour: z.boolean(),
  /** An email about unread messages while away. */
  messageDigest: z.boolean(),
  emailVerified: z.boolean(),
  /** False for an account made through the Firebase contract until its owner accepts the terms. */
  termsAccepted: z.boolean(),
  twoFactorEnabled: z.boolean(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof MeSchema>;

/** What a person may change on their own account. The server checks every field again. */
export const MeUpdateSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(2, 'name_invalid')
      .max(60, 'name_invalid')
      .regex(/^[\p{L}\p{M}' .-]+$/u, 'name_invalid'),
    bio: z.string().trim().max(500),
    interests: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length),
    language: z.enum(LOCALES),
    hideOnboarding: z.boolean(),
    skipTour: z.boolean(),
    messageDigest: z.boolean(),
    /** Suburb and postcode must name a real Australian locality. */
    address: z.object({ suburb: z.string().trim().min(2).max(60), postcode: z.string().regex(/^\d{4}$/) }),
  })
  .partial()
  .strict();
export type MeUpdate = z.infer<typeof MeUpdateSchema>;

/** Anyone's public profile: never an email, an address or security settings. */
export const PublicProfileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  bio: z.string(),
  suburb: z.string().nullable(),
  auState: z.string().nullable(),
  interests: z.array(z.string()),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  memberSince: z.string(),
  rating: z.number().nullable(),
  reviewsCount: z.number().int(),
  swapsCompleted: z.number().int(),
  /** kg CO2e saved by the swaps they completed (each swap's whole saving, as on /activity). */
  carbonKg: z.number(),
  /** Has a subscription running (active, or cancelled inside its paid period): the subscriber badge. */
  subscriber: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export const TwoFactorCodeSchema = z.object({ code: z.string().trim().min(6).max(20) });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const AccountDeleteSchema = z.object({ password: z.string().min(1).max(200) });
/** The outside sign-in providers the server has configured. */
export const AuthProvidersSchema = z.object({ providers: z.array(z.enum(['google', 'facebook'])) });
/** The verification link was mailed again (`sent: false` when the address is verified already). */
export const VerificationMailSchema = z.object({ sent: z.boolean() });

/**
 * The identity contract's answer to a sign-up, a sign-in or a token refresh (Firebase's field
 * names). The web app's refresh token travels in an HttpOnly cookie instead of `refreshToken`.
 */
export const IdentityTokensSchema = z.object({
  idToken: z.string(),
  email: z.string(),
  /** Seconds, as a string ("3600"). */
  expiresIn: z.string(),
  localId: z.string(),
  refreshToken: z.string().optional(),
});
export type IdentityTokens = z.infer<typeof IdentityTokensSchema>;

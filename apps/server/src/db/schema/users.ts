import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    bio: text('bio').notNull().default(''),
    suburb: text('suburb'),
    postcode: text('postcode'),
    auState: text('au_state'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    /** Why and when an admin suspended the account (shown to the member in their support thread). */
    bannedReason: text('banned_reason'),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    language: text('language').notNull().default('en-US'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarKey: text('avatar_key'),
    bannerKey: text('banner_key'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    hideOnboarding: boolean('hide_onboarding').notNull().default(false),
    /** The guided tour was taken or declined (the spec's skipTour, kept with the account: decision 0031). */
    skipTour: boolean('skip_tour').notNull().default(false),
    /** One email about unread chat messages while away (can be turned off). */
    messageDigest: boolean('message_digest').notNull().default(true),
    /** Last time a realtime connection of theirs was open (presence across server instances). */
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** TOTP secret (base32); enabled only once a first code has been verified. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** argon2 hashes of unused one-time recovery codes. */
    totpRecoveryHashes: text('totp_recovery_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last TOTP time step accepted (a code is good once). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Access tokens carry the version they were issued at; bumping it (ban, deletion, password
     * reset, sign-out everywhere) ends every session at once, WebSockets included.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('user', 'docs', 'admin')`),
  ],
);

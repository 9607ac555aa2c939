import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import type { DashboardBucket } from '@swapu/shared/analytics-events';
import { call } from '../../lib/api';
import { keyOf, pathKey } from '../../lib/query-keys';

/** The analytics query key: one entry per range of days. */
export const adminAnalyticsKey = pathKey(adminEndpoints.adminAnalytics);

const DAY_MS = 86_400_000;
/** A UTC day as the date field writes it (yyyy-mm-dd). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dashboard's first range: the last 30 UTC days, today included. */
export function lastDays(days = 30, now = Date.now()) {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * Admins: the business figures per day, week or month, sessions, events, the three funnels and
 * searches for the UTC days from..to (inclusive), from the server's daily rollups. Idle while a date field is empty; the previous range's report
 * stays on screen while the next one loads. The server refuses (400) an end before the start or
 * more than a year.
 */
export const useAdminAnalytics = (from: string, to: string, bucket: DashboardBucket = 'day') =>
  useQuery({
    queryKey: keyOf(adminEndpoints.adminAnalytics, { query: { from, to, bucket } }),
    queryFn: ({ signal }) => call(adminEndpoints.adminAnalytics, { query: { from, to, bucket }, signal }),
    enabled: isDay(from) && isDay(to),
    placeholderData: keepPreviousData,
    // The rollups are refreshed every 5 minutes: nothing newer to fetch before that.
    staleTime: 60_000,
  });

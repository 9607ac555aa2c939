import { paths } from '@swapu/shared/paths';

/** Where an admin answers this member: the console's support section with their thread open. */
export const supportThreadPath = (u: { id: string; displayName: string }) =>
  `${paths.admin}/support?${new URLSearchParams({ user: u.id, name: u.displayName }).toString()}`;
/** The audit log of one member. */
export const memberAuditPath = (id: string) =>
  `${paths.admin}/audit?${new URLSearchParams({ targetType: 'user', targetId: id }).toString()}`;

import { api } from '../../lib/api';

/** The welcome email as this person received it. */
export const fetchWelcomeMail = () => api<{ subject: string; html: string; text: string }>('/api/v1/me/welcome-mail');
